// The browser sections' way in (issue #34): HTTPS with HTTP/2 in front of the local stack, as
// CloudFront serves the SPA in production. Over the local stack's plain HTTP/1.1 a browser opens at
// most six connections to the host, and Lighthouse's simulated slow network charges a round trip for
// each queued chunk request, which no user of the deployed product pays. The certificate is a
// self-signed one made for the run (openssl); the browsers are told to accept it. Without openssl the
// pages are measured over plain HTTP, and the report says which.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The front's address, and how the browser sections name the protocol. */
export interface WebFront {
  url: string;
  protocol: 'HTTP/2 (TLS)' | 'HTTP/1.1';
  close: () => Promise<void>;
}

/** Headers that belong to one HTTP/1.1 hop and may not be forwarded on an HTTP/2 connection. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } | null {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the HTTPS/HTTP/2 front for `target` (the local stack's http://127.0.0.1:port). */
export async function startWebFront(target: string): Promise<WebFront> {
  const tls = selfSignedCertificate();
  if (!tls) return { url: target, protocol: 'HTTP/1.1', close: async () => undefined };
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ ...tls, allowHTTP1: true }, (req, res) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers))
      if (!name.startsWith(':') && !HOP_HEADERS.has(name) && value !== undefined) headers[name] = value;
    // The host the browser asked for, as CloudFront passes it on: the API compares a mutating request's
    // Origin with it (functions/lib/http.ts, the cross-origin check).
    const authority = req.headers[':authority'] ?? req.headers.host;
    if (typeof authority === 'string') headers['x-forwarded-host'] = authority;
    headers['x-forwarded-proto'] = 'https';
    headers.host = upstream.host;
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers, agent },
      (answer) => {
        const back: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (!HOP_HEADERS.has(name) && value !== undefined) back[name] = value;
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}`,
    protocol: 'HTTP/2 (TLS)',
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
