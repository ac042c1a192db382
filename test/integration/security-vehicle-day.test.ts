// Issue #52.6 through the real local HTTP path: where a facility holds a vehicle to one open
// appointment a day, the vehicle's day is claimed in the booking's own transaction on every path, so
// simultaneous bookings cannot both land, a walk-in is no way around it, a reschedule moves the claim
// and an appointment that is no longer open (cancelled, departed) frees the day again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { nextQuarter, zoneAtTenNow } from '../support/checkin-hub';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { addDays, fromMinutes, localDateTime, toMinutes } from '../../shared/time';

let api: TestApi;
let admin: Client;
let ops: Client;
let yard: Client;
const timeZone = zoneAtTenNow();
const local = () => localDateTime(new Date(), timeZone);
const rulesPath = `/api/bookings/facilities/${DEMO_FACILITY_ID}/rules`;

async function holdVehicles(onePerVehiclePerDay: boolean) {
  const current = await ops.get(rulesPath);
  const saved = await ops.request('PUT', rulesPath, { body: { onePerVehiclePerDay, revision: current.body.revision } });
  expect(saved.status, saved.text).toBe(200);
}

beforeAll(async () => {
  api = await startTestApi();
  [admin, ops, yard] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  await admin.signIn('admin');
  await ops.signIn('operations');
  await yard.signIn('yard_manager');
  // Walk-ins arrive at the default facility: its clock is set where it is 10:xx now, open round the clock.
  const facility = (await admin.get(`/api/facilities/${DEMO_FACILITY_ID}`)).body;
  const edit = await admin.request('PATCH', `/api/facilities/${DEMO_FACILITY_ID}`, {
    body: { timeZone, operatingHoursStart: '00:00', operatingHoursEnd: '23:45', revision: facility.revision ?? 0 },
  });
  expect(edit.status, edit.text).toBe(200);
  await holdVehicles(true);
}, 180_000);
afterAll(() => api.close());

const book = (vehicleLicense: string, scheduledDate: string, start: string) =>
  ops.post('/api/appointments', {
    facilityId: DEMO_FACILITY_ID,
    carrierId: 'carrier-sahyadri',
    scheduledDate,
    scheduledTimeStart: start,
    scheduledTimeEnd: fromMinutes(toMinutes(start) + 30),
    vehicleLicense,
    loadType: 'inbound',
  });
const walkIn = (vehicleLicense: string) =>
  ops.post('/api/checkins/walk-in', { driverName: 'Walk Driver', vehicleLicense, carrierName: 'Roadways' });
const taken = (plate: string, date: string) => `Vehicle ${plate} already has an open appointment on ${date}.`;
const day = (n: number) => addDays(local().date, n);

