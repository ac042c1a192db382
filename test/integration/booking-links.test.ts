// Facility booking links (issue #32) through the local HTTP path: staff make, list, re-code, send (again,
// with the same code and the message's language in the link: issue #53) and revoke them (and nobody
// else may); the public page opens one with its access code only (five wrong codes lock it for 15
// minutes), a revoked or expired link says so in English and Hindi; a booking
// through the link meets the lead time and the PO check exactly as a carrier's, is recorded as the
// link's and its carrier's, and is audited; another tenant can neither see nor touch a link.
import { randomInt, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { openHub } from '../support/checkin-hub';
import { signUpOrganisation, type Organisation } from '../support/tenancy';
import { addDays, fromMinutes, localDateTime, toMinutes } from '../../shared/time';
import { indiaDate } from '../support/dates';
import { ddb } from '../../functions/lib/aws';
import { config } from '../../functions/lib/config';

let api: TestApi;
let ops: Client;
let spectator: Client;
let driver: Client;
let other: Organisation;

beforeAll(async () => {
  api = await startTestApi({ workers: ['messaging-notifier'] });
  ops = new Client(api.url);
  await ops.signIn('operations');
  spectator = new Client(api.url);
  await spectator.signIn('spectator');
  driver = new Client(api.url);
  await driver.signIn('driver');
  other = await signUpOrganisation(api.url);
});
afterAll(() => api?.close());

const unique = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
const mobile = () => `9${String(randomInt(100_000_000, 999_999_999))}`;
const outbox = async () => (await import('../../functions/messaging/outbox.store')).localOutbox(500);
const textsTo = async (to: string) => (await outbox()).filter((m) => m.to === to).map((m) => m.body);
const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  hi: ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'],
};
/** A day as the driver's SMS names it: "27 Nov 2026", in Hindi "27 नवंबर 2026" (issue #53). */
const smsDay = (date: string, language: 'en' | 'hi' = 'en') => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[language][m - 1]} ${y}`;
};
const NOTICE = '2026-11-v1';
/** Each public call from an address of its own, so no test meets another's rate limit. */
let address = 0;
const fromAddress = () => `127.0.9.${(address++ % 200) + 2}`;

type Hub = Awaited<ReturnType<typeof openHub>>;

async function newCarrier() {
  const res = await ops.post('/api/carriers', { name: unique('Link Fleet '), serviceTypes: ['FTL'] });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; name: string };
}

async function newLink(hub: { facility: { id: string } }, over: Record<string, unknown> = {}) {
  const res = await ops.post('/api/booking-links', { facilityId: hub.facility.id, label: unique('Link '), ...over });
  expect(res.status, res.text).toBe(201);
  return res.body as { link: { id: string; token: string; expiresAt: string; carrierId: string | null }; code: string };
}

const guest = () => new Client(api.url);
const open = (token: string, code: string, headers: Record<string, string> = {}) =>
  guest().post(`/api/book/${token}`, { code }, { headers, localAddress: fromAddress() });
const withCode = (code: string) => ({ 'x-access-code': code });
const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** A booking body for the link's form: a driver booking for themself at the slot. */
const bookingBody = (slotId: string, over: Record<string, unknown> = {}) => ({
  ownerType: 'Driver',
  vehicleNumber: `MH12${randomInt(10, 99)}AB${randomInt(1000, 9999)}`,
  vehicleType: 'Truck',
  capacityTons: 5,
  driverName: 'Ramesh Gupta',
  driverLicense: 'MH1220110012345',
  mobileNumber: `+91${mobile()}`,
  expectedArrivalDate: new Date().toISOString(),
  slotId,
  ...over,
});
const slotAt = (date: string, start: string) => `${date}_${start.replace(':', '')}`;
const bookThrough = (
  token: string,
  code: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  guest().post(`/api/book/${token}/booking`, body, {
    headers: { ...withCode(code), ...headers },
    localAddress: fromAddress(),
  });

describe('staff manage a facility’s booking links', () => {
  it('make a link with a 6-digit code shown once, list it without the code, re-code and revoke it', async () => {
    const hub = await openHub(ops, unique('Link Hub '));
    const carrier = await newCarrier();
    const before = Date.now();
    const { link, code } = await newLink(hub, { label: 'Sahyadri drivers', carrierId: carrier.id });
    expect(code).toMatch(/^\d{6}$/);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{16}~[A-Za-z0-9_-]{22}$/);
    expect(link.carrierId).toBe(carrier.id);
    // 90 days by default.
    const days = (Date.parse(link.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(89.99);
    expect(days).toBeLessThan(90.01);

    const listed = await ops.get(`/api/booking-links?facilityId=${hub.facility.id}`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({ id: link.id, label: 'Sahyadri drivers', carrierName: carrier.name });
    expect(JSON.stringify(listed.body)).not.toContain(code);
    expect(listed.body[0]).not.toHaveProperty('codeHash');

    const recoded = await ops.post(`/api/booking-links/${link.id}/code`);
    expect(recoded.status, recoded.text).toBe(200);
    expect(recoded.body.code).toMatch(/^\d{6}$/);
    if (recoded.body.code !== code) expect((await open(link.token, code)).status).toBe(400);
    expect((await open(link.token, recoded.body.code)).status).toBe(200);

    const revoked = await ops.post(`/api/booking-links/${link.id}/revoke`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const again = await ops.post(`/api/booking-links/${link.id}/revoke`);
    expect(again.status).toBe(409);
    const gone = await open(link.token, recoded.body.code);
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe('This booking link was withdrawn. Ask the facility for a new link.');
    const goneHi = await open(link.token, recoded.body.code, { 'accept-language': 'hi' });
    expect(goneHi.body.message).toBe('यह बुकिंग लिंक वापस ले लिया गया है। सुविधा से नया लिंक माँगें।');
  });

  it('refuse a blank label, an unknown carrier and a length out of range, under their fields, in Hindi too', async () => {
    const hub = await openHub(ops, unique('Link Hub '));
    const bad = await ops.post(
      '/api/booking-links',
      { facilityId: hub.facility.id, label: ' ', validDays: 400 },
      { headers: { 'accept-language': 'hi' } },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      label: 'कृपया लिंक के लिए एक नाम लिखें',
      validDays: 'लिंक 1 से 365 दिन तक चल सकता है',
    });
    const noCarrier = await ops.post('/api/booking-links', {
      facilityId: hub.facility.id,
      label: 'Nobody',
      carrierId: 'carrier-nobody',
    });
    expect(noCarrier.status).toBe(400);
    expect(noCarrier.body.errors).toEqual({ carrierId: 'Carrier not found' });
    expect((await ops.get(`/api/booking-links?facilityId=${hub.facility.id}`)).body).toEqual([]);
  });

  it('are for staff who set up facilities: others are refused, signed-out callers asked to sign in', async () => {
    const hub = await openHub(ops, unique('Link Hub '));
    const { link } = await newLink(hub);
    const body = { facilityId: hub.facility.id, label: 'Not mine' };
    expect((await spectator.post('/api/booking-links', body)).status).toBe(403);
    expect((await driver.post('/api/booking-links', body)).status).toBe(403);
    expect((await driver.get(`/api/booking-links?facilityId=${hub.facility.id}`)).status).toBe(403);
    expect((await driver.post(`/api/booking-links/${link.id}/revoke`)).status).toBe(403);
    expect((await guest().post('/api/booking-links', body)).status).toBe(401);
    expect((await guest().post(`/api/booking-links/${link.id}/code`)).status).toBe(401);
  });

  it('send the link and its current code by SMS in the chosen language, again and again without a new code', async () => {
    const hub = await openHub(ops, unique('Link Hub '));
    const { link, code } = await newLink(hub);
    const [first, second] = [mobile(), mobile()];
    const sent = await ops.post(`/api/booking-links/${link.id}/send`, { mobileNumber: first, language: 'hi' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toEqual({ message: 'Booking link sent', channel: 'sms', to: `+91${first}` });
    // The link in the message opens the page in the message's language.
    expect(await textsTo(`+91${first}`)).toEqual([
      `${hub.facility.name} पर अपना स्लॉट बुक करें: ${api.url}/book/${link.token}?lang=hi एक्सेस कोड: ${code}। इसे केवल अपने ड्राइवरों के साथ साझा करें।`,
    ]);

    // Sent again later, to someone else, in English: the same code, which still opens the link.
    const again = await ops.post(`/api/booking-links/${link.id}/send`, { mobileNumber: second, language: 'en' });
    expect(again.status, again.text).toBe(200);
    expect(await textsTo(`+91${second}`)).toEqual([
      `Book your slot at ${hub.facility.name}: ${api.url}/book/${link.token}?lang=en Access code: ${code}. Share it only with your drivers.`,
    ]);
    expect((await open(link.token, code)).status).toBe(200);

    // After a new code, a send carries the new one.
    const recoded = await ops.post(`/api/booking-links/${link.id}/code`);
    expect(recoded.status, recoded.text).toBe(200);
    const third = mobile();
    expect((await ops.post(`/api/booking-links/${link.id}/send`, { mobileNumber: third })).status).toBe(200);
    expect(await textsTo(`+91${third}`)).toEqual([
      `Book your slot at ${hub.facility.name}: ${api.url}/book/${link.token}?lang=en Access code: ${recoded.body.code}. Share it only with your drivers.`,
    ]);
    // The code is never answered: not in the list, not in the send's answer.
    const listed = await ops.get(`/api/booking-links?facilityId=${hub.facility.id}`);
    expect(JSON.stringify(listed.body)).not.toContain(recoded.body.code);
    expect(listed.body[0]).not.toHaveProperty('codeSealed');
  });

  it('say when a send did not go: the same message to the same number within a minute is not sent twice', async () => {
    const hub = await openHub(ops, unique('Link Hub '));
    const { link } = await newLink(hub);
    const to = mobile();
    expect((await ops.post(`/api/booking-links/${link.id}/send`, { mobileNumber: to })).status).toBe(200);
    const twice = await ops.post(`/api/booking-links/${link.id}/send`, { mobileNumber: to });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe(
      'The booking link could not be sent. The same message went to this recipient less than 60 s ago; sent once',
    );
    const hindi = await ops.post(
      `/api/booking-links/${link.id}/send`,
      { mobileNumber: to },
      { headers: { 'accept-language': 'hi' } },
    );
    expect(hindi.body.message).toMatch(/^बुकिंग लिंक नहीं भेजा जा सका।/);
    expect(await textsTo(`+91${to}`)).toHaveLength(1);
  });

  it('refuse to send a link made before its code was kept, a withdrawn one, and an unknown field; nothing is sent', async () => {
    const hub = await openHub(ops, unique('Link Hub '));
    const { link, code } = await newLink(hub);
    // A link made before issue #53 kept only its code's hash.
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: { PK: `BOOKING-LINK#${link.id}`, SK: 'LINK' },
        UpdateExpression: 'REMOVE codeSealed',
      }),
    );
    const to = mobile();
    const old = await ops.post(`/api/booking-links/${link.id}/send`, { mobileNumber: to });
    expect(old.status).toBe(409);
    expect(old.body.message).toBe(
      'This link’s code was made before codes could be sent again: make a new code, then send the link.',
    );
    const oldHi = await ops.post(
      `/api/booking-links/${link.id}/send`,
      { mobileNumber: to },
      { headers: { 'accept-language': 'hi' } },
    );
    expect(oldHi.body.message).toBe('इस लिंक का कोड दोबारा भेजने की सुविधा से पहले बना था: नया कोड बनाएँ, फिर लिंक भेजें।');
    // The old body's code is no field of a send any more.
    const withCode = await ops.post(`/api/booking-links/${link.id}/send`, { mobileNumber: to, code });
    expect(withCode.status).toBe(400);
    // A new code makes it sendable.
    expect((await ops.post(`/api/booking-links/${link.id}/code`)).status).toBe(200);
    expect((await ops.post(`/api/booking-links/${link.id}/revoke`)).status).toBe(200);
    const revoked = await ops.post(`/api/booking-links/${link.id}/send`, { mobileNumber: to });
    expect(revoked.status).toBe(410);
    expect(await textsTo(`+91${to}`)).toEqual([]);
  });
});

