// The gate pass link (issue #31): a booking message (a guest's, a staff or carrier booking's, an
// approved reschedule's) carries a short signed link to a public page that shows the appointment's
// current gate pass with no sign-in; an altered, unknown or expired link and a cancelled appointment's
// link show no pass, in English and Hindi. A hub whose DLT registration lacks the text with the link
// sends the plain text.
import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { booking, day } from '../support/appointments';
import { nextAddress } from '../support/tenancy';
import { TEST_DLT } from '../support/fake-sms-provider';
import { verifyGatePass } from '../../shared/gate-pass';

const ORIGIN = 'https://app.docksaathi.test';
let api: TestApi;
let ops: Client;

beforeAll(async () => {
  // The notifier writes links to the app's origin; the local stack sets it to its own address.
  process.env.APP_ORIGIN = ORIGIN;
  api = await startTestApi({ workers: ['event-forwarder', 'messaging-notifier'] });
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(async () => {
  delete process.env.APP_ORIGIN;
  await api?.close();
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const smsDate = (date: string) =>
  `${Number(date.slice(8))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
/** The same day in a Hindi SMS (issue #53): '9 मार्च 2026'. */
const MONTHS_HI = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'];
const smsDateHi = (date: string) =>
  `${Number(date.slice(8))} ${MONTHS_HI[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
const mobile = () => `+91 97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A guest's 10:00 booking in `days` days at a new facility of the demo company, and its SMS. */
async function guestBooked(language: 'en' | 'hi', days = 3) {
  const name = `Pass Link Hub ${randomUUID().slice(0, 6)}`;
  const facility = await ops.post('/api/facilities', {
    name,
    address: 'Gat 12, Chakan',
    city: 'Pune',
    state: 'Maharashtra',
    zipCode: '410501',
    operatingHoursStart: '08:00',
    operatingHoursEnd: '18:00',
    timeZone: 'Asia/Kolkata',
    slotMinutes: 60,
    slotCapacity: 2,
  });
  expect(facility.status, facility.text).toBe(201);
  const link = (await ops.get(`/api/facilities/${facility.body.id}/link`)).body.token as string;
  const phone = mobile();
  const booked = await new Client(api.url).post(
    '/api/bookings/slot',
    {
      ownerType: 'Driver',
      vehicleNumber: 'MH12QT4410',
      vehicleType: 'Truck',
      capacityTons: 9,
      driverName: 'Ganesh Jadhav',
      driverLicense: 'MH1220180044444',
      mobileNumber: phone,
      expectedArrivalDate: new Date().toISOString(),
      slotId: `${day(days)}_1000`,
      facility: link,
      language,
    },
    { localAddress: nextAddress() },
  );
  expect(booked.status, booked.text).toBe(201);
  const { localOutbox } = await import('../../functions/messaging');
  const to = phone.replace(/\s/g, '');
  const deadline = Date.now() + 8000;
  let sms: { body: string } | undefined;
  while (!sms && Date.now() < deadline) {
    sms = (await localOutbox(200)).find((m) => m.to === to && m.channel === 'sms');
    if (!sms) await new Promise((r) => setTimeout(r, 50));
  }
  expect(sms, 'the booking SMS').toBeDefined();
  const appointment = (
    (await ops.get(`/api/appointments?date=${day(days)}`)).body as { id: string; bookingReference: string }[]
  ).find((a) => a.bookingReference === booked.body.confirmationCode)!;
  return {
    name,
    facilityId: facility.body.id as string,
    code: booked.body.confirmationCode as string,
    sms: sms!.body,
    appointment,
    panelLink: booked.body.passLink as string | null,
  };
}

/** The SMS to `to` whose text matches, waited for while the notifier works. */
async function smsTo(to: string, match: (body: string) => boolean) {
  const { localOutbox } = await import('../../functions/messaging');
  const deadline = Date.now() + 8000;
  for (;;) {
    const found = (await localOutbox(200)).find((m) => m.to === to && m.channel === 'sms' && match(m.body));
    if (found || Date.now() > deadline) return found?.body;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A pass link's token (issue #52.10): id, expiry, key id and signature. */
const TOKEN = /^[A-Za-z0-9_-]{16}~[0-9a-z]{1,10}~[A-Za-z0-9_-]{4}~[A-Za-z0-9_-]{22}$/;
const tokenIn = (sms: string) => /\/pass\/([A-Za-z0-9_~-]+)$/.exec(sms)?.[1] ?? '';
const anonymous = () => new Client(api.url);

describe('the gate pass link of a guest booking', () => {
  it('the English SMS carries the link, which opens the appointment’s signed pass with no sign-in', async () => {
    const { name, facilityId, code, sms, appointment, panelLink } = await guestBooked('en');
    const token = tokenIn(sms);
    expect(token).toMatch(TOKEN);
    expect(sms).toBe(
      `Slot booked at ${name} for ${smsDate(day(3))} at 10:00. Confirmation code: ${code}. Gate pass (opens offline once saved): ${ORIGIN}/pass/${token}`,
    );

    const page = await anonymous().get(`/api/passes/${token}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.language).toBe('en');
    expect(page.body.claims).toMatchObject({
      apt: appointment.id,
      ref: code,
      fac: facilityId,
      veh: 'MH12QT4410',
      day: day(3),
      ws: '10:00',
      we: '11:00',
    });
    expect(page.body.qrSvg).toContain('<svg');
    // The confirmation panel's own link (the phone keeps the pass through it) opens the same appointment's pass.
    expect(panelLink).toMatch(TOKEN);
    expect(panelLink).not.toBe(token);
    expect((await anonymous().get(`/api/passes/${panelLink}`)).body.claims).toMatchObject({ apt: appointment.id });
    // The pass itself verifies with the facility's public keys, as the gate's device does, on its day.
    const kit = await ops.get(`/api/gate/pass-keys?facilityId=${facilityId}`);
    const check = await verifyGatePass(page.body.token, {
      keys: kit.body.keys,
      revocations: kit.body.revocations,
      facilityId,
      now: new Date(`${day(3)}T04:30:00Z`), // 10:00 IST
    });
    expect(check).toMatchObject({ ok: true });
  });

  it('the Hindi SMS carries the link in Hindi words and the page opens in Hindi', async () => {
    const { name, code, sms } = await guestBooked('hi', 4);
    const token = tokenIn(sms);
    expect(sms).toBe(
      `${name} में ${smsDateHi(day(4))} को 10:00 बजे का स्लॉट बुक हुआ। पुष्टि कोड: ${code}। गेट पास (एक बार सहेजने पर बिना नेटवर्क खुलता है): ${ORIGIN}/pass/${token}`,
    );
    expect((await anonymous().get(`/api/passes/${token}`)).body.language).toBe('hi');
  });

  it('refuses an altered, unknown or malformed link with the same words, in English and Hindi', async () => {
    const { sms } = await guestBooked('en', 5);
    const token = tokenIn(sms);
    const [id, exp, kid, signature] = token.split('~') as [string, string, string, string];
    const flipped = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    for (const bad of [
      `${id}~${exp}~${kid}~${flipped(signature, 5)}`,
      `${flipped(id, 3)}~${exp}~${kid}~${signature}`,
      `${id}~${exp}~${kid}~${signature}x`,
      `${id}~${signature}`,
      `${id}.${signature}`,
      'not-a-link',
      'x'.repeat(80),
    ]) {
      const res = await anonymous().get(`/api/passes/${encodeURIComponent(bad)}`);
      expect([res.status, res.body.message], bad).toEqual([404, 'This gate pass link is not valid']);
    }
    const hindi = await anonymous().get(`/api/passes/${id}~${exp}~${kid}~${flipped(signature, 0)}`, {
      headers: { 'accept-language': 'hi' },
    });
    expect([hindi.status, hindi.body.message]).toEqual([404, 'यह गेट पास लिंक मान्य नहीं है']);
  });

  it('gives the pass as a PNG QR code for a chat message’s image, and a forged link none', async () => {
    const { sms } = await guestBooked('en', 7);
    const token = tokenIn(sms);
    const res = await fetch(`${api.url}/api/passes/${token}/qr`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // IHDR: a square, 8 pixels a module, 4 modules of quiet zone a side, a QR code's 17 + 4 x version modules.
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    const side = png.readUInt32BE(16);
    expect(png.readUInt32BE(20)).toBe(side);
    const modules = side / 8 - 8;
    expect(Number.isInteger(modules) && (modules - 17) % 4 === 0 && modules >= 21).toBe(true);
    // The pixels: white quiet zone, then the top-left finder pattern's black edge, white ring, black core.
    const idat = png.indexOf('IDAT');
    const pixels = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    const at = (x: number, y: number) => pixels[y * (side + 1) + 1 + x];
    expect([at(0, 0), at(31, 31), at(32, 32), at(40, 40), at(48, 48), at(56, 56)]).toEqual([255, 255, 0, 255, 0, 0]);

    const forged = await fetch(`${api.url}/api/passes/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}/qr`);
    expect(forged.status).toBe(404);
    expect(forged.headers.get('content-type')).toContain('application/json');
  });

  it('a cancelled appointment’s link shows no pass', async () => {
    const { sms, appointment } = await guestBooked('en', 6);
    const cancelled = await ops.post(`/api/appointments/${appointment.id}/cancel`, { reason: 'Truck broke down' });
    expect(cancelled.status, cancelled.text).toBe(200);
    const res = await anonymous().get(`/api/passes/${tokenIn(sms)}`, { headers: { 'accept-language': 'hi' } });
    expect([res.status, res.body.message]).toEqual([409, 'यह अपॉइंटमेंट अब निर्धारित नहीं है, इसलिए इसका कोई गेट पास नहीं है']);
  });

  it('a link expires with its pass: at the midnight after the appointment’s day, facility time', async () => {
    const { sms } = await guestBooked('en', 7);
    const { openPassLink } = await import('../../functions/passes');
    const token = tokenIn(sms);
    // 23:59:59 IST on the day is still inside; 00:00 IST the next day (18:30 UTC) is not.
    await expect(openPassLink(token, new Date(`${day(7)}T18:29:59Z`))).resolves.toMatchObject({ language: 'en' });
    await expect(openPassLink(token, new Date(`${day(7)}T18:30:00Z`))).rejects.toThrow(
      'This gate pass link has expired',
    );
  });
});

// Demo drivers (functions/local/seed.ts): Ravi Shankar reads English, Ajay Yadav Hindi, both on SMS first.
const RAVI = '+919812300003';
const AJAY = '+919812300002';

/** A staff booking of the hour from `start` at the demo facility's door D01 for the demo driver. */
async function staffBooking(driverId: string, date: string, start: string) {
  const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`;
  const created = await ops.post(
    '/api/appointments',
    booking({ driverId, scheduledDate: date, scheduledTimeStart: start, scheduledTimeEnd: end }),
  );
  expect(created.status, created.text).toBe(201);
  return created;
}

describe('the gate pass link of a staff or carrier booking and of a reschedule', () => {
  let yard: Client;
  beforeAll(async () => {
    yard = new Client(api.url);
    await yard.signIn('yard_manager');
  });

  it('the driver’s confirmation SMS links to the appointment’s pass, in English and Hindi', async () => {
    const english = await staffBooking('driver-ravi', day(8), '14:00');
    const sms = (await smsTo(RAVI, (b) => b.includes(`${smsDate(day(8))} at 14:00`)))!;
    const token = tokenIn(sms);
    expect(token).toMatch(TOKEN);
    expect(sms).toBe(
      `Your appointment is confirmed for ${smsDate(day(8))} at 14:00. Dock: D01. Gate pass (opens offline once saved): ${ORIGIN}/pass/${token}`,
    );
    const page = await anonymous().get(`/api/passes/${token}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.language).toBe('en');
    expect(page.body.claims).toMatchObject({ apt: english.body.id, day: day(8), ws: '14:00', we: '15:00' });

    const hindi = await staffBooking('driver-ajay', day(8), '16:00');
    const hiSms = (await smsTo(AJAY, (b) => b.includes(`${smsDateHi(day(8))} को 16:00`)))!;
    expect(hiSms).toBe(
      `आपकी अपॉइंटमेंट ${smsDateHi(day(8))} को 16:00 बजे के लिए पक्की है। डॉक: D01। गेट पास (एक बार सहेजने पर बिना नेटवर्क खुलता है): ${ORIGIN}/pass/${tokenIn(hiSms)}`,
    );
    expect((await anonymous().get(`/api/passes/${tokenIn(hiSms)}`)).body).toMatchObject({
      language: 'hi',
      claims: { apt: hindi.body.id, ws: '16:00' },
    });
  });

  it('an approved reschedule’s SMS links to the pass of the new time', async () => {
    const created = await staffBooking('driver-ravi', day(9), '09:00');
    const first = tokenIn((await smsTo(RAVI, (b) => b.includes(`${smsDate(day(9))} at 09:00`)))!);
    const requested = await ops.post(`/api/appointments/${created.body.id}/reschedule`, {
      newDate: day(10),
      newTimeStart: '13:00',
      newTimeEnd: '14:00',
      reason: 'traffic',
      reasonDetails: 'Stuck on the Thane bypass since morning',
      requestedBy: 'carrier',
    });
    expect(requested.status, requested.text).toBe(201);
    const approved = await yard.request('PATCH', `/api/reschedules/${requested.body.id}/approve`);
    expect(approved.status, approved.text).toBe(200);

    const sms = (await smsTo(
      RAVI,
      (b) => b.startsWith('Your reschedule request is approved') && b.includes(smsDate(day(10))),
    ))!;
    const token = tokenIn(sms);
    expect(sms).toBe(
      `Your reschedule request is approved. New time: ${smsDate(day(10))} at 13:00. New gate pass (opens offline once saved): ${ORIGIN}/pass/${token}`,
    );
    expect(token).not.toBe(first);
    expect((await anonymous().get(`/api/passes/${token}`)).body.claims).toMatchObject({
      apt: created.body.id,
      day: day(10),
      ws: '13:00',
      we: '14:00',
    });
  });

  it('a hub whose DLT registration has no id for the text with the link sends the plain confirmation', async () => {
    const admin = new Client(api.url);
    await admin.signIn('admin');
    const { appointment_pass: _, ...withoutPassText } = TEST_DLT.templateIds;
    const saved = await admin.request('PUT', '/api/messaging/settings', {
      body: { dlt: { ...TEST_DLT, templateIds: withoutPassText } },
    });
    expect(saved.status, saved.text).toBe(200);
    try {
      await staffBooking('driver-ravi', day(11), '15:00');
      expect(await smsTo(RAVI, (b) => b.includes(`${smsDate(day(11))} at 15:00`))).toBe(
        `Your appointment is confirmed for ${smsDate(day(11))} at 15:00. Dock: D01.`,
      );
    } finally {
      // Every hub text registered again, so the tests after this one see links.
      await admin.request('PUT', '/api/messaging/settings', { body: { dlt: TEST_DLT } });
    }
  });
});