describe('one open appointment per vehicle per day', () => {
  it('books exactly one of 10 simultaneous bookings of one vehicle on one day, written in any form', async () => {
    // Act: ten windows of one day, none sharing a door or a slot; the number spelled four ways.
    const forms = ['MH12VD0001', 'mh12vd0001', 'MH 12 VD 0001', 'MH-12-VD-0001'];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => book(forms[i % 4]!, day(2), fromMinutes(9 * 60 + 30 * i))),
    );
    // Assess
    const statuses = results.map((r) => r.status).sort();
    expect(statuses, JSON.stringify(results.map((r) => r.body.message))).toEqual([201, ...Array(9).fill(409)]);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body.message).toBe(taken('MH12VD0001', day(2)));
      expect(refused.body.errors.vehicleNumber).toBe(refused.body.message);
    }
    const stored = (await ops.get(`/api/appointments?date=${day(2)}&facilityId=${DEMO_FACILITY_ID}`)).body as {
      vehicleLicense: string | null;
    }[];
    expect(stored.filter((a) => a.vehicleLicense?.replace(/[\s-]/g, '').toUpperCase() === 'MH12VD0001')).toHaveLength(
      1,
    );
    // Another day is another claim.
    expect((await book('MH12VD0001', day(3), '09:00')).status).toBe(201);
  });

  it('refuses a walk-in of a vehicle with an open appointment today, and claims the day for one it lets in', async () => {
    // Prepare: MH12VD0002 is booked for later today.
    const booked = await book('MH12VD0002', local().date, nextQuarter(local().time));
    expect(booked.status, booked.text).toBe(201);
    // Act + Assess: the walk-in of that vehicle is refused (its appointment is the one to check in).
    const refused = await walkIn('MH 12 VD 0002');
    expect([refused.status, refused.body.message]).toEqual([409, taken('MH12VD0002', local().date)]);
    const hindi = await ops.post(
      '/api/checkins/walk-in',
      { driverName: 'Walk Driver', vehicleLicense: 'MH12VD0002', carrierName: 'Roadways' },
      { headers: { 'accept-language': 'hi' } },
    );
    expect(hindi.status).toBe(409);
    // The date in the reader's form (3 दिस॰ 2026).
    expect(hindi.body.message).toMatch(/^वाहन MH12VD0002 की .+ को पहले से एक खुली अपॉइंटमेंट है।$/);
    const checkins = (await ops.get('/api/checkins')).body as { vehicleLicense: string }[];
    expect(checkins.filter((c) => c.vehicleLicense.replace(/\s/g, '') === 'MH12VD0002')).toEqual([]);
    // Once that appointment is cancelled, the walk-in comes in and holds the day: no booking beside it.
    const cancelled = await ops.post(`/api/appointments/${booked.body.id}/cancel`, { reason: 'Came without booking' });
    expect(cancelled.status, cancelled.text).toBe(200);
    const walked = await walkIn('MH12VD0002');
    expect(walked.status, walked.text).toBe(201);
    const beside = await book('MH12VD0002', local().date, nextQuarter(local().time));
    expect([beside.status, beside.body.message]).toEqual([409, taken('MH12VD0002', local().date)]);
    // The walk-in departs: the vehicle's day is free again.
    const left = await yard.request('PATCH', `/api/checkins/${walked.body.id}/status`, {
      body: { status: 'departed' },
    });
    expect(left.status, left.text).toBe(200);
    expect((await book('MH12VD0002', local().date, nextQuarter(local().time))).status).toBe(201);
  });

  it('lets one of a walk-in and 5 bookings of one vehicle today through when they race', async () => {
    const start = nextQuarter(local().time);
    const results = await Promise.all([
      walkIn('MH12VD0003'),
      ...Array.from({ length: 5 }, (_, i) => book('MH12VD0003', local().date, fromMinutes(toMinutes(start) + 30 * i))),
    ]);
    expect(
      results.filter((r) => r.status < 300),
      JSON.stringify(results.map((r) => r.body.message)),
    ).toHaveLength(1);
    for (const refused of results.filter((r) => r.status >= 300))
      expect([refused.status, refused.body.message]).toEqual([409, taken('MH12VD0003', local().date)]);
  });

  it('moves the claim with a reschedule to another day', async () => {
    // Prepare: MH12VD0004 booked on day 5.
    const first = await book('MH12VD0004', day(5), '10:00');
    expect(first.status, first.text).toBe(201);
    // Act: moved to day 6 (requested and approved).
    const request = await ops.post(`/api/appointments/${first.body.id}/reschedule`, {
      newDate: day(6),
      newTimeStart: '11:00',
      newTimeEnd: '11:30',
      reason: 'traffic',
      reasonDetails: 'Stuck on the Thane bypass since morning',
      requestedBy: 'carrier',
    });
    expect(request.status, request.text).toBe(201);
    const approved = await yard.request('PATCH', `/api/reschedules/${request.body.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    // Assess: day 5 is free for the vehicle, day 6 is held.
    expect((await book('MH12VD0004', day(5), '12:00')).status).toBe(201);
    const held = await book('MH12VD0004', day(6), '14:00');
    expect([held.status, held.body.message]).toEqual([409, taken('MH12VD0004', day(6))]);
  });

  it('still refuses a second booking beside an appointment booked before the rule was on (no claim)', async () => {
    await holdVehicles(false);
    expect((await book('MH12VD0005', day(4), '09:00')).status).toBe(201);
    await holdVehicles(true);
    const second = await book('MH12VD0005', day(4), '15:00');
    expect([second.status, second.body.message]).toEqual([409, taken('MH12VD0005', day(4))]);
  });
});
