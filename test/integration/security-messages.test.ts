// Issue #52 items 1 and 2, from the attacker's side, through the local HTTP path.
// 1. A driver renames themself "DockSaathi" in My data, hoping My data lists every message of the
//    tenant whose text holds that word (an SMS invitation of a new admin among them), and accepts the
//    invitation's link to become the tenant's admin. My data lists only the messages sent to the
//    driver's own number, so there is no link to accept.
// 2. An operations user (messaging:send) reads the message log for a live sign-in code and an admin
//    invitation: both are masked there (`••••••`, `/invite/••••`); the real code and link reach the
//    provider only (locally: the local outbox, where the sign-in still works with the code), and no
//    other item of the table holds them (a Scan in this test only).
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { Client, startTestApi, type TestApi } from '../support/api';
import { nextAddress } from '../support/tenancy';
import { ddb } from '../../functions/lib/aws';
import { config } from '../../functions/lib/config';
import { hashPassword } from '../../functions/lib/passwords';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { localOutbox } from '../../functions/messaging';
import { createUser } from '../../functions/users';

// The demo driver account drives as Suresh Kumar (functions/local/seed.ts), written out by hand.
const SURESH_E164 = '+919800000004';
const DOCK_ASSIGNED = 'Dock D07 assigned! Please proceed for loading/unloading.';

let api: TestApi;
let ops: Client;
let admin: Client;
let driver: Client;

beforeAll(async () => {
  // The sign-in code is sent by its worker (issue #52.3: the send is queued).
  api = await startTestApi({ workers: ['auth-sign-in-codes'] });
  [ops, admin, driver] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  await ops.signIn('operations');
  await admin.signIn('admin');
  await driver.signIn('driver');
}, 120_000);
afterAll(() => api?.close());

const mobile = () => `9${String(randomInt(100_000_000, 999_999_999))}`;
const accept = (token: string) =>
  new Client(api.url).post(
    '/api/invitations/accept',
    { token, firstName: 'Mallory', lastName: 'Driver', password: 'Takeover2026!' },
    { localAddress: nextAddress() },
  );

/** An SMS invitation of a new admin of the demo hub; answers the invited number (E.164). */
async function inviteAdminBySms(): Promise<string> {
  const phone = mobile();
  const created = await admin.post('/api/invitations', { phoneNumber: phone, role: 'admin' });
  expect(created.status, created.text).toBe(201);
  return `+91${phone}`;
}

/** The newest message the local outbox (the provider's side) holds for the number. */
const sentTo = async (to: string) => (await localOutbox(500)).find((m) => m.to === to);

const logEntries = async (to: string) =>
  ((await ops.get('/api/messaging/messages?limit=100')).body.items as Record<string, unknown>[]).filter(
    (m) => m.to === to,
  );

