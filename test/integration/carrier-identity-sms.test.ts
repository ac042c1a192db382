// The SMS of a platform carrier person's sign-in code (issue #59) really goes out, through the real
// path: POST /api/carrier-identity/mobile-code writes the code's item, the sign-in code sender on the
// table's stream ('auth-sign-in-codes') sends it through messaging as a system SMS of the platform (a
// carrier is not a tenant: no hub's sender or settings), and the code read from the local stack's sent
// SMS signs the owner in. Each person's SMS comes in the language chosen for them (a driver in Hindi);
// a hub's invitation is told to the carrier's owner by SMS in the owner's language with the link to
// "My hubs", logged in the carrier's space and not the hub's, and the invitation holds when the SMS
// cannot go. An unknown language is refused in English and Hindi with nothing written. Expected values
// are written by hand.
import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Client, startTestApi, type TestApi } from '../support/api';
import { nextAddress } from '../support/tenancy';
import { getMessage, messagesTo } from '../../functions/messaging/message.store';
import {
  getHubLink,
  identityKeys,
  identityOfGstin,
  listPeople,
  personOfPhone,
} from '../../functions/carrier-identity/identity.store';
import { ddb } from '../../functions/lib/aws';
import { config } from '../../functions/lib/config';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { gstinCheckCharacter } from '../../shared/gstin';

let api: TestApi;
let demoStaff: Client;

beforeAll(async () => {
  api = await startTestApi({ workers: ['auth-sign-in-codes', 'messaging-notifier'] });
  demoStaff = new Client(api.url);
  await demoStaff.signIn('operations');
});
afterAll(() => api?.close());
afterEach(() => vi.unstubAllEnvs());

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

const hindi = { headers: { 'accept-language': 'hi' } };

async function register(language?: string) {
  const gstin = newGstin();
  const phone = mobile();
  const res = await new Client(api.url).post('/api/carrier-identity/register', {
    gstin,
    name: 'Narmada Carriers',
    ownerName: 'Meena Joshi',
    phoneNumber: phone,
    ...(language ? { language } : {}),
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.identity.id as string, gstin, phone, person: res.body.person };
}

/** Signs a carrier person in with the code read from the SMS the worker sent. */
async function signIn(phone: string): Promise<Client> {
  const client = new Client(api.url);
  const localAddress = nextAddress();
  expect(
    (await client.post('/api/carrier-identity/mobile-code', { phoneNumber: phone }, { localAddress })).status,
  ).toBe(200);
  await expect.poll(() => sentCode(phone), { timeout: 15_000 }).toMatch(/^\d{6}$/);
  const verified = await client.post(
    '/api/carrier-identity/mobile-code/verify',
    { phoneNumber: phone, code: await sentCode(phone) },
    { localAddress },
  );
  expect(verified.status, verified.text).toBe(200);
  return client;
}

describe("a carrier person's language", () => {
  it("sends a Hindi driver's sign-in code in Hindi; a person stored without a language reads as English", async () => {
    const carrier = await register();
    expect(carrier.person.language).toBe('en');
    const owner = await signIn(carrier.phone);
    const driverPhone = mobile();
    const added = await owner.post('/api/carrier-identity/drivers', {
      name: 'Ramesh Yadav',
      phoneNumber: driverPhone,
      licenseNumber: 'MP0920190012345',
      language: 'hi',
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({ role: 'driver', language: 'hi' });

    await signIn(driverPhone);
    const [sms] = await smsTo(driverPhone);
    expect(sms!.body).toMatch(/^आपका DockSaathi साइन-इन कोड \d{6} है। यह 10 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।$/);
    expect(await getMessage(`carrier~${carrier.id}`, sms!.messageId!)).toMatchObject({
      template: 'sign_in_code',
      language: 'hi',
      status: 'sent',
    });

    // An owner added before people had a language (the item has none): English.
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: identityKeys.person(carrier.id, carrier.person.id),
        UpdateExpression: 'REMOVE #l',
        ExpressionAttributeNames: { '#l': 'language' },
      }),
    );
    expect((await listPeople(carrier.id)).find((p) => p.role === 'owner')?.language).toBe('en');
    expect((await owner.get('/api/carrier-identity/me')).body.person.language).toBe('en');
  });

  it('refuses an unknown language in English and Hindi, and writes nothing', async () => {
    const gstin = newGstin();
    const phone = mobile();
    const body = { gstin, name: 'Kaveri Movers', ownerName: 'Suma Rao', phoneNumber: phone, language: 'fr' };
    const english = await new Client(api.url).post('/api/carrier-identity/register', body);
    expect(english.status).toBe(400);
    expect(english.body.errors.language).toBe('Unknown language: use en or hi');
    const inHindi = await new Client(api.url).post('/api/carrier-identity/register', body, hindi);
    expect(inHindi.status).toBe(400);
    expect(inHindi.body.errors.language).toBe('अज्ञात भाषा: "en" या "hi" का उपयोग करें');
    expect(await identityOfGstin(gstin)).toBeNull();
    expect(await personOfPhone(`+91${phone}`)).toBeNull();

    const carrier = await register();
    const owner = await signIn(carrier.phone);
    const driverPhone = mobile();
    const driver = await owner.post(
      '/api/carrier-identity/drivers',
      { name: 'Ravi Kumar', phoneNumber: driverPhone, licenseNumber: 'KA0120200054321', language: 'mr' },
      hindi,
    );
    expect(driver.status).toBe(400);
    expect(driver.body.errors.language).toBe('अज्ञात भाषा: "en" या "hi" का उपयोग करें');
    const dispatcher = await owner.post('/api/carrier-identity/people', {
      name: 'Asha Patil',
      phoneNumber: mobile(),
      role: 'dispatcher',
      language: 'EN',
    });
    expect(dispatcher.status).toBe(400);
    expect(dispatcher.body.errors.language).toBe('Unknown language: use en or hi');
    expect((await listPeople(carrier.id)).map((p) => p.role)).toEqual(['owner']);
    expect(await personOfPhone(`+91${driverPhone}`)).toBeNull();
  });
});

