// Sign-in codes hold against guessing (issue #52.3), through the local HTTP path: twenty concurrent
// wrong codes claim five attempts and no more, so the right code is refused after them; guesses at
// one number are limited whatever address they come from; the table keeps a keyed hash of the code,
// never the code; and asking for a code answers a number we hold and one we do not alike, with the
// same item written for both (the SMS goes out from the sender worker, for the account's number only).
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { nextAddress } from '../support/tenancy';
import { createUser } from '../../functions/users';
import { hashPassword } from '../../functions/lib/passwords';
import { ddb } from '../../functions/lib/aws';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { awayFromWindowEnd, WITH_WINDOW_WAIT_MS } from '../support/windows';
import { SIGN_IN_CODE } from '../../functions/auth/sign-in-code';

let api: TestApi;
let ops: Client;

beforeAll(async () => {
  api = await startTestApi({ workers: ['auth-sign-in-codes'] });
  ops = new Client(api.url);
  await ops.signIn('operations');
}, 180_000);
afterAll(() => api?.close());

const REFUSED = 'The code is wrong or has expired. Request a new code.';
const TOO_MANY = 'Too many codes were requested for this number. Please try again later.';
const SENT =
  'If this mobile number belongs to an account, a 6-digit code has been sent to it. It is valid for 10 minutes.';

const mobile = () => `9${String(randomInt(100_000_000, 999_999_999))}`;
const outbox = async () => (await import('../../functions/messaging/outbox.store')).localOutbox(500);
const codeSentTo = async (phone: string) => {
  const sms = (await outbox()).find((m) => m.channel === 'sms' && m.to === `+91${phone}`);
  return sms ? /sign-in code is (\d{6})/.exec(sms.body)?.[1] : undefined;
};
/** The number's code item as the table holds it. */
const storedCode = async (phone: string) =>
  (
    await ddb().send(
      new GetCommand({
        TableName: api.tableName,
        Key: { PK: `SIGNIN-CODE#+91${phone}`, SK: 'CODE' },
        ConsistentRead: true,
      }),
    )
  ).Item;

