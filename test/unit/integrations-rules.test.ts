// The pure rules of integrations, our Standard Webhooks signatures against the reference library
// (both ways), and the SSRF guard of outbound calls in AWS mode.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { lookup } from 'node:dns/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { connectionStatus, isForbiddenAddress, maskAuthConfig, maskSecret, pageOf, retryDelaySeconds } from '../../functions/integrations/rules';
import { newSigningSecret, signedHeaders, verify } from '../../functions/integrations/signatures';
import { callExternal, publicAddressProblem } from '../../functions/integrations/outbound-http';
import { rateExpression } from '../../functions/integrations/schedules';

describe('masking', () => {
  it('shows at most the last 4 characters, and none of a short secret', () => {
    expect(maskSecret('abcdefghijkl')).toBe('••••ijkl');
    expect(maskSecret('abcdefghijk')).toBe('••••');
    expect(maskAuthConfig({ username: 'dock', password: 'very-long-password', apiKey: '' })).toEqual({ username: 'dock', password: '••••word' });
  });
});

describe('forbidden addresses (SSRF)', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip'])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });
  it.each(['8.8.8.8', '172.32.0.1', '13.235.1.1', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('outbound calls in AWS mode', () => {
  const stage = process.env.STAGE;
  afterEach(() => {
    if (stage === undefined) delete process.env.STAGE;
    else process.env.STAGE = stage;
  });

  it('refuses loopback literals, localhost and names resolving to private addresses; allows them locally', async () => {
    // Prepare: a server on loopback.
    const server = createServer((_req, res) => res.end('{}'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const host = hostname();
    const resolvesPrivate = isForbiddenAddress((await lookup(host)).address);
    try {
      // Act
      process.env.STAGE = 'local';
      const local = await callExternal({ method: 'GET', url: `http://127.0.0.1:${port}/`, timeoutMs: 2000 });
      process.env.STAGE = 'prod';
      const literal = callExternal({ method: 'GET', url: `http://127.0.0.1:${port}/`, timeoutMs: 2000 });
      const named = callExternal({ method: 'GET', url: `http://${host}:${port}/`, timeoutMs: 2000 });
      const metadata = await publicAddressProblem('http://169.254.169.254/latest/meta-data');
      // Assess
      expect(local.status).toBe(200);
      await expect(literal).rejects.toMatchObject({ failure: 'BLOCKED_ADDRESS' });
      await expect(callExternal({ method: 'GET', url: `http://localhost:${port}/`, timeoutMs: 2000 })).rejects.toMatchObject({ failure: 'BLOCKED_ADDRESS' });
      if (resolvesPrivate) await expect(named).rejects.toMatchObject({ failure: 'BLOCKED_ADDRESS' });
      else await named.catch(() => undefined);
      expect(metadata).toMatch(/^Refused: 169\.254\.169\.254/);
      expect(await publicAddressProblem(`http://${host}/`)).toBe(resolvesPrivate ? `Refused: ${host} resolves to a private, loopback or link-local address` : null);
    } finally {
      server.close();
    }
  });
});

describe('Standard Webhooks signatures', () => {
  it('are verified by the reference library, and ours verify the reference library', () => {
    // Prepare
    const secret = newSigningSecret();
    const body = JSON.stringify({ type: 'appointment.created', data: { appointmentId: 'a1' } });
    // Act
    const at = new Date();
    const seconds = String(Math.floor(at.getTime() / 1000));
    const ours = signedHeaders(secret, 'msg_1', body, at);
    const theirs = new Webhook(secret).sign('msg_2', at, body);
    // Assess
    expect(new Webhook(secret).verify(body, ours)).toEqual(JSON.parse(body));
    expect(verify(secret, { id: 'msg_2', timestamp: seconds, signature: theirs }, body, at)).toBeNull();
    expect(verify(secret, { id: 'msg_2', timestamp: seconds, signature: `v1,AAAA ${theirs}` }, body, at)).toBeNull();
    expect(verify(secret, { id: 'msg_3', timestamp: seconds, signature: theirs }, body, at)).toBe('BAD_SIGNATURE');
    expect(verify(secret, { id: 'msg_2', timestamp: seconds, signature: theirs }, body, new Date(at.getTime() + 301_000))).toBe('STALE_TIMESTAMP');
    expect(verify(secret, { id: 'msg_1' }, body)).toBe('MISSING_HEADERS');
  });
});

describe('schedules, retries, status and pages', () => {
  it('turns a sync frequency into a whole-minute rate', () => {
    expect(rateExpression(300)).toBe('rate(5 minutes)');
    expect(rateExpression(60)).toBe('rate(1 minute)');
    expect(rateExpression(89)).toBe('rate(1 minute)');
  });

  it('backs off exponentially from 30 s up to an hour', () => {
    expect([1, 2, 3, 4, 10].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 3600]);
  });

  it('derives the connection status from the claim, the latest test and the last sync', () => {
    const base = { syncingSince: null, lastSyncStatus: null, lastSync: null, lastTest: null };
    expect(connectionStatus(base)).toBeNull();
    expect(connectionStatus({ ...base, syncingSince: '2026-01-01T00:00:00Z', lastSyncStatus: 'FAILED' })).toBe('SYNCING');
    expect(connectionStatus({ ...base, lastSyncStatus: 'SUCCESS', lastSync: '2026-01-01T00:00:00Z' })).toBe('CONNECTED');
    expect(connectionStatus({ ...base, lastSyncStatus: 'SUCCESS', lastSync: '2026-01-01T00:00:00Z', lastTest: { success: false, at: '2026-01-02T00:00:00Z' } })).toBe('ERROR');
  });

  it('reads a page as { data, nextPage } or a bare array, and nothing else', () => {
    expect(pageOf({ data: [1, 2], nextPage: 3 })).toEqual({ records: [1, 2], nextPage: '3' });
    expect(pageOf([1])).toEqual({ records: [1], nextPage: null });
    expect(pageOf({ items: [] })).toBeNull();
  });
});
