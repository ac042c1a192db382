// Where is my truck (issue #33) through the real local HTTP path, with the trip watch run against the
// fake ULIP's FASTAG/01 at chosen instants of a day two days ahead (the fake's clock moves with it):
// a truck that will be ~90 min late is at risk, then late; one alert and one driver message however
// often the watch polls; the driver's one tap moves the appointment and frees the old door time; a
// replayed answer changes nothing; what FASTag cannot tell is "not seen" with its reason; the call
// budget holds over a simulated day of 100 trucks. Each run makes its own facility, carrier, driver
// and vehicle numbers, so it assumes nothing of the day.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { indiaDate } from '../support/dates';
import { FAKE_ULIP_FIXTURES as F, startFakeUlip, type FakeUlip } from '../../functions/local/fake-ulip';
import { readerReadTime } from '../../functions/local/trip-simulator';
import { resetBreakers } from '../../functions/gate/registry/breaker';
import { watchTrips } from '../../functions/trips/watch';
import { vehicleCrossings } from '../../functions/trips/trip.store';
import { newReslotLink } from '../../functions/trips/reslot';
import { newReslotLinkPut } from '../../functions/trips/reslot.store';
import { findByBookingReference, getAppointment } from '../../functions/appointments';
import { getFacility } from '../../functions/facilities';
import { transact } from '../../functions/lib/dynamo';
import { fakeUlipGateSettings, tripWatchSettings } from '../support/fake-ulip-settings';
import { instantOf } from '../../shared/time';
import { DEMO_TENANT_ID } from '../../functions/local/seed';

let api: TestApi;
let ulip: FakeUlip;
let admin: Client;
let ops: Client;
let facilityId: string;
/** Each facility's booking link token. */
const links = new Map<string, string>();
/** A facility of the demo company with its booking link. */
async function facilityWithLink(name: string, capacity: number) {
  const created = await ops.post('/api/facilities', {
    name,
    address: 'Plot 4, MIDC Phase II, Chakan',
    operatingHoursStart: '06:00',
    operatingHoursEnd: '22:00',
    slotMinutes: 60,
    slotCapacity: capacity,
  });
  expect(created.status, created.text).toBe(201);
  const link = await ops.get(`/api/facilities/${created.body.id}/link`);
  expect(link.status, link.text).toBe(200);
  links.set(created.body.id, link.body.token);
  return created.body.id as string;
}
const run = randomUUID().slice(0, 6).toUpperCase();
/** The day of the appointments: two days ahead, so every booking is still to come by the real clock. */
const day = indiaDate(2);
/** An instant of `day` (or another date) on the hub's clock (India). */
const at = (time: string, date = day) => instantOf(date, time, 'Asia/Kolkata');
let plate = 0;
/** A vehicle number of this run: MH14 + two letters of the run + four digits. */
const vehicle = () =>
  `MH14${run
    .replace(/[^A-Z]/g, 'X')
    .slice(0, 2)
    .padEnd(2, 'X')}${String(1000 + ++plate)}`;

// Chakan MIDC, where trucks come up the Mumbai-Pune expressway.
const HUB = { latitude: 18.76, longitude: 73.84 };
const VASHI = '19.061,73.0';
const URSE = '18.7283,73.6886';

const crossing = (seqNo: string, time: string, plaza: string, geocode: string) => ({
  seqNo,
  readerReadTime: readerReadTime(at(time).getTime()),
  tollPlazaName: plaza,
  tollPlazaGeocode: geocode,
  laneDirection: 'E',
  vehicleClass: 'VC10',
});

/** Runs the watch at `time` of the day, the fake ULIP's clock with it. */
async function watchAt(time: string, date = day) {
  const now = at(time, date);
  ulip.state.clock = () => now.getTime();
  return watchTrips(now);
}