/** A truck owner's account (signs in by code) on a carrier of its own; its 10-digit number. */
async function truckOwner(): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const carrier = await ops.post('/api/carriers', {
    name: `Guess Fleet ${tag}`,
    contactEmail: `fleet.${tag}@example.in`,
    serviceTypes: ['FTL'],
  });
  expect(carrier.status, carrier.text).toBe(201);
  const phone = mobile();
  await createUser(
    {
      tenantId: DEMO_TENANT_ID,
      username: `owner-${tag}`,
      email: null,
      phoneNumber: `+91${phone}`,
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
  return phone;
}

const askForCode = (phone: string) =>
  new Client(api.url).post('/api/auth/mobile-code', { phoneNumber: phone }, { localAddress: nextAddress() });
const verify = (phone: string, code: string, localAddress = nextAddress(), headers: Record<string, string> = {}) =>
  new Client(api.url).post('/api/auth/mobile-code/verify', { phoneNumber: phone, code }, { localAddress, headers });

describe('sign-in codes against guessing', () => {
  it('twenty concurrent wrong codes use up the 5 attempts, and then the right code is refused', async () => {
    // Prepare: an account's code, read where the local stack's SMS lands.
    const phone = await truckOwner();
    expect((await askForCode(phone)).status).toBe(200);
    await expect.poll(() => codeSentTo(phone), { timeout: 30_000 }).toMatch(/^\d{6}$/);
    const code = (await codeSentTo(phone))!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    // Act: the attacker's twenty guesses at once. Deployed, each runs in a Lambda of its own, truly in
    // parallel; the local emulator runs requests in one process, where each request's own CPU time
    // staggers them, so the burst goes to the verify use case itself, as twenty Lambdas would run it.
    const { signInWithCode } = await import('../../functions/auth/sign-in-code');
    const from = nextAddress();
    const guesses = await Promise.allSettled(
      Array.from({ length: 20 }, () => signInWithCode({ phoneNumber: phone, code: wrong }, from)),
    );
    // Assess: each refused alike, five attempts counted (none lost in the race), the right code refused.
    expect(guesses.map((g) => (g.status === 'rejected' ? (g.reason as Error).message : 'signed in'))).toEqual(
      Array(20).fill(REFUSED),
    );
    expect((await storedCode(phone))?.attempts).toBe(5);
    const right = await verify(phone, code);
    expect(right.status).toBe(401);
    expect(right.body.message).toBe(REFUSED);
    expect((await storedCode(phone))?.attempts).toBe(5);
  });

  it(
    'limits guesses at one number from any number of addresses: 25 an hour, then 429 (English and Hindi)',
    async () => {
      const phone = await truckOwner();
      await awayFromWindowEnd(SIGN_IN_CODE.verifyPerNumber);
      expect((await askForCode(phone)).status).toBe(200);
      const statuses = [];
      for (let i = 0; i < 25; i++) statuses.push((await verify(phone, '000000')).status);
      expect(statuses).toEqual(Array(25).fill(401));
      const limited = await verify(phone, '000000');
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(TOO_MANY);
      const hindi = await verify(phone, '000000', nextAddress(), { 'accept-language': 'hi' });
      expect(hindi.status).toBe(429);
      expect(hindi.body.message).toBe('इस नंबर के लिए बहुत अधिक कोड मँगाए गए। कृपया बाद में फिर से प्रयास करें।');
    },
    WITH_WINDOW_WAIT_MS,
  );

  it('keeps a keyed hash of the code, never the code or its plain hash; the sealed copy goes once sent', async () => {
    const phone = await truckOwner();
    expect((await askForCode(phone)).status).toBe(200);
    await expect.poll(() => codeSentTo(phone), { timeout: 30_000 }).toMatch(/^\d{6}$/);
    const code = (await codeSentTo(phone))!;
    await expect.poll(async () => (await storedCode(phone))?.sealedCode, { timeout: 30_000 }).toBeUndefined();
    const item = (await storedCode(phone))!;
    expect(item.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(item.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(item.codeHash).not.toBe(createHash('sha256').update(`+91${phone}\n${code}`).digest('hex'));
    for (const value of Object.values(item)) expect(String(value)).not.toContain(code);
    // The hash still signs in with the right code.
    const signedIn = await verify(phone, code);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(await storedCode(phone)).toBeUndefined();
  });

  it('answers a number we hold and one we do not alike, and writes the same item for both', async () => {
    const held = await truckOwner();
    const stranger = mobile();
    const [a, b] = [await askForCode(held), await askForCode(stranger)];
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.text).toBe(b.text);
    expect(b.body).toEqual({ message: SENT });
    const shape = (item: Record<string, unknown> | undefined) => ({
      codeHash: typeof item?.codeHash,
      attempts: item?.attempts,
      expiresAt: typeof item?.expiresAt,
    });
    expect(shape(await storedCode(stranger))).toEqual({ codeHash: 'string', attempts: 0, expiresAt: 'number' });
    expect(shape(await storedCode(held))).toEqual(shape(await storedCode(stranger)));
    // Only the account's number gets an SMS; the stranger's sealed code is forgotten all the same.
    await expect.poll(() => codeSentTo(held), { timeout: 30_000 }).toMatch(/^\d{6}$/);
    await expect.poll(async () => (await storedCode(stranger))?.sealedCode, { timeout: 30_000 }).toBeUndefined();
    expect((await outbox()).some((m) => m.to === `+91${stranger}`)).toBe(false);
    // A guess at the stranger's number is refused like any wrong code.
    const guess = await verify(stranger, '123456');
    expect(guess.status).toBe(401);
    expect(guess.body.message).toBe(REFUSED);
  });
});
