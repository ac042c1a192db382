// Dwell and detention figures and the detention worker (issue #57.4, #57.3) through the real local HTTP
// path, in a company of its own (its only facility, IST, is the dashboard's): trucks checked in and
// moved along at set times of today and yesterday; the detention worker (functions/detention/watch.ts,
// run here at chosen instants as its schedule would) sends detention.started once a truck's free time
// has passed and detention.closed once it has left, each once, and writes the truck's figures; a GET of
// a truck writes nothing; the dashboard (today) and analytics (7 days, by day and carrier, and its CSV)
// show the figures; a corrected gate-out moves them; a truck marked arrived on the schedule alone (no
// check-in) is watched too. Every expected figure is worked out by hand from the rules below.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { signUpOrganisation, type Organisation } from '../support/tenancy';
import { bookAppointment, contextOf } from '../../functions/appointments';
import { changeAppointmentStatus, changeCheckinStatus, checkInAppointment } from '../../functions/checkins';
import { watchDetention } from '../../functions/detention/watch';
import { findUserByIdentifier, toSessionUser } from '../../functions/users/user.store';
import { queryAll } from '../../functions/lib/dynamo';
import { tenantPk } from '../../functions/lib/table';
import { addDays, localDateTime } from '../../shared/time';
import type { CheckinStatus } from '../../shared/contracts/checkins';

let api: TestApi;
let org: Organisation;
const carriers: Record<'ambika' | 'bharat', { id: string; name: string }> = {} as never;
const run = randomUUID().slice(0, 4).toUpperCase();
const today = localDateTime(new Date(), 'Asia/Kolkata').date;
const yesterday = addDays(today, -1);
const at = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);
const iso = (day: string, time: string) => at(day, time).toISOString();
let plate = 0;

const user = async (company = org) => toSessionUser((await findUserByIdentifier(company.email))!);

/** A truck booked for a window of the day (through the service: some windows are before now), checked in at `gateIn` (null: not). */
async function truck(
  day: string,
  window: [string, string],
  carrier: { id: string },
  gateIn: string | null,
  company = org,
) {
  const staff = await user(company);
  const vehicleLicense = `MH12${run
    .replace(/[^A-Z]/g, 'X')
    .slice(0, 2)
    .padEnd(2, 'X')}${2000 + ++plate}`;
  const booked = await bookAppointment(
    staff,
    {
      facilityId: company.facilityId,
      carrierId: carrier.id,
      driverId: null,
      dockDoorId: null,
      laborInchargeId: null,
      vehicleLicense,
      scheduledDate: day,
      scheduledTimeStart: window[0],
      scheduledTimeEnd: window[1],
      loadType: 'inbound',
      priority: 'normal',
      bookedBy: 'carrier',
      poNumber: null,
      bolNumber: null,
      palletCount: null,
      cartonCount: null,
      estimatedDuration: 60,
      specialInstructions: null,
      handlingEquipmentNotes: null,
    },
    at(day, '00:00'),
  );
  if (gateIn === null) return { ...booked, checkinId: '', day };
  const checkin = await checkInAppointment(
    contextOf(staff),
    booked.id,
    { driverName: 'Suresh Yadav', vehicleLicense },
    'manual',
    at(day, gateIn),
  );
  return { ...booked, checkinId: checkin.id, day };
}

async function moves(t: { checkinId: string; day: string }, steps: [CheckinStatus, string][], company = org) {
  const ctx = contextOf(await user(company));
  for (const [status, time] of steps) await changeCheckinStatus(ctx, t.checkinId, status, at(t.day, time));
}

/** The company's detention events (the event items, in the partitions of the days the worker ran). */
async function detentionEvents(tenantId = org.tenantId) {
  const days = [...new Set([yesterday, today, addDays(today, 1)])];
  const items = (
    await Promise.all(
      days.map((d) =>
        queryAll({
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': tenantPk(tenantId, 'EVENT', d) },
        }),
      ),
    )
  ).flat();
  return items
    .filter((i) => String(i.type).startsWith('detention.'))
    .map((i) => ({ type: String(i.type), detail: i.detail as Record<string, unknown> }));
}

let trucks: Record<'a' | 'b' | 'c' | 'd', Awaited<ReturnType<typeof truck>>>;

