// Organisation sign-up through the real HTTP path (issue #18): one atomic creation of tenant, admin,
// facility with default doors and slots, keys and link; the e-mail code starts the 30-day trial;
// duplicates, weak passwords, wrong GSTINs and floods get a clear message and write nothing; after the
// trial the tenant is read-only until a plan is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../functions/lib/aws';
import { Client, startTestApi, type TestApi } from '../support/api';
import { codeSentTo, nextAddress, signupBody, signUpOrganisation, SIGNUP_PASSWORD } from '../support/tenancy';
import { TENANCY_TEXTS } from '../../shared/contracts/tenancy';
import { createUser, newEmailCode } from '../../functions/users';
import { hashPassword } from '../../functions/lib/passwords';
import { indiaDate } from '../support/dates';
import { awayFromWindowEnd, WITH_WINDOW_WAIT_MS } from '../support/windows';
import { TENANCY_LIMITS } from '../../functions/tenancy/handler';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function itemsNamed(name: string) {
  const res = await ddb().send(
    new ScanCommand({
      TableName: api.tableName,
      FilterExpression: '#n = :n OR companyName = :n OR profile.companyName = :n',
      ExpressionAttributeNames: { '#n': 'name' },
      ExpressionAttributeValues: { ':n': name },
    }),
  );
  return res.Items ?? [];
}

async function tenantItems(tenantId: string) {
  const res = await ddb().send(
    new ScanCommand({
      TableName: api.tableName,
      FilterExpression: 'begins_with(PK, :p) OR tenantId = :t',
      ExpressionAttributeValues: { ':p': `TENANT#${tenantId}`, ':t': tenantId },
    }),
  );
  return res.Items ?? [];
}