describe("a hub's invitation, told to the carrier's owner", () => {
  async function hubRecord(name: string): Promise<string> {
    const res = await demoStaff.post('/api/carriers', { name, serviceTypes: ['FTL'] });
    expect(res.status, res.text).toBe(201);
    return res.body.id;
  }

  it("sends the owner one SMS in the owner's language with the link to My hubs, in the carrier's log only", async () => {
    const carrier = await register('hi');
    expect(carrier.person.language).toBe('hi');
    const invited = await demoStaff.post('/api/carrier-links/invitations', {
      gstin: carrier.gstin,
      carrierId: await hubRecord('Narmada Carriers (Bhiwandi)'),
    });
    expect(invited.status, invited.text).toBe(201);

    const sent = await smsTo(carrier.phone);
    expect(sent.map((m) => m.body)).toEqual([
      `Demo Logistics Pvt Ltd ने आपकी कंपनी को DockSaathi पर डॉक अपॉइंटमेंट बुक करने के लिए आमंत्रित किया है। स्वीकार करने के लिए साइन इन करें: ${api.url}/my-hubs`,
    ]);
    const [logged] = (await messagesTo(`carrier~${carrier.id}`, `+91${carrier.phone}`)).items;
    expect(logged).toMatchObject({ template: 'carrier_invitation', language: 'hi', status: 'sent' });
    // The owner's number is the carrier's: the hub's message log has nothing to it.
    expect((await messagesTo(DEMO_TENANT_ID, `+91${carrier.phone}`)).items).toEqual([]);

    // The link leads to the invitation: the owner signs in and finds it on My hubs.
    const owner = await signIn(carrier.phone);
    expect((await owner.get('/api/carrier-identity/invitations')).body).toEqual([
      expect.objectContaining({ tenantId: DEMO_TENANT_ID, hubName: 'Demo Logistics Pvt Ltd' }),
    ]);
  });

  it('holds the invitation when the SMS cannot go (no platform DLT registration): the SMS is logged failed', async () => {
    const carrier = await register();
    const record = await hubRecord('Narmada Carriers (Thane)');
    vi.stubEnv('MESSAGING_MODE', 'live');
    vi.stubEnv('PLATFORM_SMS_DLT', '');
    const invited = await demoStaff.post('/api/carrier-links/invitations', { gstin: carrier.gstin, carrierId: record });
    vi.unstubAllEnvs();
    expect(invited.status, invited.text).toBe(201);
    expect(await getHubLink(DEMO_TENANT_ID, carrier.id)).toMatchObject({ status: 'invited', carrierId: record });
    expect(await smsTo(carrier.phone)).toEqual([]);
    expect((await messagesTo(`carrier~${carrier.id}`, `+91${carrier.phone}`)).items).toEqual([
      expect.objectContaining({
        template: 'carrier_invitation',
        language: 'en',
        status: 'failed',
        reason: 'Not sent: the platform’s DLT registration is missing from this deployment’s configuration',
      }),
    ]);
  });
});
