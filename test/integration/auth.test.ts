// Sessions through the real local HTTP path: emulator -> handler -> DynamoDB Local.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Client, startTestApi, type TestApi } from '../support/api';
import { ddb } from '../../functions/lib/aws';
import { listAudit } from '../../functions/lib/audit';
import { newSession } from '../../functions/auth/session.store';
import { config } from '../../functions/lib/config';
import { createUser, findUserByIdentifier } from '../../functions/users/user.store';
import { hashPassword } from '../../functions/lib/passwords';
import { streakKey } from '../../functions/lib/throttle';
import { accountThrottleKey, LOGIN_LIMITS } from '../../functions/auth/service';
import { PLATFORM_ROLES } from '../../shared/roles';
import { DEMO_TENANT_ID } from '../../functions/local/seed';
import { awayFromWindowEnd, WITH_WINDOW_WAIT_MS } from '../support/windows';

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
    // Its readable companion says "signed in" (and whether as a driver) to the app's first screen.
    const hint = (login.headers['set-cookie'] as string[]).find((c) => c.startsWith('dy_signed_in='));
    expect(hint).toMatch(new RegExp(`^dy_signed_in=${role === 'driver' ? 'driver' : 'staff'}; Path=/; SameSite=Lax`));
    expect(hint).not.toMatch(/HttpOnly/);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: role, role, roles: [role] });
    expect(Object.keys(me.body.canAccess).sort()).toEqual([
      'adminPanel',
      'analytics',
      'driverMobile',
      'readOnly',
      'wms',
    ]);
    expect(me.body).not.toHaveProperty('passwordHash');
  });

  it("accepts the email and the mobile number as the identifier, and the test page's username field", async () => {
    expect(
      (
        await new Client(api.url).post('/api/auth/login', {
          identifier: 'Yard.Manager@demo.docksaathi.in',
          password: 'Demo@12345',
        })
      ).status,
    ).toBe(200);
    expect(
      (await new Client(api.url).post('/api/auth/login', { identifier: '98000 00004', password: 'Demo@12345' })).body
        .user.username,
    ).toBe('driver');
    expect(
      (await new Client(api.url).post('/api/auth/login', { username: 'spectator', password: 'Demo@12345' })).status,
    ).toBe(200);
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
    [{ identifier: 42, password: 'x' }, 'identifier', 'Identifier must be a text'],
    [{ identifier: 'a'.repeat(300), password: 'x' }, 'identifier', 'Identifier is too long'],
  ])('answers 400 with the field message for %j', async (body, field, message) => {
    const res = await new Client(api.url).post('/api/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toEqual(message);
  });

  it('answers 400 for malformed JSON and 415 for a body that is not JSON', async () => {
    const client = new Client(api.url);
    const malformed = await client.request('POST', '/api/auth/login', {
      rawBody: '{"identifier": "admin",',
      headers: { 'content-type': 'application/json' },
    });
    const form = await client.request('POST', '/api/auth/login', {
      rawBody: 'identifier=admin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Request body is not valid JSON' });
    expect(form.status).toBe(415);
  });
});

