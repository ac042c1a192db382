// The local server serves the SPA as CloudFront does: compressed by Accept-Encoding, hashed assets
// immutable, client-side routes answered with index.html, a signed-out `/` with the static landing page.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, serveStatic } from '../../functions/local/static-files';

const script = `export const x = ${JSON.stringify('a'.repeat(5000))};\n`;
let server: Server;
let base: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'spa-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>t</title>${'<!-- pad -->'.repeat(200)}`);
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'tiny-1.js'), 'export {};');
  writeFileSync(join(dir, 'landing.html'), '<!doctype html><title>landing</title>');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"DockSaathi"}');
  server = createServer(
    (req, res) =>
      void serveStatic(
        res,
        new URL(req.url!, 'http://x'),
        dir,
        { 'x-frame-options': 'DENY' },
        req.headers['accept-encoding'],
        { cookie: req.headers.cookie, acceptLanguage: req.headers['accept-language'] },
      ),
  );
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

async function get(path: string, acceptEncoding: string, more: Record<string, string> = {}) {
  // fetch would decode for us; read the raw bytes with node:http semantics via a plain request.
  const { request } = await import('node:http');
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((ok, fail) => {
    request(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding, ...more } }, (res) => {
      const chunks: Buffer[] = [];
      res
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => ok({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', fail)
      .end();
  });
}

describe('local static files', () => {
  it('chooses brotli, then gzip, then none, honouring q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
  });

  it('sends hashed assets compressed and immutable, with the same bytes once decoded', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get('/assets/app-abc123.js', '');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('leaves files under 1,000 bytes uncompressed and answers client-side routes with index.html, revalidated', async () => {
    expect((await get('/assets/tiny-1.js', 'br')).headers['content-encoding']).toBeUndefined();
    const route = await get('/scheduling', 'br');
    expect(route.headers['content-type']).toContain('text/html');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.headers['x-frame-options']).toBe('DENY');
    expect(brotliDecompressSync(route.body).toString()).toContain('<title>t</title>');
  });

  it('answers a signed-out English / with the static landing page, and any other / with the app', async () => {
    const title = async (headers: Record<string, string> = {}) =>
      /<title>(.*)<\/title>/.exec((await get('/', '', headers)).body.toString())?.[1];
    expect(await title()).toBe('landing');
    expect(await title({ cookie: 'dy_signed_in=; theme=dark' })).toBe('landing');
    expect(await title({ 'accept-language': 'en-IN,en;q=0.9,hi;q=0.8' })).toBe('landing');
    expect(await title({ cookie: 'theme=dark; dy_signed_in=driver' })).toBe('t');
    expect(await title({ cookie: 'dy_signed_in=staff' })).toBe('t');
    expect(await title({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).toBe('t');
    expect(await title({ cookie: 'dy_lang=hi' })).toBe('t');
    // The remembered choice wins over the browser's language.
    expect(await title({ cookie: 'dy_lang=en', 'accept-language': 'hi' })).toBe('landing');
    expect(await title({ cookie: 'dy_lang=hi', 'accept-language': 'en' })).toBe('t');
    expect((await get('/', '')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the service worker and the web app manifest with their types, revalidated on every visit', async () => {
    const worker = await get('/sw.js', 'br');
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body.toString()).toBe('self.addEventListener("fetch", () => {});');
    const manifest = await get('/manifest.webmanifest', 'br');
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });
});
