// The built SPA, served locally the way CloudFront serves it in AWS (lib/web.ts), so local
// measurements (Lighthouse, bench) mean what they mean deployed: brotli or gzip by Accept-Encoding
// for text assets, hashed assets cached for a year as immutable, index.html revalidated on each visit,
// client-side routes answered with index.html, a signed-out English `/` with the static landing page
// when the build has one (servesLanding). Compressed bodies are kept in memory per file version.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { LANDING_DOCUMENT, servesLanding } from '../../shared/navigation';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};
/** CloudFront compresses these types (and files of 1,000 bytes or more); fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.xml', '.webmanifest', '.txt']);
const MIN_COMPRESS_BYTES = 1000;

type Encoding = 'br' | 'gzip' | 'identity';
const cache = new Map<string, Buffer>();

/** The encoding CloudFront would choose: brotli when accepted, else gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name!.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return 'identity';
}

function encoded(file: string, version: number, content: Buffer, encoding: Exclude<Encoding, 'identity'>): Buffer {
  const key = `${file}:${version}:${encoding}`;
  let body = cache.get(key);
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(content, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
          })
        : gzipSync(content, { level: 9 });
    cache.set(key, body);
  }
  return body;
}

export async function serveStatic(
  res: ServerResponse,
  url: URL,
  staticDir: string,
  headers: Record<string, string>,
  acceptEncoding: string | undefined,
  request: { cookie?: string; acceptLanguage?: string } = {},
) {
  const root = resolve(staticDir);
  const landing = servesLanding(url.pathname, request.cookie, request.acceptLanguage);
  const requested = normalize(join(root, decodeURIComponent(landing ? LANDING_DOCUMENT : url.pathname)));
  let file = requested.startsWith(root) ? requested : join(root, 'index.html');
  let info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    file = join(root, 'index.html'); // client-side routes
    info = await stat(file).catch(() => null);
  }
  const content = info ? await readFile(file).catch(() => null) : null;
  if (!info || !content) {
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('The web app is not built yet. Run: npm run build:web');
    return;
  }
  const extension = extname(file);
  const isAsset = file.startsWith(join(root, 'assets'));
  const encoding =
    COMPRESSIBLE.has(extension) && content.length >= MIN_COMPRESS_BYTES ? chooseEncoding(acceptEncoding) : 'identity';
  const body = encoding === 'identity' ? content : encoded(file, info.mtimeMs, content, encoding);
  res.writeHead(200, {
    ...headers,
    'content-type': MIME[extension] ?? 'application/octet-stream',
    'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'Accept-Encoding',
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    'content-length': String(body.length),
  });
  res.end(body);
}