let phoneSeq = 0;
/** A guest slot booking through the facility's link (the bookings that carry a vehicle number). */
async function bookSlot(vehicleNumber: string, start: string, hub = facilityId, expect201 = true) {
  const mobileNumber = `+9196${String(Date.now() + ++phoneSeq).slice(-8)}`;
  const res = await new Client(api.url).post('/api/bookings/slot', {
    ownerType: 'Driver',
    vehicleNumber,
    vehicleType: 'Truck',
    capacityTons: 16,
    driverName: 'Ramesh Patil',
    driverLicense: 'MH1420190012345',
    mobileNumber,
    expectedArrivalDate: day,
    slotId: `${day}_${start.replace(':', '')}`,
    facility: links.get(hub),
    language: 'hi',
  });
  if (!expect201) return { id: '', mobileNumber, res };
  expect(res.status, res.text).toBe(201);
  const appointment = await findByBookingReference(DEMO_TENANT_ID, res.body.confirmationCode);
  return { id: appointment!.id, mobileNumber, res };
}

const tripOf = async (id: string) => {
  const res = await ops.get(`/api/appointments/${id}/trip`);
  expect(res.status, res.text).toBe(200);
  return res.body.trip;
};

const lateNotices = async (plateNumber: string) =>
  (await ops.get('/api/notifications')).body.filter(
    (n: { title: string; message: string }) => n.title === 'Truck running late' && n.message.includes(plateNumber),
  );

const messagesTo = async (to: string) => {
  const { localOutbox } = await import('../../functions/messaging');
  return (await localOutbox(500)).filter((m) => m.to === to);
};

beforeAll(async () => {
  process.env.APP_ORIGIN = 'https://app.docksaathi.in';
  // 100 guest bookings come from this one address.
  process.env.RATE_LIMIT_FACTOR = '100';
  [api, ulip] = await Promise.all([startTestApi(), startFakeUlip()]);
  [admin, ops] = [new Client(api.url), new Client(api.url)];
  await Promise.all([admin.signIn('admin'), ops.signIn('operations')]);
  const gate = await admin.request('PUT', '/api/gate/settings', { body: fakeUlipGateSettings(ulip.url, ['FASTAG']) });
  expect(gate.status, gate.text).toBe(200);
  facilityId = await facilityWithLink(`Chakan Watch ${run}`, 1);
}, 120_000);
afterAll(async () => {
  delete process.env.APP_ORIGIN;
  delete process.env.RATE_LIMIT_FACTOR;
  await api?.close();
  await ulip?.close();
});

/** The watch on at Chakan with the defaults, written out. */
const body = (over: Record<string, unknown> = {}) => tripWatchSettings(HUB, over);

describe('trip watch settings', () => {
  it('start with the defaults, refuse bad values by field, and save with the revision rule', async () => {
    const first = await admin.get(`/api/trips/settings?facilityId=${facilityId}`);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      enabled: false,
      startHoursBefore: 8,
      roadFactor: 1.3,
      graceMinutes: 30,
      callEveryMinutes: 15,
      fastagReady: true,
      revision: 0,
    });
    const bad = await admin.request('PUT', `/api/trips/settings?facilityId=${facilityId}`, {
      body: body({ latitude: null, roadFactor: 3, graceMinutes: -5 }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      latitude: 'The facility location is required to watch trucks',
      roadFactor: 'Road factor must be between 1 and 2.5',
      graceMinutes: 'Grace must be between 0 and 240',
    });
    const hindi = await admin.request('PUT', `/api/trips/settings?facilityId=${facilityId}`, {
      body: body({ latitude: null }),
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.body.errors.latitude).toBe('ट्रक देखने के लिए सुविधा का स्थान ज़रूरी है');
    const saved = await admin.request('PUT', `/api/trips/settings?facilityId=${facilityId}`, {
      body: body({ revision: 0 }),
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ enabled: true, revision: 1, latitude: HUB.latitude });
    // A second screen still on revision 0 is refused with the settings as they are now.
    const stale = await admin.request('PUT', `/api/trips/settings?facilityId=${facilityId}`, {
      body: body({ revision: 0, graceMinutes: 45 }),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ revision: 1, graceMinutes: 30 });
  });
});