describe('the public page opens a link with its code', () => {
  it('answers the facility and its booking form for the right code; five wrong codes lock it for 15 minutes', async () => {
    const hub = await openHub(ops, unique('Lock Hub '));
    const { link, code } = await newLink(hub);
    const wrong = wrongCodeOf(code);
    for (let i = 1; i <= 4; i++) {
      const res = await open(link.token, wrong);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ code: 'The access code is not correct' });
    }
    const fifth = await open(link.token, wrong, { 'accept-language': 'hi' });
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe('बहुत अधिक प्रयास। कृपया 15 मिनट बाद फिर कोशिश करें।');
    // Locked: the right code is refused too, and so is every call of the form.
    const right = await open(link.token, code);
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many attempts. Please try again in 15 minutes.');
    const date = addDays(hub.local().date, 1);
    expect((await guest().get(`/api/book/${link.token}/slots?date=${date}`, { headers: withCode(code) })).status).toBe(
      429,
    );

    // 15 minutes on, the right code opens it (the use case with the instant).
    const { openWithCode } = await import('../../functions/booking-links/booking-links');
    await expect(openWithCode(link.token, code, new Date(Date.now() + 14 * 60_000))).rejects.toMatchObject({
      status: 429,
    });
    const opened = await openWithCode(link.token, code, new Date(Date.now() + 16 * 60_000));
    expect(opened.facility.id).toBe(hub.facility.id);
  });

  it('after a right code, counts wrong ones from zero again', async () => {
    const hub = await openHub(ops, unique('Count Hub '));
    const { link, code } = await newLink(hub);
    const wrong = wrongCodeOf(code);
    for (let i = 0; i < 4; i++) expect((await open(link.token, wrong)).status).toBe(400);
    const right = await open(link.token, code);
    expect(right.status, right.text).toBe(200);
    expect(right.body).toMatchObject({ facilityName: hub.facility.name, timeZone: hub.facility.timeZone });
    for (let i = 0; i < 4; i++) expect((await open(link.token, wrong)).status).toBe(400);
    expect((await open(link.token, code)).status).toBe(200);
  });

  it('refuses a forged or altered token as not valid, and an expired link as expired, in English and Hindi', async () => {
    const hub = await openHub(ops, unique('Old Hub '));
    const { link, code } = await newLink(hub, { validDays: 1 });
    const [id, signature] = link.token.split('~') as [string, string];
    const altered = `${id}~${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const token of [altered, 'not-a-link', `${'x'.repeat(16)}~${signature}`]) {
      const res = await open(token, code);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('This booking link is not valid. Ask the facility for a new link.');
    }
    expect((await open(altered, code, { 'accept-language': 'hi' })).body.message).toBe(
      'यह बुकिंग लिंक मान्य नहीं है। सुविधा से नया लिंक माँगें।',
    );
    const { openWithCode } = await import('../../functions/booking-links/booking-links');
    const dayLater = new Date(Date.parse(link.expiresAt) + 1000);
    await expect(openWithCode(link.token, code, dayLater)).rejects.toMatchObject({
      status: 410,
      message: 'This booking link has expired. Ask the facility for a new link.',
    });
    await expect(openWithCode(link.token, code, new Date(Date.parse(link.expiresAt) - 60_000))).resolves.toBeTruthy();
  });
});

describe('a booking through a link', () => {
  it('is refused within the lead time, as a carrier is, and a PO not on the list, in Hindi too', async () => {
    const hub = await openHub(ops, unique('Rule Hub '));
    const rules = `/api/bookings/facilities/${hub.facility.id}/rules`;
    const current = await ops.get(rules);
    expect(
      (await ops.request('PUT', rules, { body: { minLeadHours: 24, revision: current.body.revision } })).status,
    ).toBe(200);
    const policy = await ops.request('PUT', `/api/references/facilities/${hub.facility.id}/policy`, {
      body: { mode: 'list' },
    });
    expect(policy.status, policy.text).toBe(200);
    const po = unique('45');
    const uploaded = await ops.post(`/api/references/facilities/${hub.facility.id}/orders/upload`, {
      mode: 'replace',
      csv: ['po,supplier,sku,quantity,windowStart,windowEnd', `${po},Parle Agro,SKU-1,10,,`].join('\n'),
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    const { link, code } = await newLink(hub);
    // It is 10:xx at the hub: today 14:00 is about 4 hours away, tomorrow 14:00 about 28.
    const today = localDateTime(new Date(), hub.facility.timeZone).date;

    const soon = await bookThrough(link.token, code, bookingBody(slotAt(today, '14:00')));
    expect(soon.status).toBe(409);
    expect(soon.body.message).toBe('Bookings close 24 hours before the slot. Choose a later slot.');

    const tomorrow = slotAt(addDays(today, 1), '14:00');
    const unknown = await bookThrough(link.token, code, bookingBody(tomorrow, { poNumber: 'PO-NOPE-1' }), {
      'accept-language': 'hi',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ poNumber: 'PO PO-NOPE-1 इस सुविधा पर खुला नहीं है' });

    const wrong = await bookThrough(link.token, wrongCodeOf(code), bookingBody(tomorrow, { poNumber: po }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ code: 'The access code is not correct' });
  });

  it('books a listed PO for the link’s carrier, records the link and audits it', async () => {
    const hub = await openHub(ops, unique('Book Hub '));
    const carrier = await newCarrier();
    const { link, code } = await newLink(hub, { carrierId: carrier.id, label: 'Fleet link' });
    const date = addDays(hub.local().date, 2);
    const slots = await guest().get(`/api/book/${link.token}/slots?date=${date}`, { headers: withCode(code) });
    expect(slots.status, slots.text).toBe(200);
    const slot = (slots.body as { id: string; startTime: string }[]).find((s) => s.startTime === '11:00')!;
    expect(slot).toBeTruthy();
    const booked = await bookThrough(link.token, code, bookingBody(slot.id, { poNumber: 'PO-FREE-1' }));
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body).toMatchObject({ facilityName: hub.facility.name, slotDate: date, startTime: '11:00' });
    expect(booked.body.confirmationCode).toBeTruthy();

    const day = await ops.get(`/api/appointments?date=${date}&facilityId=${hub.facility.id}`);
    const appointment = (day.body as Record<string, unknown>[]).find(
      (a) => a.bookingReference === booked.body.confirmationCode,
    )!;
    expect(appointment).toMatchObject({
      bookingLinkId: link.id,
      carrierId: carrier.id,
      carrierName: carrier.name,
      bookingType: 'guest',
      poNumber: 'PO-FREE-1',
    });
    const { listAudit } = await import('../../functions/lib/audit');
    const trail = await listAudit('demo', { entityType: 'appointment', entityId: appointment.id as string });
    expect(trail.map((e) => [e.action, e.actorName])).toContainEqual([
      'appointment.guest-booked',
      'booking link "Fleet link"',
    ]);
  });
});

describe('a booking through a link at a facility that approves carrier bookings', () => {
  async function approvingHub() {
    const hub = await openHub(ops, unique('Approve Hub '));
    const rules = `/api/bookings/facilities/${hub.facility.id}/rules`;
    const current = await ops.get(rules);
    const saved = await ops.request('PUT', rules, {
      body: { approvalRequired: true, revision: current.body.revision },
    });
    expect(saved.status, saved.text).toBe(200);
    return hub;
  }

  async function bookPending(hub: Hub, start: string, language: 'en' | 'hi') {
    const { link, code } = await newLink(hub);
    const date = addDays(hub.local().date, 2);
    const phone = `+91${mobile()}`;
    const booked = await bookThrough(
      link.token,
      code,
      bookingBody(slotAt(date, start), { mobileNumber: phone, language }),
    );
    expect(booked.status, booked.text).toBe(201);
    const day = await ops.get(`/api/appointments?date=${date}&facilityId=${hub.facility.id}`);
    const appointment = (day.body as { id: string; bookingReference: string; status: string; revision: number }[]).find(
      (a) => a.bookingReference === booked.body.confirmationCode,
    )!;
    return { booked: booked.body, appointment, date, phone };
  }

  it('waits for approval with no gate pass, tells the booker in their language, and confirms once staff approve', async () => {
    const hub = await approvingHub();
    const { booked, appointment, date, phone } = await bookPending(hub, '11:00', 'hi');
    expect(booked).toMatchObject({ awaitingApproval: true, gatePass: null, passLink: null });
    expect(appointment.status).toBe('pending_approval');
    const awaiting = `${smsDay(date, 'hi')} को 11:00 बजे की आपकी बुकिंग सुविधा की स्वीकृति की प्रतीक्षा में है। निर्णय होने पर हम आपको संदेश भेजेंगे।`;
    await expect.poll(() => textsTo(phone), { timeout: 15_000 }).toContain(awaiting);
    expect((await textsTo(phone)).some((t) => t.includes('पक्की'))).toBe(false);

    const approved = await ops.post(`/api/appointments/${appointment.id}/approve`, { revision: appointment.revision });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.status).toBe('scheduled');
    await expect
      .poll(() => textsTo(phone), { timeout: 15_000 })
      .toContain(`आपकी अपॉइंटमेंट ${smsDay(date, 'hi')} को 11:00 बजे के लिए पक्की है। डॉक: बाद में बताया जाएगा।`);
  });

  it('is refused by staff with a reason, which the booker is sent instead of a cancellation', async () => {
    const hub = await approvingHub();
    const { appointment, date, phone } = await bookPending(hub, '12:00', 'en');
    const refused = await ops.post(`/api/appointments/${appointment.id}/refuse`, {
      reason: 'Dock under repair',
      revision: appointment.revision,
    });
    expect(refused.status, refused.text).toBe(200);
    expect(refused.body.status).toBe('cancelled');
    await expect
      .poll(() => textsTo(phone), { timeout: 15_000 })
      .toContain(`Your booking for ${smsDay(date)} at 12:00 was refused by the facility. Reason: Dock under repair`);
    expect((await textsTo(phone)).filter((t) => t.startsWith('Your appointment for'))).toEqual([]);
  });

  it('is confirmed at once where the facility does not approve carrier bookings', async () => {
    const hub = await openHub(ops, unique('Open Hub '));
    const { booked, appointment } = await bookPending(hub, '13:00', 'en');
    expect(booked.awaitingApproval).toBe(false);
    expect(booked.gatePass).not.toBeNull();
    expect(appointment.status).toBe('scheduled');
  });
});

describe('sending a link by WhatsApp', () => {
  /** A number that agreed to WhatsApp when it booked through the link, and its choices link. */
  async function agreedToWhatsapp(hub: Hub) {
    const { link, code } = await newLink(hub);
    const phone = `+91${mobile()}`;
    const date = addDays(hub.local().date, 3);
    const booked = await bookThrough(
      link.token,
      code,
      bookingBody(slotAt(date, '15:00'), {
        mobileNumber: phone,
        consent: { noticeVersion: NOTICE, language: 'en', messaging: { sms: false, whatsapp: true } },
      }),
    );
    expect(booked.status, booked.text).toBe(201);
    return { phone, choices: booked.body.choicesLink as string };
  }

  it('goes as the registered template to a number that agreed to WhatsApp, and the message log shows WhatsApp', async () => {
    const hub = await openHub(ops, unique('Wa Hub '));
    const { phone } = await agreedToWhatsapp(hub);
    const { link, code } = await newLink(hub);
    const sent = await ops.post(`/api/booking-links/${link.id}/send`, {
      mobileNumber: phone.slice(3),
      language: 'en',
      channel: 'whatsapp',
    });
    expect(sent.status, sent.text).toBe(200);
    const mine = (await outbox()).filter((m) => m.to === phone && m.body.includes(`/book/${link.token}`));
    expect(mine.map((m) => m.channel)).toEqual(['whatsapp']);
    expect(mine[0]!.body).toContain(`Access code: ${code}.`);
    const log = await ops.get('/api/messaging/messages?channel=whatsapp&limit=100');
    expect(log.status, log.text).toBe(200);
    expect(
      (log.body.items as { to: string; template: string; channel: string }[]).find(
        (m) => m.to === phone && m.template === 'booking_link',
      ),
    ).toMatchObject({ channel: 'whatsapp' });
  });

  it('is refused for a number that withdrew WhatsApp, under the channel, in English and Hindi; nothing is sent', async () => {
    const hub = await openHub(ops, unique('Wa Hub '));
    const { phone, choices } = await agreedToWhatsapp(hub);
    const withdrawn = await guest().post(`/api/privacy/choices/${choices}`, { withdraw: ['whatsapp'] });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    const { link } = await newLink(hub);
    const body = { mobileNumber: phone, language: 'en', channel: 'whatsapp' };
    const refused = await ops.post(`/api/booking-links/${link.id}/send`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      channel: 'This number has not agreed to WhatsApp messages, or withdrew it. Send the link by SMS.',
    });
    const hindi = await ops.post(`/api/booking-links/${link.id}/send`, body, { headers: { 'accept-language': 'hi' } });
    expect(hindi.body.errors).toEqual({
      channel: 'इस नंबर ने WhatsApp संदेशों की सहमति नहीं दी है, या वापस ले ली है। लिंक SMS से भेजें।',
    });
    const never = await ops.post(`/api/booking-links/${link.id}/send`, { ...body, mobileNumber: mobile() });
    expect(never.status).toBe(400);
    const unknown = await ops.post(`/api/booking-links/${link.id}/send`, { ...body, channel: 'telegram' });
    expect(unknown.body.errors).toEqual({ channel: 'Choose SMS or WhatsApp' });
    expect((await outbox()).filter((m) => m.body.includes(`/book/${link.token}`))).toEqual([]);
  });
});

describe('the link’s slots fit the load the booker chose', () => {
  /** A facility on an hourly grid, open 06:00-20:00 in India, with one door, D1. */
  async function hourlyHub() {
    const created = await ops.post('/api/facilities', {
      name: unique('Fit Hub '),
      address: 'Plot 9, MIDC',
      operatingHoursStart: '06:00',
      operatingHoursEnd: '20:00',
      timeZone: 'Asia/Kolkata',
      slotMinutes: 60,
    });
    expect(created.status, created.text).toBe(201);
    const door = await ops.post('/api/dock-doors', {
      facilityId: created.body.id,
      doorNumber: 'D1',
      status: 'available',
    });
    expect(door.status, door.text).toBe(201);
    return { facility: created.body as { id: string }, d1: door.body as { id: string } };
  }
  const newType = async (facilityId: string, body: Record<string, unknown>) => {
    const res = await ops.post(`/api/appointment-types/facilities/${facilityId}/types`, {
      name: unique('Palletised inbound '),
      direction: 'inbound',
      vehicleTypes: ['Truck'],
      ...body,
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string };
  };
  /** A staff booking of an hour from `start` at the door. */
  const holdDoor = async (facilityId: string, dockDoorId: string, date: string, start: string) => {
    const res = await ops.post('/api/appointments', {
      facilityId,
      carrierId: 'carrier-sahyadri',
      dockDoorId,
      scheduledDate: date,
      scheduledTimeStart: start,
      scheduledTimeEnd: fromMinutes(toMinutes(start) + 60),
    });
    expect(res.status, res.text).toBe(201);
  };
  const slotsOf = (token: string, code: string, query: string, headers: Record<string, string> = {}) =>
    guest().get(`/api/book/${token}/slots?${query}`, {
      headers: { ...withCode(code), ...headers },
      localAddress: fromAddress(),
    });
  const startsOf = async (token: string, code: string, query: string) => {
    const res = await slotsOf(token, code, query);
    expect(res.status, res.text).toBe(200);
    return (res.body as { startTime: string }[]).map((s) => s.startTime);
  };

  it('with a 90-minute type, does not offer 09:00 before a 10:00-11:00 booking at its only door; without a type, does', async () => {
    const { facility, d1 } = await hourlyHub();
    const type = await newType(facility.id, { doorIds: [d1.id], durationRule: { kind: 'fixed', minutes: 90 } });
    const date = indiaDate(3);
    await holdDoor(facility.id, d1.id, date, '10:00');
    const { link, code } = await newLink({ facility });

    // 90 minutes take two hours of an hourly grid (a load is rounded up to the grid): 08:00-10:00 fits
    // before the 10:00 booking; 09:00 (until 11:00) and 10:00 do not.
    const offered = await slotsOf(link.token, code, `date=${date}&typeId=${type.id}`);
    expect(offered.status, offered.text).toBe(200);
    const typed = (offered.body as { startTime: string; endTime: string }[]).map((s) => s.startTime);
    expect(typed.filter((s) => s >= '08:00' && s <= '12:00')).toEqual(['08:00', '11:00', '12:00']);
    expect(offered.body[typed.indexOf('11:00')]).toMatchObject({ endTime: '13:00' });
    // The last start whose two hours end by the 20:00 close is 18:00.
    expect(typed.at(-1)).toBe('18:00');

    // Without a type, the facility's slots, one truck each by slot capacity, as before.
    const plain = await startsOf(link.token, code, `date=${date}`);
    expect(plain).toContain('09:00');
    expect(plain).toContain('19:00');
  });

  it('counts a per-pallet load by its quantity, and asks for the quantity under its field', async () => {
    const { facility, d1 } = await hourlyHub();
    // 30 minutes a pallet, 60 to 180 minutes, at most 10 pallets.
    const type = await newType(facility.id, {
      doorIds: [d1.id],
      durationRule: {
        kind: 'per-unit',
        unit: 'pallet',
        minutesPerUnit: 30,
        minMinutes: 60,
        maxMinutes: 180,
        maxQuantity: 10,
      },
    });
    const date = indiaDate(4);
    await holdDoor(facility.id, d1.id, date, '12:00');
    const { link, code } = await newLink({ facility });
    const morning = (starts: string[]) => starts.filter((s) => s >= '09:00' && s < '12:00');
    // 2 pallets: 60 minutes, every hour before noon fits; 5 pallets: 150 minutes, rounded to 180, so 09:00 only.
    expect(morning(await startsOf(link.token, code, `date=${date}&typeId=${type.id}&quantity=2`))).toEqual([
      '09:00',
      '10:00',
      '11:00',
    ]);
    expect(morning(await startsOf(link.token, code, `date=${date}&typeId=${type.id}&quantity=5`))).toEqual(['09:00']);

    const missing = await slotsOf(link.token, code, `date=${date}&typeId=${type.id}`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ quantity: 'Enter the number of pallets or units for this appointment type' });
    const tooMany = await slotsOf(link.token, code, `date=${date}&typeId=${type.id}&quantity=11`, {
      'accept-language': 'hi',
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ quantity: 'यह अपॉइंटमेंट प्रकार एक लोड में अधिकतम 10 लेता है' });
    const notANumber = await slotsOf(link.token, code, `date=${date}&typeId=${type.id}&quantity=two`);
    expect(notANumber.status).toBe(400);
    expect(notANumber.body.errors).toEqual({ quantity: 'Must be a whole number' });
    const negative = await slotsOf(link.token, code, `date=${date}&typeId=${type.id}&quantity=-1`, {
      'accept-language': 'hi',
    });
    expect(negative.status).toBe(400);
    expect(negative.body.errors).toEqual({ quantity: '0 और 100000 के बीच होना चाहिए' });
  });

  it('refuses a type the link’s facility does not have, in English and Hindi', async () => {
    const mine = await hourlyHub();
    const elsewhere = await hourlyHub();
    const theirs = await newType(elsewhere.facility.id, { doorIds: [], durationRule: { kind: 'fixed', minutes: 60 } });
    const { link, code } = await newLink(mine);
    const date = indiaDate(3);
    for (const typeId of [theirs.id, 'no-such-type']) {
      const res = await slotsOf(link.token, code, `date=${date}&typeId=${typeId}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: 'Appointment type not found',
        errors: { typeId: 'Appointment type not found' },
      });
    }
    const hindi = await slotsOf(link.token, code, `date=${date}&typeId=${theirs.id}`, { 'accept-language': 'hi' });
    expect(hindi.body.errors).toEqual({ typeId: 'अपॉइंटमेंट प्रकार नहीं मिला' });
    // The wrong code is refused before anything of the facility is read.
    const wrong = await slotsOf(link.token, wrongCodeOf(code), `date=${date}&typeId=${theirs.id}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ code: 'The access code is not correct' });
  });
});

describe('tenants apart', () => {
  it('another tenant neither lists, re-codes, sends nor revokes a link, and its links open nothing of ours', async () => {
    const hub = await openHub(ops, unique('Own Hub '));
    const { link, code } = await newLink(hub);
    expect((await other.admin.get(`/api/booking-links?facilityId=${hub.facility.id}`)).status).toBe(404);
    expect((await other.admin.post(`/api/booking-links/${link.id}/revoke`)).status).toBe(404);
    expect((await other.admin.post(`/api/booking-links/${link.id}/code`)).status).toBe(404);
    expect((await other.admin.post(`/api/booking-links/${link.id}/send`, { mobileNumber: mobile() })).status).toBe(404);
    expect(
      (await other.admin.post('/api/booking-links', { facilityId: hub.facility.id, label: 'Theirs' })).status,
    ).toBe(404);
    expect((await open(link.token, code)).status).toBe(200);
  });
});
