// The outbound port: the only way the product calls another system (customers' TMS and webhooks,
// ULIP, SMS and WhatsApp providers, SNS's certificates). Each call
// - shares the API request's deadline (deadline.ts), keeping RESERVE_MS for the writes after it;
// - is refused before connecting when the URL's host is, or resolves to, an address of a private,
//   loopback, link-local (metadata), CGNAT, multicast, unspecified or otherwise reserved range, and
//   connects to the very address that was checked (no second DNS answer can switch it);
// - follows no redirect (a 3xx is an answer like any other), and reads at most `maxBytes` of answer;
// - passes a circuit breaker per caller (tenant) and host: after BREAKER.failures transport failures in a row, the host
//   is not called for BREAKER.openMs.
// Only the local stack and its tests reach fakes on loopback: local mode (config.localMode) AND the
// loopback addresses named in OUTBOUND_ALLOW_ADDRESSES. Failures are OutboundError naming a cause a
// person can act on; no answer's body is ever part of one.
import dns, { type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { config } from './config';
import { remainingMs } from './deadline';
import { BadRequestError } from './errors';
import { BREAKER, circuitBreaker } from './breaker';

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
/** Kept back from the request's deadline for recording what the call gave. */
const RESERVE_MS = 1_000;
export { BREAKER };

export type OutboundFailure =
  'DNS' | 'TLS' | 'REFUSED' | 'TIMEOUT' | 'BLOCKED_ADDRESS' | 'NETWORK' | 'TOO_LARGE' | 'CIRCUIT_OPEN';

export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
    /**
     * The whole request had gone out when it failed (no answer in time, a connection reset while
     * waiting): the other side may have acted on it. Whoever must not act twice (a message to a
     * person) does not send it again blindly (issue #55).
     */
    readonly requestSent = false,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** The largest answer read (default 5 MB); a larger one fails as TOO_LARGE. */
  maxBytes?: number;
  /**
   * Who calls (a tenant id): each caller has its own breaker per host, so one tenant's failing
   * receiver on a shared host (a SaaS TMS, a provider) never stops another tenant's calls.
   */
  caller?: string;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  durationMs: number;
}

