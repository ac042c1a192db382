// Sessions through the real local HTTP path: emulator -> handler -> DynamoDB Local.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { Client, startTestApi, type TestApi } from '../support/api';
import { ddb } from '../../functions/lib/aws';
import { listAudit } from '../../functions/lib/audit';
import { sessionKeys } from '../../functions/repositories/sessions';
import { PLATFORM_ROLES } from '../../shared/roles';
import { DEMO_TENANT_ID } from '../../functions/local/seed';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('POST /api/auth/login', () => {
  it.each(PLATFORM_ROLES)('signs in the %s sample account and the session shows its role and flags', async (role) => {
    // Prepare
    const client = new Client(api.url);
    // Act
    const login = await client.post('/api/auth/login', { identifier: role, password: 'Demo@12345' });
    const me = await client.get('/api/auth/user');
    // Assess
    expect(login.status).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/dy_session=.+; Path=\/; HttpOnly; SameSite=Lax/);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: role, role, roles: [role] });
    expect(Object.keys(me.body.canAccess).sort()).toEqual(['adminPanel', 'analytics', 'driverMobile', 'readOnly', 'wms']);
    expect(me.body).not.toHaveProperty('passwordHash');
  });

  it('accepts the email and the mobile number as the identifier, and the test page\'s username field', async () => {
    expect((await new Client(api.url).post('/api/auth/login', { identifier: 'Yard.Manager@demo.docksaathi.in', password: 'Demo@12345' })).status).toBe(200);
    expect((await new Client(api.url).post('/api/auth/login', { identifier: '98000 00004', password: 'Demo@12345' })).body.user.username).toBe('driver');
    expect((await new Client(api.url).post('/api/auth/login', { username: 'spectator', password: 'Demo@12345' })).status).toBe(200);
  });

  it('refuses a wrong password with 401 and sets no cookie', async () => {
    const client = new Client(api.url);
    const res = await client.post('/api/auth/login', { identifier: 'operations', password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/Invalid credentials/);
    expect(client.hasSession).toBe(false);
  });

  it.each([
    [{ identifier: '', password: 'x' }, 'identifier', 'Please enter your email, username, or mobile number'],
    [{ identifier: 'admin', password: '' }, 'password', 'Password is required'],
    [{ identifier: 'admin', password: 'x', role: 'admin' }, 'role', 'Unknown field "role"'],
    [{ identifier: 42, password: 'x' }, 'identifier', expect.stringContaining('expected string')],
    [{ identifier: 'a'.repeat(300), password: 'x' }, 'identifier', 'Identifier is too long'],
  ])('answers 400 with the field message for %j', async (body, field, message) => {
    const res = await new Client(api.url).post('/api/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toEqual(message);
  });

  it('answers 400 for malformed JSON and 415 for a body that is not JSON', async () => {
    const client = new Client(api.url);
    const malformed = await client.request('POST', '/api/auth/login', { rawBody: '{"identifier": "admin",', headers: { 'content-type': 'application/json' } });
    const form = await client.request('POST', '/api/auth/login', { rawBody: 'identifier=admin', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Request body is not valid JSON' });
    expect(form.status).toBe(415);
  });

  it('throttles an identifier after 5 failures with 429, even for the right password', async () => {
    // Prepare
    const client = new Client(api.url);
    for (let i = 0; i < 5; i++) expect((await client.post('/api/auth/login', { identifier: 'spectator@demo.docksaathi.in', password: 'nope' })).status).toBe(401);
    // Act
    const blocked = await client.post('/api/auth/login', { identifier: 'spectator@demo.docksaathi.in', password: 'Demo@12345' });
    // Assess
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('throttles a client address after 30 failures, whatever the identifier', async () => {
    // Prepare: another loopback address acts as another client
    const client = new Client(api.url);
    const from = { localAddress: '127.0.0.2' };
    for (let i = 0; i < 30; i++) await client.post('/api/auth/login', { identifier: `nobody-${i}`, password: 'x' }, from);
    // Act
    const blocked = await client.post('/api/auth/login', { identifier: 'admin', password: 'Demo@12345' }, from);
    const elsewhere = await client.post('/api/auth/login', { identifier: 'admin', password: 'Demo@12345' });
    // Assess
    expect(blocked.status).toBe(429);
    expect(elsewhere.status).toBe(200);
  });
});

describe('sessions', () => {
  it('signs out: the cookie is cleared and the old session token no longer works', async () => {
    // Prepare
    const client = new Client(api.url);
    await client.signIn('operations');
    expect((await client.get('/api/auth/user')).status).toBe(200);
    // Act
    const out = await client.post('/api/auth/logout');
    // Assess
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('refuses a replayed token after sign-out', async () => {
    const client = new Client(api.url);
    const login = await client.post('/api/auth/login', { identifier: 'admin', password: 'Demo@12345' });
    const token = String(login.headers['set-cookie']).match(/dy_session=([^;]+)/)![1];
    await client.post('/api/auth/logout');
    const replay = await new Client(api.url).get('/api/auth/user', { headers: { cookie: `dy_session=${token}` } });
    expect(replay.status).toBe(401);
  });

  it('refuses an expired session even while its item still exists', async () => {
    // Prepare
    const token = 'expired-token-0123456789abcdefghijkl';
    await ddb().send(new PutCommand({ TableName: api.tableName, Item: { ...sessionKeys.key(token), tenantId: DEMO_TENANT_ID, userId: 'x', createdAt: '2026-01-01T00:00:00Z', expiresAt: Math.floor(Date.now() / 1000) - 1 } }));
    // Act
    const res = await new Client(api.url).get('/api/auth/user', { headers: { cookie: `dy_session=${token}` } });
    // Assess
    expect(res.status).toBe(401);
  });

  it('audits sign-in and sign-out', async () => {
    // Prepare
    const client = new Client(api.url);
    const user = await client.signIn('yard_manager');
    // Act
    await client.post('/api/auth/logout');
    // Assess
    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'user', entityId: user.id });
    expect(trail.map((r) => r.action)).toEqual(expect.arrayContaining(['session.signed-in', 'session.signed-out']));
    expect(trail[0]).toMatchObject({ actorName: 'yard_manager', ip: expect.any(String), at: expect.any(String) });
  });

  it('refuses a sign-in posted by a page of another origin', async () => {
    const res = await new Client(api.url).post('/api/auth/login', { identifier: 'admin', password: 'Demo@12345' }, { headers: { origin: 'https://attacker.example' } });
    expect(res.status).toBe(403);
  });
});