describe('organisation sign-up', () => {
  it('creates the tenant, its admin, facility, doors and link at once; the e-mail code starts the 30-day trial', async () => {
    const body = signupBody({ gstin: '27AAPFU0939F1ZV' });
    const client = new Client(api.url);
    const localAddress = nextAddress();
    const res = await client.post('/api/signup', body, { localAddress });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ message: TENANCY_TEXTS.signupAccepted, email: body.email });

    // Before verification the admin may sign in but holds no permission, and no trial runs.
    const pending = await client.signIn(body.email, body.password);
    expect(pending.permissions).toEqual([]);
    expect((await client.get('/api/facilities')).status).toBe(403);

    const code = await codeSentTo(body.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await client.post('/api/signup/verify', { email: body.email, code: wrong }, { localAddress })).status).toBe(
      400,
    );
    const verified = await client.post('/api/signup/verify', { email: body.email, code }, { localAddress });
    expect(verified.status, verified.text).toBe(200);
    const days = (Date.parse(verified.body.trialEndsAt) - Date.now()) / 86400000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // The code works once.
    expect((await client.post('/api/signup/verify', { email: body.email, code }, { localAddress })).status).toBe(400);

    const admin = await client.signIn(body.email, body.password);
    expect(admin.role).toBe('admin');
    expect(admin.tenantId).not.toBe('demo');
    const tenant = await client.get('/api/tenancy/tenant');
    expect(tenant.body).toMatchObject({
      name: body.companyName,
      gstin: '27AAPFU0939F1ZV',
      plan: null,
      readOnly: null,
      trialEndsAt: verified.body.trialEndsAt,
    });

    const facilities = await client.get('/api/facilities');
    expect(facilities.body).toHaveLength(1);
    expect(facilities.body[0]).toMatchObject({
      name: body.facilityName,
      // The city and state once each: no street address was asked for, so none is made up.
      address: '',
      city: 'Pune',
      state: 'Maharashtra',
      timeZone: 'Asia/Kolkata',
      operatingHoursStart: '08:00',
      operatingHoursEnd: '18:00',
      doorCount: 4,
    });
    const doors = await client.get(`/api/facilities/${facilities.body[0].id}/dock-doors`);
    expect(doors.body.map((d: { doorNumber: string }) => d.doorNumber)).toEqual(['D01', 'D02', 'D03', 'D04']);
    const today = indiaDate();
    const slots = await client.get(`/api/facilities/${facilities.body[0].id}/time-slots?date=${today}`);
    expect(slots.status).toBe(200);
    // Its own empty hub: no carriers, no appointments, none of the demo's data.
    expect((await client.get('/api/carriers')).body).toEqual([]);
    expect((await client.get('/api/appointments')).body).toEqual([]);
    const link = await client.get(`/api/facilities/${facilities.body[0].id}/link`);
    expect(link.status).toBe(200);
    expect((await new Client(api.url).get(`/api/facility-links/${link.body.token}`)).body).toMatchObject({
      tenantName: body.companyName,
      facilityName: body.facilityName,
    });
  });

  it('refuses a used e-mail address or mobile number with a clear message and writes nothing', async () => {
    const first = await signUpOrganisation(api.url);
    const sameEmail = signupBody({ email: first.email });
    const res = await new Client(api.url).post('/api/signup', sameEmail, { localAddress: nextAddress() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(TENANCY_TEXTS.emailTaken);
    const demoEmail = await new Client(api.url).post('/api/signup', signupBody({ phoneNumber: '+919800000001' }), {
      localAddress: nextAddress(),
    });
    expect(demoEmail.status).toBe(409);
    expect(demoEmail.body.message).toBe(TENANCY_TEXTS.phoneTaken);
    expect(await itemsNamed(sameEmail.companyName)).toEqual([]);
  });

  it('refuses weak passwords and wrong GSTINs with the field message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: 'short1' }, 'password', 'Password must be at least 8 characters'],
      [{ password: 'onlyletters' }, 'password', 'Password must contain at least one letter and one number'],
      [{ gstin: '27AAPFU0939F1Z' }, 'gstin', 'GSTIN must be exactly 15 characters'],
      [
        { gstin: '27AAPFU0939F1ZW' },
        'gstin',
        'GSTIN check digit does not match. Please check the number for typing mistakes',
      ],
      [{ gstin: '45AAPFU0939F1ZV' }, 'gstin', 'GSTIN must start with a valid state code (01-38, 97 or 99)'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ companyName: '' }, 'companyName', 'Company name is required'],
    ];
    for (const [overrides, field, message] of cases) {
      const body = signupBody(overrides);
      const res = await new Client(api.url).post('/api/signup', body, { localAddress: nextAddress() });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(res.body.errors[field]).toBe(message);
      expect(await itemsNamed(body.companyName)).toEqual([]);
    }
  });

  it('makes as many dock doors as the sign-up asked for (1 to 40), and refuses any other count writing nothing', async () => {
    const doorNumbers = async (org: { admin: Client; facilityId: string }) =>
      (await org.admin.get(`/api/facilities/${org.facilityId}/dock-doors`)).body.map(
        (d: { doorNumber: string }) => d.doorNumber,
      );
    const two = await signUpOrganisation(api.url, { dockDoors: 2 });
    expect(await doorNumbers(two)).toEqual(['D01', 'D02']);
    expect((await two.admin.get('/api/facilities')).body[0]).toMatchObject({ doorCount: 2, totalDockDoors: 2 });
    // The most a sign-up takes still fits its one transaction.
    const forty = await signUpOrganisation(api.url, { dockDoors: 40 });
    const many = await doorNumbers(forty);
    expect(many).toHaveLength(40);
    expect([many[0], many[39]]).toEqual(['D01', 'D40']);

    const message = 'Enter the number of dock doors, from 1 to 40';
    for (const dockDoors of [0, 41, 2.5, 'four', undefined]) {
      const body = signupBody({ dockDoors });
      const res = await new Client(api.url).post('/api/signup', body, { localAddress: nextAddress() });
      expect(res.status, String(dockDoors)).toBe(400);
      expect(res.body.errors).toEqual({ dockDoors: message });
      expect(await itemsNamed(body.companyName)).toEqual([]);
    }
    const hindi = await new Client(api.url).request('POST', '/api/signup', {
      body: signupBody({ dockDoors: 0 }),
      headers: { 'accept-language': 'hi' },
      localAddress: nextAddress(),
    });
    expect(hindi.body.errors.dockDoors).toBe('डॉक दरवाज़ों की संख्या 1 से 40 के बीच दर्ज करें');
  });

  it('lets exactly one of two simultaneous sign-ups with the same e-mail through, leaving nothing of the other', async () => {
    const email = `race.${Date.now()}@example.in`;
    const a = signupBody({ email });
    const b = signupBody({ email });
    const [ra, rb] = await Promise.all(
      [a, b].map((body) => new Client(api.url).post('/api/signup', body, { localAddress: nextAddress() })),
    );
    expect([ra!.status, rb!.status].sort()).toEqual([201, 409]);
    const loser = ra!.status === 409 ? a : b;
    expect(await itemsNamed(loser.companyName)).toEqual([]);
    expect(await itemsNamed(loser.facilityName)).toEqual([]);
  });

  it(
    'limits sign-ups per client address',
    async () => {
      await awayFromWindowEnd(TENANCY_LIMITS.signups);
      const localAddress = nextAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await new Client(api.url).post('/api/signup', signupBody(), { localAddress })).status);
      expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
      expect(statuses[5]).toBe(429);
    },
    WITH_WINDOW_WAIT_MS,
  );

  it('makes the tenant read-only once the trial has ended; its admin cannot end the trial by choosing a plan (403)', async () => {
    const org = await signUpOrganisation(api.url);
    const carrier = {
      name: 'Trial Roadways',
      contactEmail: 'ops@trial.in',
      contactPhone: '+912200000000',
      serviceTypes: ['FTL'],
    };
    expect((await org.admin.post('/api/carriers', carrier)).status).toBe(201);
    await ddb().send(
      new UpdateCommand({
        TableName: api.tableName,
        Key: { PK: `TENANT#${org.tenantId}`, SK: 'TENANT' },
        UpdateExpression: 'SET trialEndsAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );

    const before = await tenantItems(org.tenantId);
    const refused = await org.admin.post('/api/carriers', { ...carrier, name: 'After Trial' });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(TENANCY_TEXTS.trialEnded);
    expect((await tenantItems(org.tenantId)).length).toBe(before.length);
    expect((await org.admin.get('/api/carriers')).status).toBe(200);
    expect((await org.admin.get('/api/tenancy/tenant')).body.readOnly).toBe(TENANCY_TEXTS.trialEnded);

    // Only the platform (billing) sets a plan: the tenant's own admin is refused and nothing changes.
    const plan = await org.admin.request('PUT', '/api/tenancy/plan', { body: { plan: 'growth' } });
    expect(plan.status, plan.text).toBe(403);
    expect((await org.admin.get('/api/tenancy/tenant')).body).toMatchObject({
      plan: null,
      readOnly: TENANCY_TEXTS.trialEnded,
    });
    expect((await tenantItems(org.tenantId)).length).toBe(before.length);
    expect((await org.admin.post('/api/carriers', { ...carrier, name: 'After Plan' })).status).toBe(402);
  });

  it('sends a new code on request and accepts only the newest', async () => {
    const body = signupBody();
    const client = new Client(api.url);
    const localAddress = nextAddress();
    expect((await client.post('/api/signup', body, { localAddress })).status).toBe(201);
    const first = await codeSentTo(body.email);
    expect((await client.post('/api/signup/resend', { email: body.email }, { localAddress })).status).toBe(200);
    const second = await codeSentTo(body.email);
    if (first !== second)
      expect(
        (await client.post('/api/signup/verify', { email: body.email, code: first }, { localAddress })).status,
      ).toBe(400);
    expect(
      (await client.post('/api/signup/verify', { email: body.email, code: second }, { localAddress })).status,
    ).toBe(200);
    expect((await client.signIn(body.email, SIGNUP_PASSWORD)).permissions.length).toBeGreaterThan(10);
  });

  it('lets an admin who left before the code sign in, ask for a new code and finish in the same session', async () => {
    const body = signupBody();
    const localAddress = nextAddress();
    expect((await new Client(api.url).post('/api/signup', body, { localAddress })).status).toBe(201);

    // A wrong password learns nothing: the answer of an address that holds no account at all.
    const guesser = new Client(api.url);
    const wrong = await guesser.post('/api/auth/login', { identifier: body.email, password: 'Wrong@2026x' });
    const nobody = await guesser.post('/api/auth/login', {
      identifier: `nobody.${body.email}`,
      password: 'Wrong@2026x',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(nobody.body);
    expect(wrong.text).not.toContain('code');

    // Signing in by the mobile number with the right password: the code is the only step left.
    const admin = new Client(api.url);
    const pending = await admin.signIn(body.phoneNumber, body.password);
    expect(pending).toMatchObject({ status: 'pending', awaitsEmailCode: true, email: body.email, permissions: [] });
    expect((await admin.get('/api/auth/user')).body).toMatchObject({ awaitsEmailCode: true });

    const first = await codeSentTo(body.email);
    expect((await admin.post('/api/signup/resend', { email: body.email }, { localAddress })).status).toBe(200);
    const second = await codeSentTo(body.email);
    if (first !== second)
      expect(
        (await admin.post('/api/signup/verify', { email: body.email, code: first }, { localAddress })).status,
      ).toBe(400);
    const verified = await admin.post('/api/signup/verify', { email: body.email, code: second }, { localAddress });
    expect(verified.status, verified.text).toBe(200);

    // The session of that sign-in now acts as the active admin, without signing in again.
    const me = await admin.get('/api/auth/user');
    expect(me.body).toMatchObject({ status: 'active', role: 'admin' });
    expect(me.body.awaitsEmailCode).toBeUndefined();
    expect((await admin.get('/api/facilities')).body).toHaveLength(1);
  });

  it('asks no code of an account that waits for an administrator, nor of a verified admin', async () => {
    const org = await signUpOrganisation(api.url);
    expect((await org.admin.get('/api/auth/user')).body.awaitsEmailCode).toBeUndefined();

    // As a registration leaves an applicant: pending, its own e-mail code not yet entered either.
    const email = `applicant.${org.email}`;
    await createUser(
      {
        tenantId: 'demo',
        username: email,
        email,
        phoneNumber: null,
        firstName: 'Kiran',
        lastName: 'Rao',
        profileImageUrl: null,
        role: 'security_officer',
        extraRoles: [],
        userType: 'dockyard_employee',
        status: 'pending',
        isVerified: false,
        passwordHash: await hashPassword(SIGNUP_PASSWORD),
        emailVerified: false,
        emailVerification: newEmailCode().pending,
      },
      null,
    );
    const applicant = await new Client(api.url).signIn(email, SIGNUP_PASSWORD);
    expect(applicant).toMatchObject({ status: 'pending', permissions: [] });
    expect(applicant.awaitsEmailCode).toBeUndefined();
  });
});
