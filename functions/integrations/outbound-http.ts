// Every call this product makes to a customer's system (connection tests, sync pages, OAuth2 tokens,
// webhook deliveries) goes through `callExternal`: a timeout, a response size limit, and in AWS the
// SSRF guard, which checks the address DNS resolved to at connect time (node's `lookup` hook), so a
// name cannot resolve to a public address when checked and a private one when used. The local stack
// and the tests allow loopback so that the fake TMS works. Failures come back as `ExternalCallError`
// naming the cause a person can act on (DNS, TLS, refused, timeout).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { config } from '../lib/config';
import { isForbiddenAddress } from './rules';

const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

export type ExternalFailure = 'DNS' | 'TLS' | 'REFUSED' | 'TIMEOUT' | 'BLOCKED_ADDRESS' | 'NETWORK' | 'TOO_LARGE';

export class ExternalCallError extends Error {
  constructor(readonly failure: ExternalFailure, message: string) {
    super(message);
    this.name = 'ExternalCallError';
  }
}

export interface ExternalResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  durationMs: number;
}

export interface ExternalRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/** SSRF protection is on in AWS; the local stack and tests (STAGE=local) reach loopback. */
export const guardsAddresses = () => config.stage !== 'local';

/** A DNS lookup that refuses names resolving to any forbidden address. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as unknown as LookupAddress[];
    const blocked = list.find((a) => isForbiddenAddress(a.address));
    if (blocked || list.length === 0) {
      const refused = Object.assign(new Error(`${hostname} resolves to a private or reserved address`), { code: 'EBLOCKEDADDRESS' });
      return callback(refused, '', 4);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

const TLS_CODES = /^(CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_TLS|ERR_SSL|EPROTO$|ERR_SSL_WRONG_VERSION)/;

function failureOf(err: NodeJS.ErrnoException, host: string, timeoutMs: number): ExternalCallError {
  const code = err.code ?? '';
  if (code === 'EBLOCKEDADDRESS') return new ExternalCallError('BLOCKED_ADDRESS', `Refused: ${host} resolves to a private, loopback or link-local address`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA') return new ExternalCallError('DNS', `DNS lookup failed: ${host} could not be resolved`);
  if (TLS_CODES.test(code) || /ssl|tls|certificate/i.test(err.message)) return new ExternalCallError('TLS', `TLS handshake with ${host} failed: ${err.message}`);
  if (code === 'ECONNREFUSED') return new ExternalCallError('REFUSED', `Connection refused by ${host}`);
  if (code === 'ETIMEDOUT' || code === 'ECONNRESET' && /timeout/i.test(err.message)) return new ExternalCallError('TIMEOUT', `Timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${host}`);
  return new ExternalCallError('NETWORK', `Could not reach ${host}: ${err.message}`);
}

/** Refuses a URL whose host is a literal forbidden address (names are checked at connect time). */
export function checkUrlAllowed(url: URL): void {
  if (!guardsAddresses()) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Node connects to a literal address without a lookup, so literals are judged here.
  if (host.toLowerCase() === 'localhost' || (isIP(host) !== 0 && isForbiddenAddress(host))) {
    throw new ExternalCallError('BLOCKED_ADDRESS', `Refused: ${host} is a private, loopback or link-local address`);
  }
}

export async function callExternal(req: ExternalRequest): Promise<ExternalResponse> {
  const url = new URL(req.url);
  checkUrlAllowed(url);
  const started = Date.now();
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: ExternalCallError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(err);
    };
    const request = send(
      url,
      {
        method: req.method,
        headers: { 'user-agent': 'DockSaathi-Integrations/1.0', accept: 'application/json', ...(req.body !== undefined ? { 'content-length': String(Buffer.byteLength(req.body)) } : {}), ...req.headers },
        lookup: guardsAddresses() ? guardedLookup : undefined,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) fail(new ExternalCallError('TOO_LARGE', `The answer of ${url.host} is larger than 5 MB`));
          else chunks.push(chunk);
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), durationMs: Date.now() - started });
        });
        res.on('error', (err) => fail(failureOf(err, url.host, req.timeoutMs)));
      },
    );
    // One deadline for the whole exchange (connect, TLS, answer), not per socket event.
    const timer = setTimeout(() => fail(new ExternalCallError('TIMEOUT', `Timed out after ${Math.round(req.timeoutMs / 1000)} s waiting for ${url.host}`)), req.timeoutMs);
    request.on('error', (err: NodeJS.ErrnoException) => fail(failureOf(err, url.host, req.timeoutMs)));
    if (req.body !== undefined) request.write(req.body);
    request.end();
  });
}

/** A URL relative to a system's base URL: the base's path is kept ('/api' + '/requests'). */
export function joinUrl(baseUrl: string, path: string): URL {
  return new URL(baseUrl.replace(/\/+$/, '') + path);
}

/** In AWS, refuses a URL whose host is or resolves to a forbidden address (a 400 at save time). */
export async function publicAddressProblem(raw: string): Promise<string | null> {
  if (!guardsAddresses()) return null;
  const url = new URL(raw);
  try {
    checkUrlAllowed(url);
  } catch (err) {
    return (err as Error).message;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  const addresses = await new Promise<LookupAddress[]>((resolve) => dnsLookup(host, { all: true }, (err, list) => resolve(err ? [] : list)));
  return addresses.some((a) => isForbiddenAddress(a.address)) ? `Refused: ${host} resolves to a private, loopback or link-local address` : null;
}
