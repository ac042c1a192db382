// The SMS of a platform carrier person's sign-in code (issue #59) really goes out, through the real
// path: POST /api/carrier-identity/mobile-code writes the code's item, the sign-in code sender on the
// table's stream ('auth-sign-in-codes') sends it through messaging as a system SMS of the platform (a
// carrier is not a tenant: no hub's sender or settings), and the code read from the local stack's sent
// SMS signs the owner in. Expected values are written by hand.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { nextAddress } from '../support/tenancy';
import { getMessage } from '../../functions/messaging/message.store';
import { gstinCheckCharacter } from '../../shared/gstin';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ workers: ['auth-sign-in-codes', 'messaging-notifier'] });
});
afterAll(() => api?.close());

const outbox = async () => (await import('../../functions/messaging/outbox.store')).localOutbox(500);
const letters = () =>
  Array.from({ length: 5 }, () => String.fromCharCode(65 + randomInt(0, 26))).join('') +
  String(randomInt(1000, 9999)) +
  String.fromCharCode(65 + randomInt(0, 26));
const newGstin = () => {
  const first14 = `27${letters()}1Z`;
  return first14 + gstinCheckCharacter(first14);
};
const mobile = () => `9${String(randomInt(100_000_000, 999_999_999))}`;

const smsTo = async (phone: string) => (await outbox()).filter((m) => m.channel === 'sms' && m.to === `+91${phone}`);
const sentCode = async (phone: string) => {
  for (const sms of await smsTo(phone)) {
    const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
    if (code) return code;
  }
  return undefined;
};

describe("a carrier person's sign-in code by SMS", () => {
  it('goes out to the registered owner, and that code signs the owner in', async () => {
    const phone = mobile();
    const registered = await new Client(api.url).post('/api/carrier-identity/register', {
      gstin: newGstin(),
      name: 'Megh Freight',
      ownerName: 'Anil Patil',
      phoneNumber: phone,
    });
    expect(registered.status, registered.text).toBe(201);

    const client = new Client(api.url);
    const localAddress = nextAddress();
    const asked = await client.post('/api/carrier-identity/mobile-code', { phoneNumber: phone }, { localAddress });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body.message).toBe(
      'If this mobile number belongs to an account, a 6-digit code has been sent to it. It is valid for 10 minutes.',
    );

    // The sender on the table's stream sends it a moment later.
    await expect.poll(() => sentCode(phone), { timeout: 15_000 }).toMatch(/^\d{6}$/);
    const sms = (await smsTo(phone))[0]!;
    expect(sms.body).toMatch(/^Your DockSaathi sign-in code is \d{6}\./);
    // The platform's own sender (SNS with the platform's DLT registration): a carrier has no hub's settings.
    expect(sms.provider).toBe('sns-sms');
    const code = (await sentCode(phone))!;
    // The log keeps it as sent, under the carrier's own space, with the code masked.
    const logged = await getMessage(`carrier~${registered.body.identity.id}`, sms.messageId!);
    expect(logged).toMatchObject({ status: 'sent', template: 'sign_in_code', language: 'en' });
    expect(logged!.body).not.toContain(code);

    const verified = await client.post(
      '/api/carrier-identity/mobile-code/verify',
      { phoneNumber: phone, code },
      { localAddress },
    );
    expect(verified.status, verified.text).toBe(200);
    const me = await client.get('/api/carrier-identity/me');
    expect(me.status, me.text).toBe(200);
    expect(me.body.person).toMatchObject({ name: 'Anil Patil', role: 'owner', phoneNumber: `+91${phone}` });
  });

  it('sends nothing to a number no carrier person holds, with the same answer', async () => {
    const stranger = mobile();
    const asked = await new Client(api.url).post(
      '/api/carrier-identity/mobile-code',
      { phoneNumber: stranger },
      { localAddress: nextAddress() },
    );
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(
      'If this mobile number belongs to an account, a 6-digit code has been sent to it. It is valid for 10 minutes.',
    );
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await smsTo(stranger)).toEqual([]);
  });
});