/** Two hours free, ₹750 per started hour, half an hour's grace, ₹1,500 for a late truck. */
async function setTerms(company: Organisation) {
  const terms = await company.admin.request('PUT', `/api/detention/terms?facilityId=${company.facilityId}`, {
    body: {
      vehicleClass: 'mxl_32ft',
      freeMinutes: 120,
      rateRupees: 750,
      graceMinutes: 30,
      lateFeeRupees: 1500,
      defaultClass: true,
    },
  });
  expect(terms.status, terms.text).toBe(200);
}

beforeAll(async () => {
  api = await startTestApi();
  org = await signUpOrganisation(api.url);
  for (const [key, name] of [
    ['ambika', `Ambika Transport ${run}`],
    ['bharat', `Bharat Roadways ${run}`],
  ] as const) {
    const res = await org.admin.post('/api/carriers', { name, serviceTypes: ['FTL'] });
    expect(res.status, res.text).toBe(201);
    carriers[key] = { id: res.body.id, name };
  }
  await setTerms(org);

  // A (Ambika): window 09:00, in 09:00, at the door 09:10, out 09:30: 30 min, on time, no detention.
  // B (Ambika): window 10:00, in 10:45 (45 min late, past the 30 min grace), out 12:15: 90 min, late.
  // C (Bharat): window 11:00, in 11:00, at the door 12:00 (60 min waiting), work 12:00-13:20 (80),
  //   then held until 14:20 (60): 200 min. The free 120 min from 11:00 take the 60 waiting and 60 at
  //   the door, running out at 13:00: 20 min at the door and 60 of hub hold past it, 80 min, two
  //   started hours, ₹1,500 (by minutes: ₹375 unloading, ₹1,125 hub hold).
  // D (Bharat), yesterday: window 16:00, in 15:50 (early), at the door 16:00, out 17:00: 70 min.
  trucks = {
    a: await truck(today, ['09:00', '10:00'], carriers.ambika, '09:00'),
    b: await truck(today, ['10:00', '11:00'], carriers.ambika, '10:45'),
    c: await truck(today, ['11:00', '12:00'], carriers.bharat, '11:00'),
    d: await truck(yesterday, ['16:00', '17:00'], carriers.bharat, '15:50'),
  };
  await moves(trucks.a, [
    ['at_dock', '09:10'],
    ['unloading', '09:10'],
    ['completed', '09:25'],
    ['departed', '09:30'],
  ]);
  await moves(trucks.b, [
    ['at_dock', '11:00'],
    ['unloading', '11:00'],
    ['completed', '12:00'],
    ['departed', '12:15'],
  ]);
  await moves(trucks.c, [
    ['at_dock', '12:00'],
    ['unloading', '12:00'],
  ]);
  await moves(trucks.d, [
    ['at_dock', '16:00'],
    ['unloading', '16:00'],
    ['completed', '16:45'],
    ['departed', '17:00'],
  ]);
}, 180_000);
afterAll(async () => {
  await api?.close();
});

