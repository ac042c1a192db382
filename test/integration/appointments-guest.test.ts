// A guest's booking as the guest sees it (issue #29.1): the answer names the company and facility,
// where and when (the facility's day and times), the door once known and a signed gate pass; the
// confirmation SMS names the facility and is in the language the guest booked in.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { day } from '../support/appointments';
import { nextAddress, signUpOrganisation } from '../support/tenancy';

let api: TestApi;
let ops: Client;

beforeAll(async () => {
  api = await startTestApi({ workers: ['event-forwarder', 'messaging-notifier'] });
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(async () => api?.close());

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-03-09' as the SMS writes it in both languages: '9 Mar 2026'. */
const smsDate = (date: string) =>
  `${Number(date.slice(8))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
/** The same day in a Hindi SMS (issue #53): '9 मार्च 2026'. */
const MONTHS_HI = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'];
const smsDateHi = (date: string) =>
  `${Number(date.slice(8))} ${MONTHS_HI[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** A new facility of the demo company (whose SMS registration the local sink accepts) and its booking link. */
async function facilityWithLink(name: string, hours = { operatingHoursStart: '08:00', operatingHoursEnd: '18:00' }) {
  const created = await ops.post('/api/facilities', {
    name,
    address: 'Plot 7, MIDC Ambad',
    city: 'Nashik',
    state: 'Maharashtra',
    zipCode: '422010',
    ...hours,
    timeZone: 'Asia/Kolkata',
    slotMinutes: 60,
    slotCapacity: 2,
  });
  expect(created.status, created.text).toBe(201);
  const link = await ops.get(`/api/facilities/${created.body.id}/link`);
  expect(link.status, link.text).toBe(200);
  return { id: created.body.id as string, link: link.body.token as string };
}

/** A distinct Indian mobile number per booking, so each test finds its own SMS. */
const mobile = () => `+91 98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const e164 = (phone: string) => phone.replace(/\s/g, '');

const guest = (link: string, slotId: string, over: Record<string, unknown> = {}) => ({
  ownerType: 'Driver',
  vehicleNumber: 'MH15GA2901',
  vehicleType: 'Truck',
  capacityTons: 7.5,
  driverName: 'Sunita Pawar',
  driverLicense: 'MH1520190033333',
  mobileNumber: mobile(),
  expectedArrivalDate: new Date().toISOString(),
  slotId,
  facility: link,
  ...over,
});

/** The sink's messages to `to`, once there is one (or the time is up). */
async function smsTo(to: string, timeoutMs = 8000) {
  const { localOutbox } = await import('../../functions/messaging');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await localOutbox(200)).filter((m) => m.to === to && m.channel === 'sms');
    if (found.length || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const passClaims = (token: string) =>
  JSON.parse(Buffer.from(token.slice('DSGP1.'.length).split('.')[1]!, 'base64url').toString('utf8'));

describe('guest booking confirmation', () => {
  it('answers the company, facility, address, the facility’s time, no door yet and a gate pass for this booking', async () => {
    // Prepare
    const name = `Nashik Guest Hub ${randomUUID().slice(0, 6)}`;
    const hub = await facilityWithLink(name);
    const body = guest(hub.link, `${day(6)}_1000`, { language: 'hi' });
    // Act
    const res = await new Client(api.url).post('/api/bookings/slot', body, { localAddress: nextAddress() });
    // Assess
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      confirmationCode: expect.stringMatching(/^DS-/),
      tenantName: 'Demo Logistics Pvt Ltd',
      facilityName: name,
      address: 'Plot 7, MIDC Ambad, Nashik, Maharashtra, 422010',
      timeZone: 'Asia/Kolkata',
      slotDate: day(6),
      startTime: '10:00',
      endTime: '11:00',
      // 10:00 and 11:00 in India (UTC+05:30)
      startsAt: `${day(6)}T04:30:00.000Z`,
      endsAt: `${day(6)}T05:30:00.000Z`,
      doorNumber: null,
    });
    expect(res.body.gatePass.qrSvg).toMatch(/^<svg/);
    expect(passClaims(res.body.gatePass.token)).toMatchObject({
      ref: res.body.confirmationCode,
      fnm: name,
      day: day(6),
      ws: '10:00',
      we: '11:00',
      veh: 'MH15GA2901',
    });
  });

  it('a slot just after IST midnight starts on the previous UTC day', async () => {
    const hub = await facilityWithLink(`Night Guest Hub ${randomUUID().slice(0, 6)}`, {
      operatingHoursStart: '00:00',
      operatingHoursEnd: '23:45',
    });
    const res = await new Client(api.url).post('/api/bookings/slot', guest(hub.link, `${day(6)}_0000`), {
      localAddress: nextAddress(),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      slotDate: day(6),
      startTime: '00:00',
      endTime: '01:00',
      startsAt: `${day(5)}T18:30:00.000Z`,
      endsAt: `${day(5)}T19:30:00.000Z`,
    });
  });

  it('the landing page’s dialog, without a link, names the demo hub and its company', async () => {
    const info = await new Client(api.url).get('/api/facility-links/default', { localAddress: nextAddress() });
    expect(info.status, info.text).toBe(200);
    expect(info.body).toMatchObject({ tenantName: 'Demo Logistics Pvt Ltd', token: 'demo-bhiwandi' });
    expect(info.body.facilityName).toMatch(/Bhiwandi/);
  });

  it('a retry with the same Idempotency-Key answers the same booking and panel, and books once', async () => {
    const hub = await facilityWithLink(`Sinnar Guest Hub ${randomUUID().slice(0, 6)}`);
    const body = guest(hub.link, `${day(5)}_0900`);
    const headers = { 'idempotency-key': `guest-panel-${randomUUID()}` };
    const localAddress = nextAddress();
    const first = await new Client(api.url).post('/api/bookings/slot', body, { headers, localAddress });
    const second = await new Client(api.url).post('/api/bookings/slot', body, { headers, localAddress });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.confirmationCode).toBe(first.body.confirmationCode);
    expect(second.body.facilityName).toBe(first.body.facilityName);
    expect(second.body.gatePass.token).toMatch(/^DSGP1\./);
    const slots = await new Client(api.url).get(`/api/slots/available?date=${day(5)}&facility=${hub.link}`);
    expect(slots.body.find((s: { startTime: string }) => s.startTime === '09:00').bookedCount).toBe(1);
  });

  it('names the company of the link booked, and the booking is that company’s alone', async () => {
    // Prepare: another company, signed up today, with its own facility link.
    const org = await signUpOrganisation(api.url);
    const link = (await org.admin.get(`/api/facilities/${org.facilityId}/link`)).body.token as string;
    // Act
    const res = await new Client(api.url).post('/api/bookings/slot', guest(link, `${day(4)}_1100`), {
      localAddress: nextAddress(),
    });
    // Assess
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ tenantName: org.body.companyName, facilityName: org.body.facilityName });
    const code = res.body.confirmationCode;
    const theirs = (await org.admin.get(`/api/appointments?date=${day(4)}`)).body;
    expect(theirs.map((a: { bookingReference: string }) => a.bookingReference)).toContain(code);
    const demo = (await ops.get(`/api/appointments?date=${day(4)}`)).body;
    expect(demo.map((a: { bookingReference: string }) => a.bookingReference)).not.toContain(code);
  });

  it('refuses a language other than en or hi under its field, and books nothing', async () => {
    const hub = await facilityWithLink(`Igatpuri Guest Hub ${randomUUID().slice(0, 6)}`);
    const res = await new Client(api.url).post(
      '/api/bookings/slot',
      guest(hub.link, `${day(3)}_1200`, { language: 'fr' }),
      {
        localAddress: nextAddress(),
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ language: 'Unknown language: use en or hi' });
    const slots = await new Client(api.url).get(`/api/slots/available?date=${day(3)}&facility=${hub.link}`);
    expect(slots.body.find((s: { startTime: string }) => s.startTime === '12:00').bookedCount).toBe(0);
  });
});

describe('guest confirmation SMS', () => {
  it('a guest who booked in Hindi gets the SMS in Hindi, naming the facility', async () => {
    const name = `Ozar Guest Hub ${randomUUID().slice(0, 6)}`;
    const hub = await facilityWithLink(name);
    const body = guest(hub.link, `${day(6)}_1000`, { language: 'hi' });
    const res = await new Client(api.url).post('/api/bookings/slot', body, { localAddress: nextAddress() });
    expect(res.status, res.text).toBe(201);
    const [sms] = await smsTo(e164(body.mobileNumber));
    expect(sms?.body).toBe(
      `${name} में ${smsDateHi(day(6))} को 10:00 बजे का स्लॉट बुक हुआ। पुष्टि कोड: ${res.body.confirmationCode}। इसे गेट पर दिखाएं।`,
    );
  });

  it('a guest who booked in English gets it in English; a facility name longer than an SMS variable is cut at 30 characters', async () => {
    const hub = await facilityWithLink(`Maharashtra Integrated Freight Terminal ${randomUUID().slice(0, 6)}`);
    const body = guest(hub.link, `${day(2)}_1500`);
    const res = await new Client(api.url).post('/api/bookings/slot', body, { localAddress: nextAddress() });
    expect(res.status, res.text).toBe(201);
    const [sms] = await smsTo(e164(body.mobileNumber));
    expect(sms?.body).toBe(
      `Slot booked at Maharashtra Integrated Freight for ${smsDate(day(2))} at 15:00. Confirmation code: ${res.body.confirmationCode}. Show it at the gate.`,
    );
  });
});

describe('a guest’s slots for a load of an appointment type', () => {
  it('through the facility link: a 90-minute type is not offered 09:00 before a 10:00-11:00 booking at its only door', async () => {
    const hub = await facilityWithLink(`Sinnar Guest Hub ${randomUUID().slice(0, 6)}`);
    const door = await ops.post('/api/dock-doors', { facilityId: hub.id, doorNumber: 'D1', status: 'available' });
    expect(door.status, door.text).toBe(201);
    const type = await ops.post(`/api/appointment-types/facilities/${hub.id}/types`, {
      name: `Palletised inbound ${randomUUID().slice(0, 6)}`,
      direction: 'inbound',
      vehicleTypes: ['Truck'],
      doorIds: [door.body.id],
      durationRule: { kind: 'fixed', minutes: 90 },
    });
    expect(type.status, type.text).toBe(201);
    const held = await ops.post('/api/appointments', {
      facilityId: hub.id,
      carrierId: 'carrier-sahyadri',
      dockDoorId: door.body.id,
      scheduledDate: day(5),
      scheduledTimeStart: '10:00',
      scheduledTimeEnd: '11:00',
    });
    expect(held.status, held.text).toBe(201);
    const search = (query: string, headers: Record<string, string> = {}) =>
      new Client(api.url).get(`/api/bookings/slots?facility=${hub.link}&date=${day(5)}${query}`, {
        headers,
        localAddress: nextAddress(),
      });

    // 90 minutes on the hourly grid take two hours: 08:00-10:00 fits, 09:00 and 10:00 do not, 11:00 does.
    const typed = await search(`&typeId=${type.body.id}`);
    expect(typed.status, typed.text).toBe(200);
    const starts = (typed.body as { startTime: string }[]).map((s) => s.startTime);
    expect(starts.filter((s) => s <= '12:00')).toEqual(['08:00', '11:00', '12:00']);
    // Without a type, the slots as before: 09:00 has room (two trucks a slot).
    const plain = await search('');
    expect(plain.status, plain.text).toBe(200);
    expect((plain.body as { startTime: string }[]).map((s) => s.startTime)).toContain('09:00');

    const unknown = await search('&typeId=no-such-type', { 'accept-language': 'hi' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ typeId: 'अपॉइंटमेंट प्रकार नहीं मिला' });
  });
});
