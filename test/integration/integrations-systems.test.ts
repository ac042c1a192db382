// External systems through HTTP against the fake TMS: registration with sealed credentials (never in a
// GET body or a log), the spec's validation messages, admin-only access, edit/deactivate/delete, and
// the connection test with each authentication type and each failure cause.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { FAKE_CREDENTIALS, startFakeTms, type FakeTms } from '../support/fake-tms';
import { logger } from '../../functions/lib/logger';

let api: TestApi;
let tms: FakeTms;
let admin: Client;
const logged: string[] = [];
const writes = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };

beforeAll(async () => {
  api = await startTestApi();
  tms = await startFakeTms();
  admin = new Client(api.url);
  await admin.signIn('admin');
  // Every log line of this file is kept, to show no secret is ever written to a log.
  logger.setLogLevel('DEBUG');
  // What the product hands the logger, whatever stream the logger writes to under vitest.
  for (const level of ['debug', 'info', 'warn', 'error'] as const) {
    const original = logger[level].bind(logger) as (...args: unknown[]) => void;
    (logger as unknown as Record<string, unknown>)[level] = (...args: unknown[]) => {
      logged.push(JSON.stringify(args, (_k, v) => (v instanceof Error ? String(v) : v)));
      original(...args);
    };
  }
  process.stdout.write = (chunk: string | Uint8Array, ...rest: never[]) => (
    logged.push(String(chunk)),
    writes.out(chunk, ...rest)
  );
  process.stderr.write = (chunk: string | Uint8Array, ...rest: never[]) => (
    logged.push(String(chunk)),
    writes.err(chunk, ...rest)
  );
  // The logger may write through the console (Powertools' dev mode, vitest's console) instead of the streams.
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
      original(...args);
    };
  }
});
afterAll(async () => {
  process.stdout.write = writes.out;
  process.stderr.write = writes.err;
  logger.setLogLevel('SILENT');
  await tms.close();
  await api.close();
});

const SECRETS = Object.values(FAKE_CREDENTIALS).filter(
  (v) => v !== FAKE_CREDENTIALS.username && v !== FAKE_CREDENTIALS.clientId,
);

function systemBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Acme TMS',
    systemType: 'TMS',
    vendor: 'Acme',
    baseUrl: `${tms.url}/health`,
    authType: 'API_KEY',
    authConfig: { apiKey: FAKE_CREDENTIALS.apiKey },
    ...overrides,
  };
}

describe('external systems', () => {
  it('registers a system with its credentials sealed: shown masked, the inbound secret once, never in a read', async () => {
    // Act
    const created = await admin.post('/api/integrations/systems', systemBody());
    const list = await admin.get('/api/integrations/systems');
    const monitoring = await admin.get('/api/integrations/monitoring/systems');
    // Assess
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Acme TMS',
      systemType: 'TMS',
      authType: 'API_KEY',
      syncFrequency: 300,
      isActive: true,
      authConfig: { apiKey: '••••6789' },
    });
    expect(created.body.inboundSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(list.status).toBe(200);
    const listed = list.body.find((s: { id: string }) => s.id === created.body.id);
    expect(listed.authConfig).toEqual({ apiKey: '••••6789' });
    for (const text of [list.text, monitoring.text]) {
      expect(text).not.toContain(FAKE_CREDENTIALS.apiKey);
      expect(text).not.toContain(created.body.inboundSecret);
      expect(text).not.toMatch(/local:v1:|kms:v1:|sealed/);
    }
  });

  it('refuses bad input with the spec texts and writes nothing', async () => {
    // Prepare
    const before = (await admin.get('/api/integrations/systems')).body.length;
    // Act
    const missing = await admin.post('/api/integrations/systems', {});
    const badUrl = await admin.post('/api/integrations/systems', systemBody({ baseUrl: 'ftp://tms.example.com' }));
    const notUrl = await admin.post('/api/integrations/systems', systemBody({ baseUrl: 'not a url' }));
    const unknownAuth = await admin.post('/api/integrations/systems', systemBody({ authType: 'KERBEROS' }));
    const noKey = await admin.post('/api/integrations/systems', systemBody({ authConfig: {} }));
    // Assess
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({
      name: 'System name is required',
      systemType: 'System type is required',
      baseUrl: 'Base URL is required',
      authType: 'Authentication type is required',
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.errors.baseUrl).toMatch(/valid http\(s\) URL/);
    expect(notUrl.status).toBe(400);
    expect(unknownAuth.status).toBe(400);
    expect(unknownAuth.body.errors.authType).toBe('Authentication type is required');
    expect(noKey.status).toBe(400);
    expect(noKey.body.errors['authConfig.apiKey']).toBe('API key is required');
    expect((await admin.get('/api/integrations/systems')).body.length).toBe(before);
  });

  it('is for admins only: an operations user gets 403 on every call', async () => {
    // Prepare
    const operations = new Client(api.url);
    await operations.signIn('operations');
    // Act
    const list = await operations.get('/api/integrations/systems');
    const create = await operations.post('/api/integrations/systems', systemBody());
    const stats = await operations.get('/api/integrations/monitoring/stats');
    // Assess
    expect([list.status, create.status, stats.status]).toEqual([403, 403, 403]);
  });

  it('edits, deactivates and deletes a system; new credentials replace the old ones', async () => {
    // Prepare
    const { body: system } = await admin.post('/api/integrations/systems', systemBody({ name: 'To edit' }));
    // Act
    const renamed = await admin.request('PATCH', `/api/integrations/systems/${system.id}`, {
      body: { name: 'Edited', authType: 'BEARER_TOKEN', authConfig: { token: FAKE_CREDENTIALS.token } },
    });
    const test = await admin.post(`/api/integrations/systems/${system.id}/test`);
    const deactivated = await admin.request('PATCH', `/api/integrations/systems/${system.id}`, {
      body: { isActive: false },
    });
    const empty = await admin.request('PATCH', `/api/integrations/systems/${system.id}`, { body: {} });
    const deleted = await admin.request('DELETE', `/api/integrations/systems/${system.id}`);
    const after = await admin.get('/api/integrations/systems');
    // Assess
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Edited', authType: 'BEARER_TOKEN', authConfig: { token: '••••6789' } });
    expect(test.body.success).toBe(true);
    expect(deactivated.body.isActive).toBe(false);
    expect(empty.status).toBe(400);
    expect(deleted.status).toBe(204);
    expect(after.body.some((s: { id: string }) => s.id === system.id)).toBe(false);
    expect((await admin.get(`/api/integrations/systems/${system.id}/endpoints`)).status).toBe(404);
  });
});

