// The outbound port (functions/lib/outbound.ts): which addresses it refuses, that it connects to the
// address it checked, follows no redirect, caps answers, breaks the circuit per host and keeps to the
// request's deadline. Only loopback is ever connected to (test/support/loopback-only.ts); names are
// answered by a DNS stub.
import dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BREAKER,
  callOutbound,
  isForbiddenAddress,
  publicUrlProblem,
  resetOutboundBreakers,
} from '../../functions/lib/outbound';
import { withRequestDeadline } from '../../functions/lib/deadline';
import { loopbackOnly } from '../support/loopback-only';

let net: ReturnType<typeof loopbackOnly>;
let server: Server;
let port = 0;
let hits: { url: string; host: string }[] = [];
let answer: (url: string, res: import('node:http').ServerResponse) => void = (_u, res) => res.end('{}');

beforeAll(async () => {
  net = loopbackOnly();
  server = createServer((req, res) => {
    hits.push({ url: req.url ?? '', host: req.headers.host ?? '' });
    answer(req.url ?? '', res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  net.restore();
});
beforeEach(() => {
  hits = [];
  answer = (_u, res) => res.end('{}');
  resetOutboundBreakers();
  vi.stubEnv('OUTBOUND_ALLOW_ADDRESSES', '127.0.0.1');
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  expect(net.refused).toEqual([]);
});

/** Answers every name with these addresses, one list per lookup in turn (the last one repeats). */
function dnsAnswers(...lists: string[][]) {
  let n = 0;
  return vi.spyOn(dns, 'lookup').mockImplementation(((
    _name: string,
    _options: unknown,
    callback: (e: null, a: dns.LookupAddress[]) => void,
  ) => {
    const list = lists[Math.min(n++, lists.length - 1)]!;
    callback(
      null,
      list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  }) as never);
}

const get = (url: string, extra: Partial<Parameters<typeof callOutbound>[0]> = {}) =>
  callOutbound({ method: 'GET', url, timeoutMs: 2_000, ...extra });

describe('forbidden addresses', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a00:1',
    'ff02::1',
    // IPv6 transition ranges, refused whole (#52): 6to4, Teredo, local-use NAT64, IPv4-compatible.
    '2002:7f00:1::1',
    '2002:808:808::1',
    '2001:0:a00:8::f5ff:fffe',
    '2001:0:808:808::1',
    '64:ff9b:1::a00:1',
    '64:ff9b:1::808:808',
    '::127.0.0.1',
    '::a00:1',
    '::808:808',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });
  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '13.235.1.1',
    '100.128.0.1',
    '2606:4700::1111',
    '2001:4860:4860::8888',
    '2001:1::1',
    '2003::1',
    '64:ff9b:2::1',
    '::ffff:8.8.8.8',
  ])('allows %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('the outbound port', () => {
  it('reaches a loopback fake only in local mode with the address on the allow-list', async () => {
    expect((await get(`http://127.0.0.1:${port}/ok`)).status).toBe(200);
    vi.stubEnv('OUTBOUND_ALLOW_ADDRESSES', '');
    await expect(get(`http://127.0.0.1:${port}/no-list`)).rejects.toMatchObject({
      failure: 'BLOCKED_ADDRESS',
      message: `Refused: 127.0.0.1 is a private, loopback or link-local address`,
    });
    vi.stubEnv('OUTBOUND_ALLOW_ADDRESSES', '127.0.0.1');
    vi.stubEnv('STAGE', 'prod');
    await expect(get(`http://127.0.0.1:${port}/deployed`)).rejects.toMatchObject({ failure: 'BLOCKED_ADDRESS' });
    vi.stubEnv('STAGE', undefined);
    await expect(get(`http://127.0.0.1:${port}/no-stage`)).rejects.toMatchObject({ failure: 'BLOCKED_ADDRESS' });
    expect(hits.map((h) => h.url)).toEqual(['/ok']);
  });

  it('never lets the allow-list open anything but loopback', async () => {
    vi.stubEnv('OUTBOUND_ALLOW_ADDRESSES', '10.0.0.7,169.254.169.254');
    await expect(get('http://10.0.0.7/')).rejects.toMatchObject({ failure: 'BLOCKED_ADDRESS' });
    await expect(get('http://169.254.169.254/latest/meta-data')).rejects.toMatchObject({ failure: 'BLOCKED_ADDRESS' });
  });

  it('refuses a name when any of its addresses is forbidden, before connecting', async () => {
    dnsAnswers(['13.235.1.1', '10.0.0.9']);
    await expect(get('http://tms.example/')).rejects.toMatchObject({
      failure: 'BLOCKED_ADDRESS',
      message: 'Refused: tms.example resolves to a private, loopback or link-local address',
    });
    vi.stubEnv('OUTBOUND_ALLOW_ADDRESSES', '');
    vi.mocked(dns.lookup).mockRestore();
    await expect(get(`http://localhost:${port}/`)).rejects.toMatchObject({ failure: 'BLOCKED_ADDRESS' });
    expect(hits).toEqual([]);
  });

  it('connects to the address it checked: a second DNS answer cannot switch it (rebinding)', async () => {
    // Prepare: the name is public when a form saves it, loopback when called.
    const lookup = dnsAnswers(['13.235.1.1'], ['127.0.0.1'], ['10.0.0.9']);
    expect(await publicUrlProblem('http://rebind.example/')).toBeNull();
    vi.stubEnv('OUTBOUND_ALLOW_ADDRESSES', '');
    // Act + Assess: refused on the call's own answer, and one lookup per call.
    await expect(get(`http://rebind.example:${port}/`)).rejects.toMatchObject({ failure: 'BLOCKED_ADDRESS' });
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(hits).toEqual([]);
  });

  it('sends the name in Host while connecting to the checked loopback address', async () => {
    const lookup = dnsAnswers(['127.0.0.1'], ['10.0.0.9']);
    const res = await get(`http://fake-provider.example:${port}/sms`);
    expect(res.status).toBe(200);
    expect(hits).toEqual([{ url: '/sms', host: `fake-provider.example:${port}` }]);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('follows no redirect', async () => {
    answer = (url, res) =>
      url === '/moved' ? res.writeHead(302, { location: `http://127.0.0.1:${port}/target` }).end() : res.end('{}');
    const res = await get(`http://127.0.0.1:${port}/moved`);
    expect(res.status).toBe(302);
    expect(hits.map((h) => h.url)).toEqual(['/moved']);
  });

  it('reads no more than the answer cap', async () => {
    answer = (_u, res) => res.end('x'.repeat(200 * 1024));
    await expect(get(`http://127.0.0.1:${port}/big`, { maxBytes: 64 * 1024 })).rejects.toMatchObject({
      failure: 'TOO_LARGE',
    });
  });

  it('opens the circuit of a host after 5 failures in a row, without calling it', async () => {
    answer = (_u, res) => res.writeHead(503).end();
    for (let i = 0; i < 5; i++) expect((await get(`http://127.0.0.1:${port}/down`)).status).toBe(503);
    await expect(get(`http://127.0.0.1:${port}/down`)).rejects.toMatchObject({ failure: 'CIRCUIT_OPEN' });
    expect(hits).toHaveLength(5);
    expect(BREAKER.failures).toBe(5);
  });

  it("keeps one tenant's open circuit from stopping another tenant's calls to the same host", async () => {
    answer = (_u, res) => res.writeHead(503).end();
    for (let i = 0; i < 5; i++)
      expect((await get(`http://127.0.0.1:${port}/down`, { caller: 'tenant-a' })).status).toBe(503);
    await expect(get(`http://127.0.0.1:${port}/down`, { caller: 'tenant-a' })).rejects.toMatchObject({
      failure: 'CIRCUIT_OPEN',
    });
    expect((await get(`http://127.0.0.1:${port}/down`, { caller: 'tenant-b' })).status).toBe(503);
    expect(hits).toHaveLength(6);
  });

  it('keeps to the request deadline, leaving a second for what follows', async () => {
    answer = () => undefined; // never answers
    const started = Date.now();
    const call = withRequestDeadline({ getRemainingTimeInMillis: () => 2_500 }, () =>
      get(`http://127.0.0.1:${port}/slow`, { timeoutMs: 10_000 }),
    );
    await expect(call).rejects.toMatchObject({ failure: 'TIMEOUT' });
    // Lambda 2.5 s - 0.5 s margin = a 2 s deadline; the call gets 1 s of it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(1_600);
  });
});