describe('a driver renamed "DockSaathi" reads no message of the tenant (issue #52.1)', () => {
  it('My data lists only the messages sent to the driver; the invitation is not there to accept', async () => {
    // Prepare: an admin invitation by SMS (its text says "DockSaathi"), and one message to Suresh.
    await inviteAdminBySms();
    const toSuresh = await ops.post('/api/notifications/send', {
      channels: ['sms'],
      language: 'en',
      templateKey: 'dock_assigned',
      to: SURESH_E164,
      message: DOCK_ASSIGNED,
    });
    expect(toSuresh.status, toSuresh.text).toBe(200);
    // Act: the driver renames themself, then reads My data and takes any invitation link it shows.
    const mine = await driver.get('/api/privacy/my-data');
    expect(mine.status, mine.text).toBe(200);
    const renamed = await driver.request('PATCH', '/api/privacy/my-data', {
      body: { name: 'DockSaathi', revision: mine.body.driver.revision },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const after = await driver.get('/api/privacy/my-data');
    expect(after.status, after.text).toBe(200);
    const messages = after.body.messages as { to: string; body: string }[];
    const token = /\/invite\/([A-Za-z0-9_-]{20,})/.exec(JSON.stringify(messages))?.[1];
    const accepted = await accept(token ?? 'x'.repeat(43));
    // Assess: only Suresh's own messages, the one sent above among them; no invitation was accepted.
    expect(accepted.status).toBe(404);
    expect(token).toBeUndefined();
    expect(messages.map((m) => m.to)).toEqual(messages.map(() => SURESH_E164));
    expect(messages.map((m) => m.body)).toContain(DOCK_ASSIGNED);
  });
});

describe('no secret in the message log (issue #52.2)', () => {
  it('an operations user reads a live sign-in code and an admin invitation masked; only the provider got them', async () => {
    // Prepare: an account that signs in by code (a truck owner of a carrier of its own), asking for a code.
    const carrier = await ops.post('/api/carriers', {
      name: `Fleet ${randomUUID().slice(0, 8)}`,
      serviceTypes: ['FTL'],
    });
    expect(carrier.status, carrier.text).toBe(201);
    const ownerPhone = mobile();
    await createUser(
      {
        tenantId: DEMO_TENANT_ID,
        username: `owner-${randomUUID().slice(0, 8)}`,
        email: null,
        phoneNumber: `+91${ownerPhone}`,
        firstName: 'Baldev',
        lastName: 'Singh',
        profileImageUrl: null,
        role: 'truck_owner',
        extraRoles: [],
        userType: 'external_user',
        status: 'active',
        isVerified: true,
        passwordHash: await hashPassword('Strong#Pass1'),
        carrierId: carrier.body.id,
        profile: {},
      },
      null,
    );
    const from = nextAddress();
    const owner = new Client(api.url);
    expect(
      (await owner.post('/api/auth/mobile-code', { phoneNumber: ownerPhone }, { localAddress: from })).status,
    ).toBe(200);
    const invited = await inviteAdminBySms();
    // Act: what the provider was handed (the local outbox), and what operations reads in the log.
    await expect
      .poll(async () => (await sentTo(`+91${ownerPhone}`))?.body, { timeout: 20_000 })
      .toMatch(/sign-in code is \d{6}/);
    const code = /sign-in code is (\d{6})/.exec((await sentTo(`+91${ownerPhone}`))!.body)![1]!;
    const invitation = (await sentTo(invited))!.body;
    const link = /(https?:\/\/\S+\/invite\/)([A-Za-z0-9_-]+)/.exec(invitation)!;
    const [, linkStart, inviteToken] = link;
    await expect.poll(async () => (await logEntries(`+91${ownerPhone}`)).length, { timeout: 20_000 }).toBe(1);
    const [codeEntry] = await logEntries(`+91${ownerPhone}`);
    const [inviteEntry] = await logEntries(invited);
    // Assess: masked in the log, as the template and its values.
    expect(codeEntry).toMatchObject({
      template: 'sign_in_code',
      body: 'Your DockSaathi sign-in code is ••••••. It is valid for 10 minutes. Do not share it with anyone.',
      values: { code: '••••••' },
    });
    expect(inviteEntry).toMatchObject({
      template: 'hub_invitation',
      body: invitation.replace(inviteToken!, '••••'),
      values: { inviteLink: `${linkStart}••••` },
    });
    expect(JSON.stringify(inviteEntry)).not.toContain(inviteToken);
    // No item but the local outbox (and its once-per-message marker) holds the code's text or the token.
    const holders: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await ddb().send(new ScanCommand({ TableName: config.tableName, ExclusiveStartKey: start }));
      for (const item of page.Items ?? []) {
        const text = JSON.stringify(item);
        if (text.includes(`code is ${code}`) || text.includes(inviteToken!)) holders.push(String(item.PK));
      }
      start = page.LastEvaluatedKey;
    } while (start);
    expect(holders.length).toBeGreaterThan(0);
    expect(holders.filter((pk) => pk !== 'OUTBOX')).toEqual([]);
    // The code the provider carried still signs the owner in: the secret reached the one who needs it.
    const signedIn = await owner.post(
      '/api/auth/mobile-code/verify',
      { phoneNumber: ownerPhone, code },
      { localAddress: from },
    );
    expect(signedIn.status, signedIn.text).toBe(200);
  });
});