describe('a truck that will be 90 minutes late', () => {
  let appointment: string;
  let plateNumber: string;
  let driverPhone: string;
  let link: string;

  it('is at risk far out, then late near the hub, with one alert and one driver message however often it is polled', async () => {
    plateNumber = vehicle();
    ({ id: appointment, mobileNumber: driverPhone } = await bookSlot(plateNumber, '14:00'));
    // Before the watch starts (06:00, 8 h before 14:00) FASTag is not asked.
    await watchAt('05:50');
    expect(ulip.callCount('FASTAG/01', plateNumber)).toBe(0);
    expect(await tripOf(appointment)).toMatchObject({ state: 'not_seen', reason: 'not_started' });

    // Seen at Vashi at 12:20: 94.5 km to Chakan x 1.3 = 122.8 km at 35 km/h = 210.6 min -> 15:50.6, range
    // 157.9-263.2 min (14:57.9-16:43.2). The window ends 15:00, + 30 min grace = 15:30: the early end makes
    // it, the estimate does not -> at risk, 51 min past the window.
    ulip.state.fastagAnswers.set(plateNumber, [crossing(`${run}01`, '12:20', 'Vashi Toll Plaza', VASHI)]);
    await watchAt('12:25');
    const far = await tripOf(appointment);
    expect(far).toMatchObject({
      state: 'at_risk',
      lateByMinutes: 51,
      estimate: { basis: 'class_default', lastSeen: { plaza: 'Vashi Toll Plaza' } },
    });
    expect(far.estimate.lastSeen.at).toBe(at('12:20').toISOString());
    expect(ulip.callCount('FASTAG/01', plateNumber)).toBe(1);
    // Two minutes later, inside the budget: the stored answer serves, FASTag is not asked again.
    await watchAt('12:27');
    expect(ulip.callCount('FASTAG/01', plateNumber)).toBe(1);
    expect(await lateNotices(plateNumber)).toHaveLength(0);

    // Seen at Talegaon (Urse) at 15:55: 16.3 km x 1.3 = 21.2 km = 36.4 min -> 16:31.4, early end 16:22.3,
    // both past 15:30 -> late by 91 min.
    ulip.state.fastagAnswers.set(plateNumber, [
      crossing(`${run}02`, '15:55', 'Talegaon (Urse) Toll Plaza', URSE),
      crossing(`${run}01`, '12:20', 'Vashi Toll Plaza', VASHI),
    ]);
    await watchAt('16:00');
    const near = await tripOf(appointment);
    expect(near).toMatchObject({ state: 'late', lateByMinutes: 91 });
    expect(near.crossings.map((c: { plaza: string }) => c.plaza)).toEqual([
      'Vashi Toll Plaza',
      'Talegaon (Urse) Toll Plaza',
    ]);
    expect(near.alertedAt).toBe(at('16:00').toISOString());
    // The list the schedule reads says the same.
    const list = await ops.get(`/api/trips?facilityId=${facilityId}&date=${day}`);
    expect(list.body.find((t: { appointmentId: string }) => t.appointmentId === appointment)).toMatchObject({
      state: 'late',
      lateByMinutes: 91,
    });

    // Polled again and again: still one alert and one message.
    await watchAt('16:05');
    await watchAt('16:20');
    const notices = await lateNotices(plateNumber);
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toContain('expected at 16:31');
    const sent = await messagesTo(driverPhone);
    expect(sent).toHaveLength(1);
    // In the Hindi the driver booked in, by SMS to the mobile number of the booking.
    expect(sent[0]!.channel).toBe('sms');
    expect(sent[0]!.body).toMatch(/^आपका ट्रक 16:31 बजे पहुँचने का अनुमान है, जो आपके 14:00 बजे के स्लॉट के बाद है।/);
    link = /https:\/\/app\.docksaathi\.in\/reslot\/(\S+)$/.exec(sent[0]!.body)![1]!;
    expect(link).toMatch(/^[A-Za-z0-9_-]{8,64}~[0-9a-z]{1,10}~[A-Za-z0-9_-]{4}~[A-Za-z0-9_-]{22}$/);
  });

  it('is read with the other listed appointments in one request, on the facility clock, only by who may see it', async () => {
    const res = await ops.get(
      `/api/trips/appointments?appointmentIds=${appointment},no-such-appointment,${appointment}`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.trips).toHaveLength(1);
    expect(res.body.trips[0]).toMatchObject({
      appointmentId: appointment,
      vehicleNumber: plateNumber,
      timeZone: 'Asia/Kolkata',
      state: 'late',
      lateByMinutes: 91,
    });
    expect(res.body.trips[0].crossings.map((c: { plaza: string }) => c.plaza)).toEqual([
      'Vashi Toll Plaza',
      'Talegaon (Urse) Toll Plaza',
    ]);
    // A carrier's driver reads the trips of the carrier's own appointments only: a guest's truck is not one.
    const driver = new Client(api.url);
    await driver.signIn('driver');
    const theirs = await driver.get(`/api/trips/appointments?appointmentIds=${appointment}`);
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.trips).toEqual([]);
    // A list longer than a screen's day is refused by field, in the reader's language.
    const many = Array.from({ length: 201 }, (_, i) => `a${i}`).join(',');
    const tooMany = await ops.request('GET', `/api/trips/appointments?appointmentIds=${many}`, {
      headers: { 'accept-language': 'hi' },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.appointmentIds).toBe('एक बार में ज़्यादा से ज़्यादा 200 अपॉइंटमेंट माँगें');
  });

  it('changes nothing when the same crossings are answered again, duplicated and out of order', async () => {
    const before = await tripOf(appointment);
    ulip.state.fastagAnswers.set(plateNumber, [
      crossing(`${run}01`, '12:20', 'Vashi Toll Plaza', VASHI),
      crossing(`${run}02`, '15:55', 'Talegaon (Urse) Toll Plaza', URSE),
      crossing(`${run}01`, '12:20', 'Vashi Toll Plaza', VASHI),
      crossing(`${run}02`, '15:55', 'Talegaon (Urse) Toll Plaza', URSE),
    ]);
    const calls = ulip.callCount('FASTAG/01', plateNumber);
    // 15 min after the 16:20 call (the budget near the hub).
    await watchAt('16:35');
    expect(ulip.callCount('FASTAG/01', plateNumber)).toBe(calls + 1);
    expect((await vehicleCrossings(DEMO_TENANT_ID, plateNumber)).map((c) => c.seqNo).sort()).toEqual([
      `${run}01`,
      `${run}02`,
    ]);
    const after = await tripOf(appointment);
    expect(after.crossings).toEqual(before.crossings);
    expect(after.alertedAt).toBe(before.alertedAt);
    expect(await lateNotices(plateNumber)).toHaveLength(1);
    expect(await messagesTo(driverPhone)).toHaveLength(1);
  });

  it('lets the driver take a later slot with one tap: moved, the old slot free, the link used up', async () => {
    const anonymous = new Client(api.url);
    // The 14:00 slot holds one truck: this one.
    expect((await bookSlot(vehicle(), '14:00', facilityId, false)).res.status).toBe(409);
    const offer = await anonymous.get(`/api/reslot/${link}`);
    expect(offer.status, offer.text).toBe(200);
    // Hourly slots from 06:00; the first to start after the 16:31 estimate is 17:00.
    expect(offer.body).toMatchObject({
      facilityName: `Chakan Watch ${run}`,
      current: { date: day, timeStart: '14:00', timeEnd: '15:00' },
      slots: [
        { date: day, timeStart: '17:00', timeEnd: '18:00' },
        { date: day, timeStart: '18:00', timeEnd: '19:00' },
        { date: day, timeStart: '19:00', timeEnd: '20:00' },
      ],
      needsApproval: false,
      language: 'hi',
    });

    const notOffered = await anonymous.post(`/api/reslot/${link}`, { date: day, timeStart: '15:00', timeEnd: '16:00' });
    expect(notOffered.status).toBe(409);
    expect(notOffered.body.message).toBe('Choose one of the offered slots');

    const taken = await anonymous.post(`/api/reslot/${link}`, { date: day, timeStart: '17:00', timeEnd: '18:00' });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body).toEqual({ outcome: 'moved', slot: { date: day, timeStart: '17:00', timeEnd: '18:00' } });
    const moved = await ops.get(`/api/appointments/${appointment}`);
    expect(moved.body).toMatchObject({ scheduledTimeStart: '17:00', scheduledTimeEnd: '18:00' });
    // The 14:00 slot's one place is free again: another truck can have it; 17:00's is taken.
    await bookSlot(vehicle(), '14:00');
    expect((await bookSlot(vehicle(), '17:00', facilityId, false)).res.status).toBe(409);

    const again = await anonymous.post(`/api/reslot/${link}`, { date: day, timeStart: '18:00', timeEnd: '19:00' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This reslot link has already been used');
    const hindi = await anonymous.request('GET', `/api/reslot/${link}`, { headers: { 'accept-language': 'hi' } });
    expect(hindi.body.message).toBe('यह रीस्लॉट लिंक पहले ही इस्तेमाल हो चुका है');
    expect((await ops.get(`/api/appointments/${appointment}`)).body.scheduledTimeStart).toBe('17:00');

    const altered = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`;
    const refused = await anonymous.get(`/api/reslot/${altered}`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('This reslot link is not valid');
  });

  it('refuses a link for a cancelled appointment and an expired one, changing nothing', async () => {
    const tenantId = DEMO_TENANT_ID;
    const facility = (await getFacility(tenantId, facilityId))!;
    const { id: cancelledId } = await bookSlot(vehicle(), '10:00');
    const cancelled = (await getAppointment(tenantId, cancelledId))!;
    const made = await newReslotLink(cancelled, facility, at('12:00').toISOString(), new Date());
    await transact([newReslotLinkPut(made.link)], () => new Error('link'));
    expect(
      (await ops.post(`/api/appointments/${cancelledId}/cancel`, { reason: 'Consignee closed today' })).status,
    ).toBe(200);
    const anonymous = new Client(api.url);
    const gone = await anonymous.post(`/api/reslot/${made.token}`, { date: day, timeStart: '17:00', timeEnd: '18:00' });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe('This appointment can no longer be moved');

    const { id: laterId } = await bookSlot(vehicle(), '11:00');
    const later = (await getAppointment(tenantId, laterId))!;
    // Made yesterday: it ran to the end of yesterday at the hub.
    const old = await newReslotLink(later, facility, at('12:00').toISOString(), new Date(Date.now() - 86_400_000));
    await transact([newReslotLinkPut(old.link)], () => new Error('link'));
    const expired = await anonymous.post(`/api/reslot/${old.token}`, {
      date: day,
      timeStart: '17:00',
      timeEnd: '18:00',
    });
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe('This reslot link has expired');
    expect((await ops.get(`/api/appointments/${laterId}`)).body.scheduledTimeStart).toBe('11:00');
  });
});

describe('what FASTag cannot tell', () => {
  it('is "not seen" with its reason, never a guess and never a server error', async () => {
    resetBreakers();
    const { id: unknown } = await bookSlot(F.unknownVehicle, '19:00');
    const empty = vehicle();
    const { id: emptyId } = await bookSlot(empty, '20:00');
    ulip.state.fastagAnswers.set(empty, []);
    const garbage = vehicle();
    const { id: garbageId } = await bookSlot(garbage, '21:00');
    ulip.state.fastagAnswers.set(garbage, [{ readerReadTime: 'soon', tollPlazaName: 42 }, 'x', null]);
    const elsewhere = vehicle();
    const { id: elsewhereId } = await bookSlot(elsewhere, '16:00');
    // Kherki Daula, on NH48 near Delhi: some 1,150 km from Chakan, far beyond 1.5 x (35 km/h x 8 h).
    ulip.state.fastagAnswers.set(elsewhere, [
      crossing(`${run}91`, '16:40', 'Kherki Daula Toll Plaza', '28.395,76.981'),
    ]);
    const old = vehicle();
    const { id: oldId } = await bookSlot(old, '18:00');
    // Crossed at 09:30, before the watch of an 18:00 window started (10:00).
    ulip.state.fastagAnswers.set(old, [crossing(`${run}92`, '09:30', 'Khalapur Toll Plaza', '18.827,73.279')]);

    await watchAt('16:45');
    const reasons = await Promise.all([unknown, emptyId, garbageId, elsewhereId, oldId].map(tripOf));
    expect(reasons.map((t) => [t.state, t.reason, t.estimate])).toEqual([
      ['not_seen', 'unknown_vehicle', null],
      ['not_seen', 'no_crossings', null],
      ['not_seen', 'unreadable', null],
      ['not_seen', 'off_route', null],
      ['not_seen', 'stale', null],
    ]);
    const list = await ops.get(`/api/trips?facilityId=${facilityId}&date=${day}`);
    expect(list.status).toBe(200);
  });
});

/** The simulated day's trucks: seven or so for each hour's window of 07:00-20:00, each on its own arrival. */
const DAY_TRUCKS = 100;

describe('the call budget', () => {
  it('holds over a simulated day of 100 trucks: at most one call per truck per 15 min, none before the watch or after arrival', async () => {
    // A hub of its own, so the day holds only these trucks' appointments.
    const hub = await facilityWithLink(`Chakan Budget ${run}`, 15);
    const settings = await admin.request('PUT', `/api/trips/settings?facilityId=${hub}`, { body: body() });
    expect(settings.status, settings.text).toBe(200);
    const trucks: { id: string; plate: string; startsAt: number; arrivesAt: number }[] = [];
    const tasks = Array.from({ length: DAY_TRUCKS }, (_, i) => async () => {
      const plateNumber = `MH12${run
        .replace(/[^A-Z]/g, 'Y')
        .slice(0, 2)
        .padEnd(2, 'Y')}${String(5000 + i)}`;
      // Windows from 07:00 to 20:00, on the hour.
      const start = `${String(7 + (i % 14)).padStart(2, '0')}:00`;
      const { id } = await bookSlot(plateNumber, start, hub);
      const startsAt = at(start).getTime();
      // Each truck arrives between an hour early and two hours late, on its own seed.
      const trip = ulip.simulate({
        vehicleNumber: plateNumber,
        corridor: 'expressway',
        seed: 1000 + i,
        arriveAt: startsAt + (((i * 37) % 180) - 60) * 60_000,
      });
      trucks.push({ id, plate: plateNumber, startsAt, arrivesAt: trip.arrivesAt });
    });
    for (let i = 0; i < tasks.length; i += 2) await Promise.all(tasks.slice(i, i + 2).map((t) => t()));

    const arrived = new Set<string>();
    for (let minute = 0; minute < 24 * 60; minute += 5) {
      const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      const now = at(time).getTime();
      // The trucks that reached the gate by now are checked in (the watch stops for them).
      for (const t of trucks.filter((t) => t.arrivesAt <= now && !arrived.has(t.id))) {
        arrived.add(t.id);
        const res = await ops.request('PATCH', `/api/appointments/${t.id}/status`, { body: { status: 'arrived' } });
        expect(res.status, res.text).toBe(200);
      }
      await watchAt(time);
    }

    let calls = 0;
    for (const t of trucks) {
      const times = ulip.state.callTimes.get(`FASTAG/01 ${t.plate}`) ?? [];
      calls += times.length;
      // The watch starts 8 h before the window and stops at check-in (the run that sees it).
      for (const when of times) {
        expect(when).toBeGreaterThanOrEqual(t.startsAt - 8 * 3_600_000);
        expect(when).toBeLessThan(t.arrivesAt + 5 * 60_000);
      }
      for (let k = 1; k < times.length; k++) expect(times[k]! - times[k - 1]!).toBeGreaterThanOrEqual(15 * 60_000);
      // Never more than one call per 15 min of watching, plus the first.
      expect(times.length).toBeLessThanOrEqual(Math.floor((t.arrivesAt - (t.startsAt - 8 * 3_600_000)) / 900_000) + 1);
    }
    console.info(
      `trip watch: ${calls} FASTag calls for ${DAY_TRUCKS} trucks (${(calls / DAY_TRUCKS).toFixed(1)} per truck)`,
    );
    // 288 watch runs over 100 trucks: under 2 minutes alone, about 2 on CI's machine shared by the suite.
  }, 1_800_000);
});