describe('test connection', () => {
  async function testWith(overrides: Record<string, unknown>) {
    const created = await admin.post('/api/integrations/systems', systemBody(overrides));
    expect(created.status).toBe(201);
    const res = await admin.post(`/api/integrations/systems/${created.body.id}/test`);
    expect(res.status).toBe(200);
    return { id: created.body.id as string, ...(res.body as { success: boolean; message: string }) };
  }

  it.each([
    ['API_KEY', { apiKey: FAKE_CREDENTIALS.apiKey }],
    ['BEARER_TOKEN', { token: FAKE_CREDENTIALS.token }],
    ['BASIC_AUTH', { username: FAKE_CREDENTIALS.username, password: FAKE_CREDENTIALS.password }],
  ])('succeeds with %s credentials the TMS accepts', async (authType, authConfig) => {
    const result = await testWith({ authType, authConfig });
    expect(result).toMatchObject({
      success: true,
      message: expect.stringMatching(/^Connected to 127\.0\.0\.1:\d+ \(200 in \d+ ms\)$/),
    });
  });

  it('gets an OAuth2 client-credentials token once and reuses it until it expires', async () => {
    // Prepare
    const before = tms.state.tokenRequests;
    const oauth = {
      authType: 'OAUTH2',
      authConfig: {
        clientId: FAKE_CREDENTIALS.clientId,
        clientSecret: FAKE_CREDENTIALS.clientSecret,
        tokenUrl: `${tms.url}/oauth/token`,
      },
    };
    // Act
    const first = await testWith(oauth);
    const again = await admin.post(`/api/integrations/systems/${first.id}/test`);
    // Assess
    expect(first.success).toBe(true);
    expect(again.body.success).toBe(true);
    expect(tms.state.tokenRequests - before).toBe(1);
  });

  it('names the cause of each failure: refused credentials, a refused token, DNS, TLS, a server error', async () => {
    const wrongKey = await testWith({ authConfig: { apiKey: 'wrong-key-000000000' } });
    const wrongClient = await testWith({
      authType: 'OAUTH2',
      authConfig: { clientId: 'x', clientSecret: 'wrong-secret', tokenUrl: `${tms.url}/oauth/token` },
    });
    const dns = await testWith({ baseUrl: 'http://no-such-tms.invalid/health' });
    const tls = await testWith({ baseUrl: `https://127.0.0.1:${tms.port}/health` });
    tms.state.failNext = 1;
    const down = await testWith({});
    expect(wrongKey).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Authentication failed \(401\)/),
    });
    expect(wrongClient).toMatchObject({
      success: false,
      message: expect.stringMatching(/OAuth2 token request refused \(401\)/),
    });
    expect(dns).toMatchObject({
      success: false,
      message: 'DNS lookup failed: no-such-tms.invalid could not be resolved',
    });
    expect(tls).toMatchObject({
      success: false,
      message: expect.stringMatching(/^TLS handshake with 127\.0\.0\.1:\d+ failed/),
    });
    expect(down).toMatchObject({ success: false, message: expect.stringMatching(/server error \(503\)/) });
    const status = (await admin.get('/api/integrations/monitoring/systems')).body.find(
      (s: { systemId: string }) => s.systemId === wrongKey.id,
    );
    expect(status.status).toBe('ERROR');
  });

  it('gives up after 10 s on a system that does not answer', async () => {
    tms.state.delayMs = 12_000;
    try {
      const started = Date.now();
      const slow = await testWith({});
      expect(slow).toMatchObject({ success: false, message: expect.stringMatching(/^Timed out after 10 s/) });
      expect(Date.now() - started).toBeLessThan(11_500);
    } finally {
      tms.state.delayMs = 0;
    }
  }, 20_000);

  it('wrote no secret to any log line', () => {
    expect(logged.length).toBeGreaterThan(0);
    const text = logged.join('');
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).not.toContain('whsec_');
  });
});