describe('sign-in throttling', () => {
  const PASSWORD = 'Right#Pass1';
  let n = 0;
  /** A fresh account of its own, so one test's failures never lock another's. */
  async function newAccount() {
    n++;
    const username = `throttled${n}`;
    const user = await createUser(
      {
        tenantId: DEMO_TENANT_ID,
        username,
        email: `${username}@example.in`,
        phoneNumber: `+9197000000${String(n).padStart(2, '0')}`,
        firstName: 'Test',
        lastName: 'User',
        profileImageUrl: null,
        role: 'spectator',
        extraRoles: [],
        userType: null,
        status: 'active',
        isVerified: true,
        passwordHash: await hashPassword(PASSWORD),
      },
      null,
    );
    return user;
  }
  const attempt = (
    client: Client,
    identifier: string,
    password: string,
    localAddress?: string,
    headers?: Record<string, string>,
  ) => client.post('/api/auth/login', { identifier, password }, { localAddress, headers });
  it('counts failures per account, whichever alias is typed, then answers 429 with Retry-After even for the right password', async () => {
    // Prepare: 5 failures spread over the username, the e-mail and the mobile number
    const user = await newAccount();
    const aliases = [user.username, user.email!, user.phoneNumber!, user.username.toUpperCase(), user.email!];
    for (const alias of aliases)
      expect((await attempt(new Client(api.url), alias, 'nope', '127.0.1.1')).status).toBe(401);
    // Act
    const blocked = await attempt(new Client(api.url), user.phoneNumber!, PASSWORD, '127.0.1.1');
    // Assess
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('lets the owner in from a device that signed in before, and that sign-in resets the count', async () => {
    // Prepare: the owner signed in once from this browser; an attacker then locks the account
    const user = await newAccount();
    const owner = new Client(api.url);
    const first = await attempt(owner, user.username, PASSWORD);
    expect(String(first.headers['set-cookie'])).toMatch(
      /dy_device=[\w-]{40,}; Path=\/api\/auth; HttpOnly; SameSite=Lax; Max-Age=7776000/,
    );
    await owner.post('/api/auth/logout');
    for (let i = 0; i < 5; i++) await attempt(new Client(api.url), user.email!, `guess-${i}`, '127.0.1.2');
    expect((await attempt(new Client(api.url), user.email!, PASSWORD, '127.0.1.2')).status).toBe(429);
    // Act
    const ownerAgain = await attempt(owner, user.email!, PASSWORD);
    const newDevice = await attempt(new Client(api.url), user.username, PASSWORD, '127.0.1.3');
    // Assess
    expect(ownerAgain.status).toBe(200);
    expect(newDevice.status).toBe(200);
    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'user', entityId: user.id });
    expect(trail.filter((r) => r.action === 'session.signed-in').map((r) => r.after)).toEqual(
      expect.arrayContaining([{ knownDevice: true }, { knownDevice: false }]),
    );
  });

  it('does not let a device known to another account, or a made-up device cookie, past the lock', async () => {
    // Prepare
    const user = await newAccount();
    const other = await newAccount();
    const attacker = new Client(api.url);
    await attempt(attacker, other.username, PASSWORD, '127.0.1.4');
    for (let i = 0; i < 5; i++) await attempt(attacker, user.username, `guess-${i}`, '127.0.1.4');
    // Act
    const withOwnDevice = await attempt(attacker, user.username, PASSWORD, '127.0.1.4');
    const madeUp = await attempt(new Client(api.url), user.username, PASSWORD, '127.0.1.5', {
      cookie: `dy_device=${'A'.repeat(43)}`,
    });
    // Assess
    expect(withOwnDevice.status).toBe(429);
    expect(madeUp.status).toBe(429);
  });

  it('grows the wait after each further failure', async () => {
    // Prepare: 5 failures, then the first lock runs out
    const user = await newAccount();
    for (let i = 0; i < 5; i++) await attempt(new Client(api.url), user.username, `guess-${i}`, '127.0.1.6');
    const key = streakKey(accountThrottleKey(user, user.username));
    const expire = () =>
      ddb().send(
        new UpdateCommand({
          TableName: api.tableName,
          Key: key,
          UpdateExpression: 'SET lockedUntil = :past',
          ExpressionAttributeValues: { ':past': Date.now() / 1000 - 1 },
        }),
      );
    await expire();
    // Act
    const sixth = await attempt(new Client(api.url), user.username, 'guess-6', '127.0.1.6');
    const afterSixth = await attempt(new Client(api.url), user.username, PASSWORD, '127.0.1.6');
    await expire();
    await attempt(new Client(api.url), user.username, 'guess-7', '127.0.1.6');
    const afterSeventh = await attempt(new Client(api.url), user.username, PASSWORD, '127.0.1.6');
    // Assess
    expect(sixth.status).toBe(401);
    expect(Number(afterSixth.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(afterSixth.headers['retry-after'])).toBeLessThanOrEqual(120);
    expect(afterSeventh.body.message).toBe('Too many failed sign-in attempts. Please try again in 4 minutes.');
  });

  it('lets no more than 5 of 20 concurrent guesses be checked', async () => {
    // Prepare
    const user = await newAccount();
    // Act
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(new Client(api.url), user.username, `guess-${i}`, '127.0.1.7')),
    );
    // Assess
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it(
    'gives a known device a failure budget of its own',
    async () => {
      // Prepare
      const user = await newAccount();
      const owner = new Client(api.url);
      expect((await attempt(owner, user.username, PASSWORD)).status).toBe(200);
      await awayFromWindowEnd(LOGIN_LIMITS.perKnownDevice);
      // Act
      const wrong = [];
      for (let i = 0; i < 10; i++) wrong.push((await attempt(owner, user.username, `typo-${i}`)).status);
      const spent = await attempt(owner, user.username, PASSWORD);
      const elsewhere = await attempt(new Client(api.url), user.username, PASSWORD, '127.0.1.8');
      // Assess: the owner's typos neither lock the account for others nor allow unlimited guesses
      expect(wrong).toEqual(Array(10).fill(401));
      expect(spent.status).toBe(429);
      expect(elsewhere.status).toBe(200);
    },
    WITH_WINDOW_WAIT_MS,
  );

  it('throttles a client address after 30 failures from unknown devices, but not a known device behind it', async () => {
    // Prepare: another loopback address acts as another client; a colleague signed in there before
    await awayFromWindowEnd(LOGIN_LIMITS.perAddress);
    const from = '127.0.0.2';
    const colleague = new Client(api.url);
    await attempt(colleague, 'admin', 'Demo@12345', from);
    for (let i = 0; i < 30; i++) await attempt(new Client(api.url), `nobody-${i}`, 'x', from);
    // Act
    const blocked = await attempt(new Client(api.url), 'operations', 'Demo@12345', from);
    const known = await attempt(colleague, 'admin', 'Demo@12345', from);
    const elsewhere = await attempt(new Client(api.url), 'operations', 'Demo@12345');
    // Assess
    expect(blocked.status).toBe(429);
    expect(known.status).toBe(200);
    expect(elsewhere.status).toBe(200);
  }, 120_000);

  it('keys the address limit on the viewer address CloudFront vouches for, and ignores it unvouched', async () => {
    // Prepare: requests arrive from one socket (CloudFront's edge) on behalf of different viewers
    await awayFromWindowEnd(LOGIN_LIMITS.perAddress);
    process.env.ORIGIN_VERIFY_SECRET = 'test-origin-secret';
    try {
      const edge = '127.0.1.9';
      const viewer = (ip: string, secret = 'test-origin-secret') => ({
        'x-viewer-address': ip,
        'x-origin-verify': secret,
      });
      for (let i = 0; i < 30; i++)
        await attempt(new Client(api.url), `viewer-nobody-${i}`, 'x', edge, viewer('203.0.113.7'));
      // Act
      const sameViewer = await attempt(new Client(api.url), 'operations', 'Demo@12345', edge, viewer('203.0.113.7'));
      const otherViewer = await attempt(new Client(api.url), 'operations', 'Demo@12345', edge, viewer('203.0.113.8'));
      const unvouched = await attempt(
        new Client(api.url),
        'operations',
        'Demo@12345',
        '127.0.1.10',
        viewer('203.0.113.7', 'guessed'),
      );
      // Assess
      expect(sameViewer.status).toBe(429);
      expect(otherViewer.status).toBe(200);
      expect(unvouched.status).toBe(200);
    } finally {
      delete process.env.ORIGIN_VERIFY_SECRET;
    }
  }, 120_000);
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
    expect(out.headers['set-cookie']).toEqual([
      expect.stringMatching(/^dy_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/),
      expect.stringMatching(/^dy_signed_in=; Path=\/; SameSite=Lax; Max-Age=0/),
    ]);
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

  it("refuses a token whose ids were altered: they are part of the session's key", async () => {
    // Prepare: the admin's token made to name another user of the tenant
    const login = await new Client(api.url).post('/api/auth/login', { identifier: 'admin', password: 'Demo@12345' });
    const token = String(login.headers['set-cookie']).match(/dy_session=([^;]+)/)![1]!;
    const [secret, locator] = token.split('.');
    const [tenantId, , home] = JSON.parse(Buffer.from(locator!, 'base64url').toString()) as string[];
    const other = (await findUserByIdentifier('yard_manager'))!;
    const altered = `${secret}.${Buffer.from(JSON.stringify([tenantId, other.id, home])).toString('base64url')}`;
    // Act
    const [genuine, forged] = await Promise.all(
      [token, altered].map((t) =>
        new Client(api.url).get('/api/auth/user', { headers: { cookie: `dy_session=${t}` } }),
      ),
    );
    // Assess
    expect(genuine!.status).toBe(200);
    expect(forged!.status).toBe(401);
  });

  it('reads the session, its user and its tenant in one round trip', async () => {
    // Prepare
    const client = new Client(api.url);
    await client.signIn('operations');
    const calls: string[] = [];
    const counter =
      (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
        calls.push(String(context.commandName));
        return next(args);
      };
    ddb().middlewareStack.add(counter as never, { step: 'initialize', name: 'sessionCallCounter' });
    // Act
    const res = await client.get('/api/auth/user');
    ddb().middlewareStack.remove('sessionCallCounter');
    // Assess
    expect(res.status).toBe(200);
    expect(calls).toEqual(['BatchGetItemCommand']);
  });

  it('refuses an expired session even while its item still exists', async () => {
    // Prepare
    const admin = (await findUserByIdentifier('admin'))!;
    const { token, put } = newSession(DEMO_TENANT_ID, admin.id, Date.now() - (config.sessionTtlSeconds + 1) * 1000);
    await ddb().send(new PutCommand(put.Put));
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
    const res = await new Client(api.url).post(
      '/api/auth/login',
      { identifier: 'admin', password: 'Demo@12345' },
      { headers: { origin: 'https://attacker.example' } },
    );
    expect(res.status).toBe(403);
  });
});
