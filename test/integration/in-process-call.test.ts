// The bench's function figures (scripts/bench/hot-paths.ts) call a route's function in-process with
// invokeRoute (functions/local/api-emulator.ts): the same event the emulator builds from an HTTP request,
// without the hop. Checked here against the HTTP path: the same answers for a read, a write that the
// HTTP path then sees, and a refusal; an address no route has is an error, not a guess.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api';

let api: TestApi;
let cookie: string;

beforeAll(async () => {
  api = await startTestApi();
  const res = await fetch(`${api.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'operations', password: 'Demo@12345' }),
  });
  expect(res.status).toBe(200);
  cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}, 120_000);
afterAll(() => api?.close());

const overHttp = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};
const inProcess = async (method: string, path: string, body?: unknown) => {
  const { invokeRoute } = await import('../../functions/local/api-emulator');
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const result = await invokeRoute(
    method,
    path,
    { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
    payload,
  );
  return { status: result.statusCode, body: JSON.parse(result.body ?? 'null') as unknown };
};

describe('a route called in-process (the bench’s function figures)', () => {
  it('answers a read as the HTTP path does', async () => {
    for (const path of ['/api/auth/user', '/api/appointments/today', '/api/yard/overview'])
      expect(await inProcess('GET', path), path).toEqual(await overHttp('GET', path));
  });

  it('makes a write the HTTP path then sees, and refuses what the HTTP path refuses', async () => {
    const made = await inProcess('POST', '/api/checkins/walk-in', {
      driverName: 'In-process Walk-in',
      vehicleLicense: 'MH04IP0001',
      carrierName: 'Bench Tempo Service',
    });
    expect(made.status).toBe(201);
    const id = (made.body as { id: string }).id;
    const seen = await overHttp('GET', '/api/checkins');
    expect((seen.body as { id: string }[]).map((c) => c.id)).toContain(id);

    const refused = await inProcess('POST', '/api/checkins/walk-in', { driverName: '' });
    expect(refused).toEqual(await overHttp('POST', '/api/checkins/walk-in', { driverName: '' }));
    expect(refused.status).toBe(400);
    const anonymous = await (
      await import('../../functions/local/api-emulator')
    ).invokeRoute('GET', '/api/auth/user', {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('throws for an address no route has', async () => {
    const { invokeRoute } = await import('../../functions/local/api-emulator');
    await expect(invokeRoute('GET', '/api/no-such-route')).rejects.toThrow('no route GET /api/no-such-route');
  });
});
