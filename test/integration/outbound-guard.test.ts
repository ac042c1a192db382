// Every URL a tenant sets (SMS and WhatsApp provider, integration system base URL and OAuth2 token URL,
// webhook subscription, ULIP address) is refused through the HTTP API when it is, or resolves to, a
// private, loopback, link-local, CGNAT, unspecified or IPv6 local address (#28.6): a 400 naming the
// field, in English and Hindi, nothing saved and no connection made. Local mode is on but the
// loopback allow-list is off, so even the machine's own fakes are refused. Names go to a DNS stub;
// test/support/loopback-only.ts refuses (and records) any connection beyond loopback.
import dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { loopbackOnly } from '../support/loopback-only';

let api: TestApi;
let admin: Client;
let canary: Server;
let canaryPort = 0;
let canaryHits = 0;
let net: ReturnType<typeof loopbackOnly>;
let systemId = '';

beforeAll(async () => {
  net = loopbackOnly();
  canary = createServer((_req, res) => {
    canaryHits++;
    res.end('{}');
  });
  await new Promise<void>((ok) => canary.listen(0, '127.0.0.1', ok));
  canaryPort = (canary.address() as AddressInfo).port;
  api = await startTestApi();
  admin = new Client(api.url);
  await admin.signIn('admin');
  const system = await admin.post('/api/integrations/systems', {
    name: 'Guarded TMS',
    systemType: 'TMS',
    baseUrl: `http://127.0.0.1:${canaryPort}`,
    authType: 'API_KEY',
    authConfig: { apiKey: 'k-123456789012' },
  });
  expect(system.status).toBe(201);
  systemId = system.body.id;
  // From here on loopback is refused too: local mode alone does not open it.
  process.env.OUTBOUND_ALLOW_ADDRESSES = '';
  // Names resolve through this stub only; 'localhost' through the machine's hosts file.
  const real = dns.lookup;
  vi.spyOn(dns, 'lookup').mockImplementation(((
    name: string,
    options: dns.LookupAllOptions,
    callback: (e: null, a: dns.LookupAddress[]) => void,
  ) => {
    if (name === 'loopback.example') return callback(null, [{ address: '127.0.0.1', family: 4 }]);
    if (name === 'metadata.example') return callback(null, [{ address: '169.254.169.254', family: 4 }]);
    return (real as (...a: unknown[]) => void)(name, options, callback);
  }) as never);
});
afterAll(async () => {
  vi.restoreAllMocks();
  net?.restore();
  canary?.close();
  await api?.close();
});

const HOSTS = [
  '127.0.0.1',
  '10.0.0.8',
  '172.16.4.4',
  '192.168.1.20',
  '169.254.169.254',
  '100.64.1.1',
  '0.0.0.0',
  '[::1]',
  '[fe80::1]',
  '[fc00::1]',
  '[::ffff:127.0.0.1]',
  'localhost',
  'loopback.example',
  'metadata.example',
];
const url = (host: string) => `http://${host}:${canaryPort}/hook`;

/** The tenant-set URL fields, each with the request that saves it. */
const FIELDS: {
  field: string;
  save: (u: string) => Promise<{ status: number; body: { message: string; errors?: Record<string, string> } }>;
}[] = [
  {
    field: 'smsProvider.baseUrl',
    save: (u) =>
      admin.request('PUT', '/api/messaging/settings', {
        body: { smsProvider: { baseUrl: u, accountSid: 'hub1', apiKey: 'key-123', apiToken: 'token-123' } },
      }),
  },
  {
    field: 'whatsapp.baseUrl',
    save: (u) =>
      admin.request('PUT', '/api/messaging/settings', {
        body: { whatsapp: { baseUrl: u, phoneNumberId: '1234567', accessToken: 'token-123' } },
      }),
  },
  {
    field: 'baseUrl',
    save: (u) =>
      admin.post('/api/integrations/systems', {
        name: 'Evil TMS',
        systemType: 'TMS',
        baseUrl: u,
        authType: 'API_KEY',
        authConfig: { apiKey: 'k-123456789012' },
      }),
  },
  {
    field: 'baseUrl',
    save: (u) => admin.request('PATCH', `/api/integrations/systems/${systemId}`, { body: { baseUrl: u } }),
  },
  {
    field: 'authConfig.tokenUrl',
    save: (u) =>
      admin.post('/api/integrations/systems', {
        name: 'Evil OAuth',
        systemType: 'TMS',
        baseUrl: 'https://tms.example.in',
        authType: 'OAUTH2',
        authConfig: { clientId: 'c', clientSecret: 'secret-123456', tokenUrl: u },
      }),
  },
  {
    field: 'webhookUrl',
    save: (u) =>
      admin.post(`/api/integrations/systems/${systemId}/webhooks`, {
        eventType: 'appointment.created',
        webhookUrl: u,
        timeoutSeconds: 5,
        retryCount: 1,
      }),
  },
];

describe('tenant-set URLs to forbidden addresses', () => {
  it.each(HOSTS)('are refused for %s on every field, with no request made', async (host) => {
    for (const { field, save } of FIELDS) {
      // Act
      const res = await save(url(host));
      // Assess
      expect(res.status, `${field} ${host}`).toBe(400);
      expect(res.body.message, `${field} ${host}`).toMatch(
        /^Refused: .* (is|resolves to) a private, loopback or link-local address$/,
      );
      expect(res.body.errors?.[field], `${field} ${host}`).toBe(res.body.message);
    }
    expect(canaryHits).toBe(0);
    expect(net.refused).toEqual([]);
  });

  it('says so in Hindi, and nothing was saved', async () => {
    const res = await admin.request('PUT', '/api/messaging/settings', {
      body: { whatsapp: { baseUrl: 'http://10.0.0.8/v21.0', phoneNumberId: '1234567', accessToken: 'token-123' } },
      headers: { 'accept-language': 'hi' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('अस्वीकार: 10.0.0.8 एक निजी, लूपबैक या लिंक-लोकल पता है');
    const settings = await admin.get('/api/messaging/settings');
    expect(settings.body).toMatchObject({ smsProvider: null, whatsapp: null });
    const systems = await admin.get('/api/integrations/systems');
    expect(systems.body.map((s: { name: string }) => s.name)).toEqual(['Guarded TMS']);
  });

  it('refuses a call at send time too: the system saved while loopback was allowed is not reached now', async () => {
    const res = await admin.post(`/api/integrations/systems/${systemId}/test`, {});
    expect(res.body).toMatchObject({
      success: false,
      message: 'Refused: 127.0.0.1 is a private, loopback or link-local address',
    });
    expect(canaryHits).toBe(0);
  });
});
