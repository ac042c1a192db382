// Notice and consent where data is first taken (issue #36) through the local HTTP path: a guest
// booking stores the notice version, time, channel and opt-ins; the booking does not depend on them;
// WhatsApp goes only to a number that agreed; withdrawing from the signed choices link takes effect
// at once; a forged or altered link opens nothing; consent is the tenant's own; "my data" lists it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { day } from '../support/appointments';
import { nextAddress } from '../support/tenancy';

let api: TestApi;
let ops: Client;

beforeAll(async () => {
  api = await startTestApi({ workers: ['event-forwarder', 'messaging-notifier'] });
  ops = new Client(api.url);
  await ops.signIn('operations');
}, 120_000);
afterAll(async () => api?.close());

const NOTICE = '2026-11-v1';
const mobile = () => `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const consent = (whatsapp: boolean, sms = false) => ({
  noticeVersion: NOTICE,
  language: 'hi',
  messaging: { sms, whatsapp },
});

async function facilityLink() {
  const created = await ops.post('/api/facilities', {
    name: `Consent Hub ${randomUUID().slice(0, 6)}`,
    address: 'Plot 9, MIDC Chakan',
    city: 'Pune',
    state: 'Maharashtra',
    zipCode: '410501',
    operatingHoursStart: '08:00',
    operatingHoursEnd: '18:00',
    timeZone: 'Asia/Kolkata',
    slotMinutes: 60,
    slotCapacity: 4,
  });
  expect(created.status, created.text).toBe(201);
  const link = await ops.get(`/api/facilities/${created.body.id}/link`);
  return link.body.token as string;
}

const book = (link: string, phone: string, slot: string, extra: Record<string, unknown>) =>
  new Client(api.url).post(
    '/api/bookings/slot',
    {
      ownerType: 'Driver',
      vehicleNumber: 'MH14CX4410',
      vehicleType: 'Truck',
      capacityTons: 9,
      driverName: 'Kavita Jadhav',
      driverLicense: 'MH1420180044444',
      mobileNumber: phone,
      expectedArrivalDate: new Date().toISOString(),
      slotId: slot,
      facility: link,
      language: 'hi',
      ...extra,
    },
    { localAddress: nextAddress() },
  );

/** The sink's messages to `to`, once there are `count` (or the time is up). */
async function sentTo(to: string, count = 1, timeoutMs = 10_000) {
  const { localOutbox } = await import('../../functions/messaging');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await localOutbox(500)).filter((m) => m.to === to);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const history = async (tenantId: string, phone: string) =>
  (await import('../../functions/consent')).consentHistory(tenantId, phone);
const tokenFor = async (phone: string) => (await import('../../functions/consent')).choicesToken('demo', phone);

describe('consent at the guest booking', () => {
  it('books without any opt-in, records the notice version, time and channel, and sends no WhatsApp', async () => {
    // Prepare
    const link = await facilityLink();
    const phone = mobile();
    const before = Date.now();
    // Act
    const res = await book(link, phone, `${day(5)}_0900`, { consent: consent(false) });
    // Assess
    expect(res.status, res.text).toBe(201);
    const records = await history('demo', phone);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      noticeVersion: NOTICE,
      channel: 'booking_link',
      language: 'hi',
      purposes: ['service'],
      withdrawn: [],
    });
    expect(Date.parse(records[0]!.at)).toBeGreaterThanOrEqual(before - 1000);
    const sent = await sentTo(phone);
    expect(sent.map((m) => m.channel)).toEqual(['sms']);
  });

  it('a guest who agreed to WhatsApp gets the confirmation there; after withdrawing from the link, the next one goes by SMS', async () => {
    // Prepare
    const link = await facilityLink();
    const phone = mobile();
    // Act
    const first = await book(link, phone, `${day(5)}_1000`, { consent: consent(true) });
    // Assess
    expect(first.status, first.text).toBe(201);
    expect((await history('demo', phone))[0]!.purposes).toEqual(['service', 'whatsapp']);
    expect((await sentTo(phone)).map((m) => m.channel)).toEqual(['whatsapp']);
    // Act: withdraw WhatsApp from the person's link
    const token = await tokenFor(phone);
    const page = await new Client(api.url).get(`/api/privacy/choices/${token}`, { localAddress: nextAddress() });
    expect(page.status, page.text).toBe(200);
    expect(page.body.choices).toEqual({ sms: false, whatsapp: true, marketing: false });
    const withdrawn = await new Client(api.url).post(
      `/api/privacy/choices/${token}`,
      { withdraw: ['whatsapp'] },
      { localAddress: nextAddress() },
    );
    // Assess
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.body.choices).toEqual({ sms: false, whatsapp: false, marketing: false });
    expect((await history('demo', phone)).at(-1)).toMatchObject({ channel: 'choices_link', withdrawn: ['whatsapp'] });
    const second = await book(link, phone, `${day(5)}_1100`, { consent: consent(false) });
    expect(second.status, second.text).toBe(201);
    // The first went by WhatsApp (above): the second is the SMS.
    expect((await sentTo(phone, 2)).map((m) => m.channel).sort()).toEqual(['sms', 'whatsapp']);
  });

  it('one person has one link; a forged or altered token opens nothing', async () => {
    const phone = mobile();
    const token = (await tokenFor(phone))!;
    // The same link id, whichever way the number is written; the expiry in the token counts from each
    // signing (a second apart, they differ), so the ids are compared, not the tokens.
    const { linkIdOf } = await import('../../functions/lib/signed-link');
    expect(linkIdOf(token)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(linkIdOf((await tokenFor(phone.replace('+91', '0')))!)).toBe(linkIdOf(token));
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [altered, 'AAAAAAAAAAAAAAAA~AAAAAAAAAAAAAAAAAAAAAA', 'not-a-token']) {
      const get = await new Client(api.url).get(`/api/privacy/choices/${bad}`, { localAddress: nextAddress() });
      expect(get.status, get.text).toBe(404);
      const post = await new Client(api.url).post(
        `/api/privacy/choices/${bad}`,
        { withdraw: ['sms'] },
        {
          localAddress: nextAddress(),
        },
      );
      expect(post.status, post.text).toBe(404);
    }
  });

  it('refuses a consent naming an old notice, or an empty withdrawal, and books nothing', async () => {
    const link = await facilityLink();
    const phone = mobile();
    const res = await book(link, phone, `${day(5)}_1200`, { consent: { ...consent(true), noticeVersion: '2020-01' } });
    expect(res.status, res.text).toBe(400);
    expect(await history('demo', phone)).toEqual([]);
    const token = await tokenFor(phone);
    const none = await new Client(api.url).post(
      `/api/privacy/choices/${token}`,
      { withdraw: [] },
      {
        localAddress: nextAddress(),
      },
    );
    expect(none.status, none.text).toBe(400);
    expect(none.body.errors).toMatchObject({ withdraw: 'Choose what to withdraw' });
  });

  it("keeps a tenant's consent records to that tenant", async () => {
    const link = await facilityLink();
    const phone = mobile();
    expect((await book(link, phone, `${day(5)}_1300`, { consent: consent(true) })).status).toBe(201);
    expect(await history('demo', phone)).toHaveLength(1);
    expect(await history('another-tenant', phone)).toEqual([]);
    const { messagingAllowed } = await import('../../functions/consent');
    expect(await messagingAllowed('another-tenant', phone)).toEqual({ whatsapp: false, sms: true });
  });
});

/** A PDF as writers produce it: header, body, cross-reference table, trailer, startxref, %%EOF. */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
  Buffer.alloc(2000, 0x20),
  Buffer.from(
    '\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n2040\n%%EOF\n',
  ),
]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);

/** A document uploaded through the presigned POST, as the sign-up form does. */
async function upload(address: string, documentType: string, bytes: Buffer, contentType: string) {
  const res = await new Client(api.url).post(
    '/api/auth/register/uploads',
    { documentType, fileName: `${documentType}.bin`, contentType, size: bytes.length },
    { localAddress: address },
  );
  expect(res.status, res.text).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(res.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  expect([200, 201, 204]).toContain((await fetch(res.body.url, { method: 'POST', body: form })).status);
  return res.body.uploadId as string;
}

describe('consent at the driver sign-up and the gate', () => {
  it('a driver who signs up agreeing to SMS only has that recorded, channel driver_signup', async () => {
    const phone = mobile();
    const address = nextAddress();
    const documents = [
      { documentType: 'driving_license', uploadId: await upload(address, 'driving_license', PDF, 'application/pdf') },
      { documentType: 'aadhar_card', uploadId: await upload(address, 'aadhar_card', PNG, 'image/png') },
    ];
    const res = await new Client(api.url).post(
      '/api/auth/register',
      {
        userData: {
          email: `consent.${randomUUID().slice(0, 8)}@example.in`,
          firstName: 'Meena',
          lastName: 'Gaikwad',
          phoneNumber: phone,
          password: 'Strong#Pass1',
          userType: 'external_user',
          role: 'driver',
          userCategory: 'external_user',
        },
        variant: {
          driverLicense: 'MH1220210067890',
          aadharCard: '1234 5678 9012',
          vehicleNumber: 'MH12KL3456',
          vehicleType: 'Truck',
        },
        documents,
        consent: { noticeVersion: NOTICE, language: 'en', messaging: { sms: true, whatsapp: false } },
      },
      { localAddress: address },
    );
    expect(res.status, res.text).toBe(201);
    expect(await history('demo', phone)).toEqual([
      expect.objectContaining({
        channel: 'driver_signup',
        noticeVersion: NOTICE,
        language: 'en',
        purposes: ['service', 'sms'],
      }),
    ]);
  });

  it("the gate's walk-in check-in records the driver's consent with the number they gave", async () => {
    const phone = mobile();
    const res = await ops.post('/api/checkins/walk-in', {
      driverName: 'Walk In Consent',
      vehicleLicense: 'MH04ZZ7788',
      carrierName: 'Local Tempo Service',
      driverPhone: phone,
      consent: consent(true),
    });
    expect(res.status, res.text).toBe(201);
    expect(await history('demo', phone)).toEqual([
      expect.objectContaining({ channel: 'gate_checkin', purposes: ['service', 'whatsapp'] }),
    ]);
    const bad = await ops.post('/api/checkins/walk-in', {
      driverName: 'Walk In Consent',
      vehicleLicense: 'MH04ZZ7789',
      carrierName: 'Local Tempo Service',
      driverPhone: '12345',
      consent: consent(true),
    });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.errors).toMatchObject({ driverPhone: 'Enter a valid mobile number' });
  });
});

describe("consent in a driver's own data", () => {
  it('lists the consent the driver gave at sign-up', async () => {
    const driver = new Client(api.url);
    await driver.signIn('driver');
    const res = await driver.get('/api/privacy/my-data');
    expect(res.status, res.text).toBe(200);
    // Suresh Kumar signed up agreeing to SMS and WhatsApp (the demo seed).
    expect(res.body.consents).toEqual([
      expect.objectContaining({
        channel: 'driver_signup',
        noticeVersion: NOTICE,
        purposes: ['service', 'sms', 'whatsapp'],
      }),
    ]);
  });

  it('records the channels a driver chooses in the app as their consent to them, channel driver_app', async () => {
    const driver = new Client(api.url);
    await driver.signIn('driver');
    const saved = await driver.request('PATCH', '/api/driver/preferences', {
      body: { preferredChannels: ['whatsapp', 'sms'] },
    });
    expect(saved.status, saved.text).toBe(200);
    const consents = (await driver.get('/api/privacy/my-data')).body.consents;
    expect(consents).toHaveLength(2);
    expect(consents[1]).toMatchObject({ channel: 'driver_app', noticeVersion: NOTICE });
    expect(consents[1].purposes).toEqual(expect.arrayContaining(['sms', 'whatsapp']));
  });
});