// Private, loopback, link-local (the instance metadata service), carrier-grade NAT, multicast,
// unspecified and reserved ranges; IPv6 unique-local, link-local, loopback, IPv4-mapped, NAT64 (both),
// IPv4-compatible, 6to4 and Teredo.
const FORBIDDEN = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  FORBIDDEN.addSubnet(net, prefix, 'ipv4');
}
// The IPv6 transition ranges that carry an IPv4 address inside are refused whole (issue #52), not only
// when the IPv4 inside is private: 6to4 (2002::/16, a.b.c.d in bits 16-47), Teredo (2001::/32, the
// server's a.b.c.d in bits 32-63 and the client's obfuscated in the last 32), local-use NAT64
// (64:ff9b:1::/48, where the IPv4 sits at a prefix length the network chose) and IPv4-compatible
// (::/96, deprecated). Decoding each form is easy to get wrong (Teredo's XOR, NAT64's layouts, relays
// that route to whatever a.b.c.d says); no customer's system is reached at such an address today
// (6to4 and Teredo are deprecated, RFC 7526), so refusing them all costs nothing and fails closed.
// IPv4-mapped (::ffff:0:0/96) stays judged as its IPv4 address (unmapped): a socket's own form of it.
for (const [net, prefix] of [
  ['::', 96],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2001::', 32],
  ['2002::', 16],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  FORBIDDEN.addSubnet(net, prefix, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const bare = (host: string) => host.replace(/^\[|\]$/g, '');

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:xxxx:xxxx) as its IPv4 address. */
function unmapped(address: string): string {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return address;
  const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** True when an outbound call may not connect to the address (IPv4-mapped IPv6 is judged as IPv4). */
export function isForbiddenAddress(address: string): boolean {
  const plain = unmapped(bare(address));
  const family = isIP(plain);
  if (family === 0) return true;
  return FORBIDDEN.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** Loopback the local stack named (local mode only), or any address that is not forbidden. */
function reachable(address: string): boolean {
  if (!isForbiddenAddress(address)) return true;
  const family = isIP(address);
  return (
    family !== 0 &&
    LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6') &&
    config.outboundAllowedAddresses.includes(address)
  );
}

const blockedHost = (host: string) =>
  new OutboundError('BLOCKED_ADDRESS', `Refused: ${host} is a private, loopback or link-local address`);
const blockedName = (host: string) =>
  new OutboundError('BLOCKED_ADDRESS', `Refused: ${host} resolves to a private, loopback or link-local address`);

/** The address to connect to: the literal, or the first of the name's addresses when all are reachable. */
async function resolveChecked(url: URL): Promise<LookupAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('BLOCKED_ADDRESS', `Refused: ${url.protocol} addresses are not called`);
  const host = bare(url.hostname);
  const family = isIP(host);
  if (family !== 0) {
    if (!reachable(host)) throw blockedHost(host);
    return { address: host, family };
  }
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dns.lookup(host, { all: true }, (err, list) =>
      err
        ? reject(
            Object.assign(new OutboundError('DNS', `DNS lookup failed: ${host} could not be resolved`), {
              code: err.code,
            }),
          )
        : resolve(list),
    ),
  );
  if (addresses.length === 0) throw new OutboundError('DNS', `DNS lookup failed: ${host} could not be resolved`);
  if (!addresses.every((a) => reachable(a.address))) throw blockedName(host);
  return addresses[0]!;
}

/** Why a URL may not be called, or null: for the forms that save one (a 400 before anything is kept). */
export async function publicUrlProblem(raw: string): Promise<string | null> {
  try {
    await resolveChecked(new URL(raw));
    return null;
  } catch (err) {
    if (err instanceof OutboundError && err.failure === 'BLOCKED_ADDRESS') return err.message;
    if (err instanceof TypeError) return `Refused: ${raw} is not a valid address`;
    // A name that does not resolve today is the admin's to fix; the call will say so.
    if (err instanceof OutboundError) return null;
    throw err;
  }
}

/** Throws a 400 on the field when the URL may not be called (publicUrlProblem). */
export async function requirePublicUrl(raw: string, field: string): Promise<void> {
  const problem = await publicUrlProblem(raw);
  if (problem) throw new BadRequestError(problem, { [field]: problem });
}

const breakers = circuitBreaker();

/** Stands between a call and its exchange: the local stack's fault injection (functions/local/faults.ts). */
export type OutboundFaults = (
  req: OutboundRequest,
  exchange: () => Promise<OutboundResponse>,
) => Promise<OutboundResponse>;
let faults: OutboundFaults | undefined;

/** Sets the local stack's fault injection; refused outside local mode, so no deployed call meets one. */
export function injectOutboundFaults(inject: OutboundFaults | undefined): void {
  if (inject && !config.localMode)
    throw new Error('Outbound faults are injected in the local stack only (STAGE=local)');
  faults = inject;
}

function breakerCheck(key: string, host: string, now: number) {
  const openMs = breakers.openFor(key, now);
  if (openMs) {
    throw new OutboundError(
      'CIRCUIT_OPEN',
      `${host} failed ${BREAKER.failures} times in a row; it is not called again for ${Math.ceil(openMs / 1000)} s`,
    );
  }
}

const breakerRecord = (key: string, failed: boolean) => breakers.record(key, failed);

/** Tests start each case with every breaker closed. */
export const resetOutboundBreakers = () => breakers.reset();

const TLS_CODES = /^(CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_TLS|ERR_SSL|EPROTO$|ERR_SSL_WRONG_VERSION)/;
const timedOut = (host: string, ms: number) =>
  new OutboundError('TIMEOUT', `Timed out after ${Math.max(1, Math.round(ms / 1000))} s waiting for ${host}`);

function failureOf(err: NodeJS.ErrnoException, host: string, timeoutMs: number): OutboundError {
  const code = err.code ?? '';
  if (TLS_CODES.test(code) || /ssl|tls|certificate/i.test(err.message))
    return new OutboundError('TLS', `TLS handshake with ${host} failed: ${err.message}`);
  if (code === 'ECONNREFUSED') return new OutboundError('REFUSED', `Connection refused by ${host}`);
  if (code === 'ETIMEDOUT' || (code === 'ECONNRESET' && /timeout/i.test(err.message))) return timedOut(host, timeoutMs);
  return new OutboundError('NETWORK', `Could not reach ${host}: ${err.message}`);
}

export async function callOutbound(req: OutboundRequest): Promise<OutboundResponse> {
  const url = new URL(req.url);
  const started = Date.now();
  const left = remainingMs(started);
  const timeoutMs = left === undefined ? req.timeoutMs : Math.min(req.timeoutMs, left - RESERVE_MS);
  if (timeoutMs <= 0) throw timedOut(url.host, req.timeoutMs);
  const breaker = `${req.caller ?? ''}|${url.host}`;
  breakerCheck(breaker, url.host, started);
  const target = await resolveChecked(url);
  const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
  // The checked address is the one connected to; the URL's name still goes in Host and TLS's SNI.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [target]);
    callback(null, target.address, target.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const exchange = () =>
    new Promise<OutboundResponse>((resolve, reject) => {
      let settled = false;
      let sent = false;
      const fail = (err: OutboundError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.destroy();
        reject(sent && !err.requestSent ? new OutboundError(err.failure, err.message, true) : err);
      };
      const request = send(
        url,
        {
          method: req.method,
          headers: {
            'user-agent': 'DockSaathi/1.0',
            accept: 'application/json',
            ...(req.body !== undefined ? { 'content-length': String(Buffer.byteLength(req.body)) } : {}),
            ...req.headers,
          },
          lookup: pinned,
        },
        (answer) => {
          const chunks: Buffer[] = [];
          let size = 0;
          answer.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes)
              fail(
                new OutboundError(
                  'TOO_LARGE',
                  `The answer of ${url.host} is larger than ${Math.round(maxBytes / 1024)} KB`,
                ),
              );
            else chunks.push(chunk);
          });
          answer.on('end', () => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            resolve({
              status: answer.statusCode ?? 0,
              headers: answer.headers,
              text: Buffer.concat(chunks).toString('utf8'),
              durationMs: Date.now() - started,
            });
          });
          answer.on('error', (err) => fail(failureOf(err, url.host, timeoutMs)));
        },
      );
      // One deadline for the whole exchange (connect, TLS, answer), not per socket event.
      const timer = setTimeout(() => fail(timedOut(url.host, timeoutMs)), timeoutMs);
      request.on('error', (err: NodeJS.ErrnoException) => fail(failureOf(err, url.host, timeoutMs)));
      request.on('finish', () => (sent = true));
      if (req.body !== undefined) request.write(req.body);
      request.end();
    });
  try {
    const res = await (faults && config.localMode ? faults(req, exchange) : exchange());
    breakerRecord(breaker, res.status >= 500);
    return res;
  } catch (err) {
    if (err instanceof OutboundError && err.failure !== 'TOO_LARGE') breakerRecord(breaker, true);
    throw err;
  }
}

/** A URL relative to a system's base URL: the base's path is kept ('/api' + '/requests'). */
export function joinUrl(baseUrl: string, path: string): URL {
  return new URL(baseUrl.replace(/\/+$/, '') + path);
}
