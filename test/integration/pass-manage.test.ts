// The pass page as the booker's "manage my booking" page (issue #32): the guest who booked changes the
// time or cancels through their gate pass link, with no sign-in, by the facility's rules for a
// carrier's own change: nothing within the 12 h change cut-off (no override on this page), a reason to
// cancel. The facility's clock is one where it is 10:xx now, so "within 12 hours" is known.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { zoneAtTenNow } from '../support/checkin-hub';
import { nextAddress } from '../support/tenancy';
import { listAudit } from '../../functions/lib/audit';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { addDays, localDateTime } from '../../shared/time';

const ORIGIN = 'https://app.docksaathi.test';
let api: TestApi;
let ops: Client;

beforeAll(async () => {
  process.env.APP_ORIGIN = ORIGIN;
  api = await startTestApi({ workers: ['event-forwarder', 'messaging-notifier'] });
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(async () => {
  delete process.env.APP_ORIGIN;
  await api?.close();
});

const anonymous = () => new Client(api.url);
const mobile = () => `+91 97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const tokenIn = (sms: string) => /\/pass\/([A-Za-z0-9_-]+(?:~[A-Za-z0-9_-]+)+)$/.exec(sms)?.[1] ?? '';

/** A new hub where it is 10:xx now, hourly slots for two trucks, and a 12 h change cut-off. */
async function hub() {
  const timeZone = zoneAtTenNow();
  const created = await ops.post('/api/facilities', {
    name: `Manage Hub ${randomUUID().slice(0, 6)}`,
    address: 'Gat 7, Chakan',
    operatingHoursStart: '00:00',
    operatingHoursEnd: '23:45',
    timeZone,
    slotMinutes: 60,
    slotCapacity: 2,
  });
  expect(created.status, created.text).toBe(201);
  const facility = created.body as { id: string };
  const rulesPath = `/api/bookings/facilities/${facility.id}/rules`;
  const current = await ops.get(rulesPath);
  const rules = await ops.request('PUT', rulesPath, {
    body: { changeCutoffHours: 12, revision: current.body.revision },
  });
  expect(rules.status, rules.text).toBe(200);
  const link = (await ops.get(`/api/facilities/${facility.id}/link`)).body.token as string;
  const today = localDateTime(new Date(), timeZone).date;
  return { facility, link, today, tomorrow: addDays(today, 1) };
}

/** A guest's booking of the slot at `start` on `date`, its appointment and its pass link. */
async function guestBooking(
  h: Awaited<ReturnType<typeof hub>>,
  date: string,
  start: string,
  over: Record<string, unknown> = {},
) {
  const phone = mobile();
  const booked = await anonymous().post(
    '/api/bookings/slot',
    {
      ownerType: 'Driver',
      vehicleNumber: `MH12QT${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`,
      vehicleType: 'Truck',
      capacityTons: 9,
      driverName: 'Ganesh Jadhav',
      driverLicense: 'MH1220180044444',
      mobileNumber: phone,
      expectedArrivalDate: new Date().toISOString(),
      slotId: `${date}_${start.replace(':', '')}`,
      facility: h.link,
      language: 'en',
      ...over,
    },
    { localAddress: nextAddress() },
  );
  expect(booked.status, booked.text).toBe(201);
  const appointment = (
    (await ops.get(`/api/appointments?date=${date}&facilityId=${h.facility.id}`)).body as {
      id: string;
      bookingReference: string;
    }[]
  ).find((a) => a.bookingReference === booked.body.confirmationCode)!;
  expect(appointment).toBeDefined();
  return { id: appointment.id, token: booked.body.passLink as string, phone: phone.replace(/\s/g, '') };
}

const appointmentOf = async (id: string) => (await ops.get(`/api/appointments/${id}`)).body;
const bookedCount = async (h: Awaited<ReturnType<typeof hub>>, date: string, start: string) =>
  (
    (await ops.get(`/api/facilities/${h.facility.id}/time-slots?date=${date}`)).body as {
      startTime: string;
      bookedCount: number;
    }[]
  ).find((s) => s.startTime === start)?.bookedCount;

/** The SMS to `to` whose text matches, waited for while the notifier works. */
async function smsTo(to: string, match: (body: string) => boolean) {
  const { localOutbox } = await import('../../functions/messaging');
  const deadline = Date.now() + 8000;
  for (;;) {
    const found = (await localOutbox(300)).find((m) => m.to === to && m.channel === 'sms' && match(m.body));
    if (found || Date.now() > deadline) return found?.body;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the booker changes the time on the pass page', () => {
  it('moves a booking outside the cut-off: new time, slot places, the new pass link and the audit actor', async () => {
    const h = await hub();
    const booking = await guestBooking(h, h.tomorrow, '14:00');
    expect(booking.token).toMatch(/^[A-Za-z0-9_-]{16}~[0-9a-z]{1,10}~[A-Za-z0-9_-]{4}~[A-Za-z0-9_-]{22}$/);

    const moved = await anonymous().post(`/api/passes/${booking.token}/reschedule`, {
      newDate: h.tomorrow,
      newTimeStart: '16:00',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.outcome).toBe('moved');
    expect(moved.body.pass.claims).toMatchObject({
      apt: booking.id,
      day: h.tomorrow,
      ws: '16:00',
      we: '17:00',
      ver: 1,
    });
    const after = await appointmentOf(booking.id);
    expect(after).toMatchObject({
      scheduledDate: h.tomorrow,
      scheduledTimeStart: '16:00',
      scheduledTimeEnd: '17:00',
      rescheduleCount: 1,
    });
    expect(await bookedCount(h, h.tomorrow, '14:00')).toBe(0);
    expect(await bookedCount(h, h.tomorrow, '16:00')).toBe(1);

    // The new link opens the new pass; the old one says the booking moved (English and Hindi).
    const fresh = await anonymous().get(`/api/passes/${moved.body.passLink}`);
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.claims).toMatchObject({ ws: '16:00', ver: 1 });
    const old = await anonymous().get(`/api/passes/${booking.token}`);
    expect(old.status).toBe(409);
    expect(old.body.message).toBe(
      'This booking was moved to a new time. Open the gate pass link of the newest message.',
    );
    const oldHi = await anonymous().request('GET', `/api/passes/${booking.token}`, {
      headers: { 'accept-language': 'hi' },
    });
    expect(oldHi.body.message).toBe('यह बुकिंग नए समय पर बदल दी गई है। सबसे नए संदेश का गेट पास लिंक खोलें।');

    // The driver's message of the move links to the new time's pass.
    const sms = await smsTo(booking.phone, (body) => body.includes('16:00') && body.includes('/pass/'));
    expect(sms, 'the reschedule SMS').toBeDefined();
    const smsPass = await anonymous().get(`/api/passes/${tokenIn(sms!)}`);
    expect(smsPass.status, smsPass.text).toBe(200);
    expect(smsPass.body.claims).toMatchObject({ apt: booking.id, ws: '16:00' });

    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'appointment', entityId: booking.id });
    const rescheduled = trail.find((a) => a.action === 'appointment.rescheduled');
    expect(rescheduled).toMatchObject({
      actorId: `pass-link:${booking.token.split('~')[0]}`,
      actorName: 'booker (gate pass link)',
    });
  });

  it('moves a typed load by its door and duration: door time, not slot places', async () => {
    const h = await hub();
    const door = await ops.post('/api/dock-doors', { facilityId: h.facility.id, doorNumber: 'T1' });
    expect(door.status, door.text).toBe(201);
    const type = await ops.post(`/api/appointment-types/facilities/${h.facility.id}/types`, {
      name: `Pallets ${randomUUID().slice(0, 6)}`,
      direction: 'inbound',
      vehicleTypes: [],
      doorIds: [],
      durationRule: { kind: 'fixed', minutes: 90 },
    });
    expect(type.status, type.text).toBe(201);
    const booking = await guestBooking(h, h.tomorrow, '14:00', { typeId: type.body.id });
    // 90 minutes rounded up to the hour grid of the facility's slots.
    expect(await appointmentOf(booking.id)).toMatchObject({ dockDoorId: door.body.id, scheduledTimeEnd: '16:00' });

    const moved = await anonymous().post(`/api/passes/${booking.token}/reschedule`, {
      newDate: h.tomorrow,
      newTimeStart: '17:00',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await appointmentOf(booking.id)).toMatchObject({
      scheduledTimeStart: '17:00',
      scheduledTimeEnd: '19:00',
      dockDoorId: door.body.id,
    });
    // Door time, not a place of the slot: the slots' counts stay as they were.
    expect(await bookedCount(h, h.tomorrow, '14:00')).toBe(0);
    expect(await bookedCount(h, h.tomorrow, '17:00')).toBe(0);
    // The only door's old time is free: 14:00 is offered again; 16:00 to 18:00 overlap its new time.
    const offered = await anonymous().get(`/api/passes/${moved.body.passLink}/slots?date=${h.tomorrow}`);
    expect(offered.status, offered.text).toBe(200);
    const starts = (offered.body as { startTime: string }[]).map((s) => s.startTime);
    expect(starts).toContain('14:00');
    expect(starts).not.toContain('16:00');
    expect(starts).not.toContain('17:00');
    expect(starts).not.toContain('18:00');
  });

  it('refuses a change within the 12 h cut-off with the spec text in English and Hindi, and changes nothing', async () => {
    const h = await hub();
    // 20:00 today is under 10 hours away on the facility's clock (it is 10:xx there).
    const booking = await guestBooking(h, h.today, '20:00');
    const body = { newDate: h.tomorrow, newTimeStart: '15:00' };
    const english = await anonymous().post(`/api/passes/${booking.token}/reschedule`, body);
    expect(english.status).toBe(409);
    expect(english.body.message).toBe('Changes close 12 hours before the slot. Call the facility.');
    const hindi = await anonymous().request('POST', `/api/passes/${booking.token}/reschedule`, {
      body,
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.status).toBe(409);
    expect(hindi.body.message).toBe('स्लॉट से 12 घंटे पहले बदलाव बंद हो जाते हैं। सुविधा को कॉल करें।');
    const cancel = await anonymous().post(`/api/passes/${booking.token}/cancel`, { reason: 'Truck is not ready' });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('Changes close 12 hours before the slot. Call the facility.');
    expect(await appointmentOf(booking.id)).toMatchObject({
      status: 'scheduled',
      scheduledDate: h.today,
      scheduledTimeStart: '20:00',
      rescheduleCount: 0,
    });
    expect(await bookedCount(h, h.tomorrow, '15:00')).toBe(0);
  });
});

describe('the booker cancels on the pass page', () => {
  it('needs a reason, then cancels: the slot place is freed, and the link moves nothing more', async () => {
    const h = await hub();
    const booking = await guestBooking(h, h.tomorrow, '18:00');

    const noReason = await anonymous().post(`/api/passes/${booking.token}/cancel`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors?.reason).toBe('Please give a reason for cancelling');
    const blank = await anonymous().post(`/api/passes/${booking.token}/cancel`, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect((await appointmentOf(booking.id)).status).toBe('scheduled');
    expect(await bookedCount(h, h.tomorrow, '18:00')).toBe(1);

    const cancelled = await anonymous().post(`/api/passes/${booking.token}/cancel`, {
      reason: 'Consignee closed for stock-taking',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await appointmentOf(booking.id)).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Consignee closed for stock-taking',
    });
    expect(await bookedCount(h, h.tomorrow, '18:00')).toBe(0);
    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'appointment', entityId: booking.id });
    expect(trail.find((a) => a.action === 'appointment.cancelled')?.actorName).toBe('booker (gate pass link)');

    const again = await anonymous().post(`/api/passes/${booking.token}/reschedule`, {
      newDate: h.tomorrow,
      newTimeStart: '21:00',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This appointment is no longer scheduled, so it has no gate pass');
    expect((await appointmentOf(booking.id)).scheduledTimeStart).toBe('18:00');
  });

  it('tells the driver once, in the language they booked in, whether the booker or staff cancel', async () => {
    const h = await hub();
    const { localOutbox } = await import('../../functions/messaging');
    const cancelTexts = async (to: string) =>
      (await localOutbox(500)).filter((m) => m.to === to && m.body.includes(' 20:00 ')).map((m) => m.body);
    // The SMS names the facility's day as "27 Nov 2026" (DLT-registered, in both languages).
    const [y, mo, d] = h.tomorrow.split('-').map(Number) as [number, number, number];
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][mo - 1];
    const day = `${d} ${month} ${y}`;
    // A Hindi SMS names the month in Hindi (issue #53).
    const monthHi = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'][
      mo - 1
    ];
    const dayHi = `${d} ${monthHi} ${y}`;

    const hindi = await guestBooking(h, h.tomorrow, '20:00', { language: 'hi' });
    const byBooker = await anonymous().post(`/api/passes/${hindi.token}/cancel`, { reason: 'Truck broke down' });
    expect(byBooker.status, byBooker.text).toBe(200);
    const hindiText = `${dayHi} को 20:00 बजे की आपकी अपॉइंटमेंट रद्द कर दी गई है। इसका गेट पास अब गेट पर मान्य नहीं है।`;
    expect(await smsTo(hindi.phone, (body) => body === hindiText)).toBe(hindiText);

    const english = await guestBooking(h, h.tomorrow, '20:00');
    const byStaff = await ops.post(`/api/appointments/${english.id}/cancel`, { reason: 'Dock closed for repairs' });
    expect(byStaff.status, byStaff.text).toBe(200);
    const englishText = `Your appointment for ${day} at 20:00 is cancelled. Its gate pass no longer opens the gate.`;
    expect(await smsTo(english.phone, (body) => body === englishText)).toBe(englishText);

    // One message each: the cancellation goes by the notifier alone, keyed by its event.
    expect((await cancelTexts(hindi.phone)).filter((t) => t === hindiText)).toHaveLength(1);
    expect((await cancelTexts(english.phone)).filter((t) => t === englishText)).toHaveLength(1);
  });

  it('answers an altered link 404 and changes nothing', async () => {
    const h = await hub();
    const booking = await guestBooking(h, h.tomorrow, '19:00');
    const [id, signature] = booking.token.split('~') as [string, string];
    const altered = `${id}~${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const moved = await anonymous().post(`/api/passes/${altered}/reschedule`, {
      newDate: h.tomorrow,
      newTimeStart: '21:00',
    });
    expect(moved.status).toBe(404);
    expect(moved.body.message).toBe('This gate pass link is not valid');
    const cancel = await anonymous().post(`/api/passes/${altered}/cancel`, { reason: 'Consignee closed' });
    expect(cancel.status).toBe(404);
    expect(await appointmentOf(booking.id)).toMatchObject({ status: 'scheduled', scheduledTimeStart: '19:00' });
  });
});