describe('the detention worker', () => {
  it('sends nothing from a read: a truck long past its free time read over HTTP writes no event', async () => {
    // A company of its own, with a truck at the door since yesterday 12:00 (in at 11:00, its free time
    // over at 13:00 yesterday): past its free time at any hour of the run. Today's truck C is not, before
    // 13:00 in India (a run at 00:31 IST read C before its day's check-in and failed).
    const other = await signUpOrganisation(api.url);
    await setTerms(other);
    const carrier = await other.admin.post('/api/carriers', { name: `Chetak Carriers ${run}`, serviceTypes: ['FTL'] });
    expect(carrier.status, carrier.text).toBe(201);
    const e = await truck(yesterday, ['11:00', '12:00'], carrier.body, '11:00', other);
    await moves(
      e,
      [
        ['at_dock', '12:00'],
        ['unloading', '12:00'],
      ],
      other,
    );
    const res = await other.admin.get(`/api/detention/appointments/${e.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.assessment.detentionMinutes).toBeGreaterThan(0);
    expect(await detentionEvents(other.tenantId)).toEqual([]);
    expect(await detentionEvents()).toEqual([]);
  });

  it('sends detention.started once the free time has passed and detention.closed once a truck has left, each once', async () => {
    // 13:30: C on site since 11:00, its free time over at 13:00; A, B and D have left.
    await watchDetention(at(today, '13:30'));
    const first = await detentionEvents();
    const of = (t: { id: string }) =>
      first
        .filter((e) => e.detail.appointmentId === t.id)
        .map((e) => e.type)
        .sort();
    expect(of(trucks.a)).toEqual(['detention.closed']);
    expect(of(trucks.b)).toEqual(['detention.closed']);
    expect(of(trucks.c)).toEqual(['detention.started']);
    expect(of(trucks.d)).toEqual(['detention.closed']);
    expect(first.find((e) => e.type === 'detention.started')!.detail).toMatchObject({
      appointmentId: trucks.c.id,
      startedAt: iso(today, '13:00'),
      freeMinutes: 120,
      ratePaisePerHour: 75_000,
    });
    expect(
      first.find((e) => e.type === 'detention.closed' && e.detail.appointmentId === trucks.b.id)!.detail,
    ).toMatchObject({
      arrival: 'late',
      dwellMinutes: 90,
      detentionPaise: 0,
      lateFeePaise: 150_000,
    });

    // 13:35: nothing new.
    await watchDetention(at(today, '13:35'));
    expect(await detentionEvents()).toHaveLength(4);

    // C's work finishes at 13:20 and it leaves at 14:20; the 14:30 run closes it, once.
    await moves(trucks.c, [
      ['completed', '13:20'],
      ['departed', '14:20'],
    ]);
    await watchDetention(at(today, '14:30'));
    await watchDetention(at(today, '14:35'));
    const all = await detentionEvents();
    expect(all).toHaveLength(5);
    expect(
      all
        .filter((e) => e.detail.appointmentId === trucks.c.id)
        .map((e) => e.type)
        .sort(),
    ).toEqual(['detention.closed', 'detention.started']);
    expect(
      all.find((e) => e.type === 'detention.closed' && e.detail.appointmentId === trucks.c.id)!.detail,
    ).toMatchObject({
      gateInAt: iso(today, '11:00'),
      gateOutAt: iso(today, '14:20'),
      dwellMinutes: 200,
      detentionMinutesByCause: { door_wait: 0, at_door: 20, documents: 0, hub_hold: 60 },
      detentionMinutes: 80,
      chargedHours: 2,
      detentionPaise: 150_000,
    });
  });
});

const none = { door_wait: 0, at_door: 0, documents: 0, hub_hold: 0 };

describe('the figures', () => {
  it('shows today’s trucks on the dashboard: median, p90, over 2 h, on time, detention by cause', async () => {
    const res = await org.admin.get('/api/dashboard/metrics');
    expect(res.status, res.text).toBe(200);
    // Dwell 30, 90 and 200: median 90, p90 the 3rd of 3 = 200, one of three over 2 h (33.3 %); two of
    // three on time (B was late). Detention: C's 20 min unloading (0.3 h, ₹375) and 60 of hub hold (1 h, ₹1,125).
    expect(res.body.dwell).toEqual({
      trucks: 3,
      medianDwellMinutes: 90,
      p90DwellMinutes: 200,
      overTwoHoursShare: 33.3,
      onTimeShare: 66.7,
      detentionHoursByCause: { ...none, at_door: 0.3, hub_hold: 1 },
      detentionHours: 1.3,
      detentionRupeesByCause: { ...none, at_door: 375, hub_hold: 1125 },
      detentionRupees: 1500,
    });
  });

  it('shows a range in analytics, by day and by carrier, and its CSV', async () => {
    const res = await org.admin.get('/api/analytics?days=7');
    expect(res.status, res.text).toBe(200);
    const dwell = res.body.dwell;
    // Dwell 30, 70, 90, 200: median (70 + 90) / 2 = 80, p90 the 4th of 4 = 200, one of four over 2 h,
    // three of four on time (D was early).
    expect(dwell).toMatchObject({
      trucks: 4,
      medianDwellMinutes: 80,
      p90DwellMinutes: 200,
      overTwoHoursShare: 25,
      onTimeShare: 75,
      detentionHours: 1.3,
      detentionRupees: 1500,
    });
    const days = dwell.perDay.filter((d: { trucks: number }) => d.trucks > 0);
    expect(days.map((d: Record<string, unknown>) => [d.date, d.trucks, d.medianDwellMinutes])).toEqual([
      [yesterday, 1, 70],
      [today, 3, 90],
    ]);
    // Ambika: A 30, B 90 (late): median 60, p90 the 2nd of 2 = 90, none over 2 h, one of two on time.
    // Bharat: D 70, C 200: median 135, p90 200, one of two over 2 h, both on time, C's detention.
    expect(
      dwell.carriers.map((c: Record<string, unknown>) => [
        c.carrier,
        c.trucks,
        c.medianDwellMinutes,
        c.p90DwellMinutes,
        c.overTwoHoursShare,
        c.onTimeShare,
        c.detentionRupees,
      ]),
    ).toEqual([
      [carriers.ambika.name, 2, 60, 90, 0, 50, 0],
      [carriers.bharat.name, 2, 135, 200, 50, 100, 1500],
    ]);

    const csv = await org.admin.get('/api/reports/dwell-detention?days=7');
    expect(csv.status, csv.text).toBe(200);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      [
        'Scope',
        'Name',
        'From',
        'To',
        'Trucks',
        'Median dwell (min)',
        'P90 dwell (min)',
        'Over 2 h %',
        'On-time arrival %',
        'Detention hours: waiting for a door',
        'Detention hours: unloading',
        'Detention hours: documents',
        'Detention hours: hub hold',
        'Detention hours',
        'Detention ₹: waiting for a door',
        'Detention ₹: unloading',
        'Detention ₹: documents',
        'Detention ₹: hub hold',
        'Detention ₹',
      ].join(','),
    );
    expect(lines).toContain(
      `carrier,${carriers.bharat.name},${addDays(today, -6)},${today},2,135,200,50,100,0,0.3,0,1,1.3,0,375,0,1125,1500`,
    );
    expect(lines).toContain(
      `day,${org.body.facilityName},${today},${today},3,90,200,33.3,66.7,0,0.3,0,1,1.3,0,375,0,1125,1500`,
    );
  });

  it('is read with a session only', async () => {
    for (const path of ['/api/dashboard/metrics', '/api/analytics?days=7', '/api/reports/dwell-detention?days=7'])
      expect((await new Client(api.url).get(path)).status, path).toBe(401);
  });
});

describe('a corrected gate-out', () => {
  it('sends the corrected detention.closed (and the detention.started it now calls for) and moves the figures', async () => {
    // D out at 18:30 instead of 17:00: 160 min from 15:50. Its clock starts at its window, 16:00 (it came
    // early): 45 min at the door, then 105 held; the free 120 min take the 45 and 75 of the hold, running
    // out at 18:00: 30 min of hub hold, one started hour, ₹750.
    const corrected = await org.admin.post(`/api/detention/appointments/${trucks.d.id}/corrections`, {
      event: 'gate_out',
      at: iso(yesterday, '18:30'),
      reason: 'Gate register shows the truck left at 18:30',
    });
    expect(corrected.status, corrected.text).toBe(201);
    const events = (await detentionEvents()).filter((e) => e.detail.appointmentId === trucks.d.id);
    expect(events.map((e) => [e.type, e.detail.corrected ?? null]).sort()).toEqual([
      ['detention.closed', false],
      ['detention.closed', true],
      ['detention.started', null],
    ]);
    expect(events.find((e) => e.type === 'detention.started')!.detail.startedAt).toBe(iso(yesterday, '18:00'));

    // The range now: dwell 30, 90, 160, 200: median 125, p90 200, two of four over 2 h; detention 20 min
    // unloading (₹375) and 60 + 30 min of hub hold (1.5 h, ₹1,125 + ₹750).
    const dwell = (await org.admin.get('/api/analytics?days=7')).body.dwell;
    expect(dwell).toMatchObject({
      trucks: 4,
      medianDwellMinutes: 125,
      p90DwellMinutes: 200,
      overTwoHoursShare: 50,
      onTimeShare: 75,
      detentionHoursByCause: { ...none, at_door: 0.3, hub_hold: 1.5 },
      detentionHours: 1.8,
      detentionRupeesByCause: { ...none, at_door: 375, hub_hold: 1875 },
      detentionRupees: 2250,
    });
    // A later run of the worker sends nothing more.
    await watchDetention(at(today, '15:00'));
    expect((await detentionEvents()).filter((e) => e.detail.appointmentId === trucks.d.id)).toHaveLength(3);
  });
});

describe('a truck marked arrived without a check-in', () => {
  it('is watched all the same: its detention.closed goes once it has left', async () => {
    // E (Ambika): window 12:00, marked arrived at 12:00 and departed at 12:40 on the schedule alone.
    const e = await truck(today, ['12:00', '13:00'], carriers.ambika, null);
    const ctx = contextOf(await user());
    await changeAppointmentStatus(ctx, e.id, 'arrived', at(today, '12:00'));
    await changeAppointmentStatus(ctx, e.id, 'departed', at(today, '12:40'));
    await watchDetention(at(today, '15:30'));
    await watchDetention(at(today, '15:35'));
    const events = (await detentionEvents()).filter((x) => x.detail.appointmentId === e.id);
    expect(events.map((x) => [x.type, x.detail.dwellMinutes])).toEqual([['detention.closed', 40]]);
  });
});
