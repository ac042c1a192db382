// The demo days agree with the clock they are seeded at: seeded at fixed facility times (before
// opening, mid-morning, afternoon, just before midnight), then read back through the API. The afternoon
// case seeds the whole past week npm start makes, and reads its late and held trucks' detention (#57).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { DEMO_PAST_DAYS, seedDemoActivity } from '../../functions/local/demo-activity';
import { addDays, localDateTime } from '../../shared/time';

let api: TestApi;
let ops: Client;
beforeAll(async () => {
  api = await startTestApi();
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(() => api.close());

interface Appointment {
  id: string;
  scheduledDate: string;
  scheduledTimeStart: string;
  scheduledTimeEnd: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  arrivedAt: string | null;
  loadingStartedAt: string | null;
  departedAt: string | null;
}
interface Checkin {
  appointmentId: string;
  checkInTime: string;
  atDockAt: string | null;
  completedAt: string | null;
  departedAt: string | null;
}

// Bhiwandi is on IST (no daylight saving). Each case seeds its own days, well clear of the holiday
// the base demo data puts a week after the real today, so the cases share one table.
const IST = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);
const realToday = localDateTime(new Date(), 'Asia/Kolkata').date;
const FINAL = ['departed', 'no_show'];

/**
 * Three trucks of the week, worked by hand from the demo hub's terms for a 32 ft truck (2 h free, ₹600
 * per started hour, 30 min grace, ₹1,000 late fee) and the week's differences (demo-activity.ts).
 */
async function expectTheWeeksDetention(days: Appointment[][]) {
  const at = (daysAgo: number, start: string) => {
    const found = days[daysAgo - 1]!.find((a) => a.scheduledTimeStart === start);
    expect(found, `the ${start} truck ${daysAgo} days ago`).toBeDefined();
    return found!.id;
  };
  const detention = async (id: string) => {
    const res = await ops.get(`/api/detention/appointments/${id}`);
    expect(res.status, res.text).toBe(200);
    return res.body.assessment;
  };
  // 3 days ago, 12:30-14:00: in at 12:30, held 200 min for a door (at it 16:00), out at 17:10. Dwell
  // 280 min, 160 past the free time: 3 started hours, ₹1,800 owed to the carrier.
  expect(await detention(at(3, '12:30'))).toMatchObject({
    arrival: 'on_time',
    dwellMinutes: 280,
    detentionMinutes: 160,
    chargedHours: 3,
    detentionPaise: 180_000,
    lateFeePaise: 0,
  });
  // 4 days ago, 11:00-12:30: in at 12:15, 75 min after its window opened, past the 30 min grace: no
  // free-time guarantee, and the ₹1,000 late fee.
  expect(await detention(at(4, '11:00'))).toMatchObject({
    lateByMinutes: 75,
    detentionPaise: 0,
    lateFeePaise: 100_000,
  });
  // 3 days ago, 10:00-11:30: in at 10:20, work done 11:20, out 90 min later than a plain day at 13:00,
  // the carrier's papers done 12:59. Dwell 160 min, of which the 99 min waiting for the carrier's papers
  // are its own: 61 min, within the free time.
  expect(await detention(at(3, '10:00'))).toMatchObject({
    dwellMinutes: 160,
    carrierMinutes: 99,
    detentionMinutes: 0,
    detentionPaise: 0,
  });
}

/**
 * The week's figures as `npm start` builds them after the seed (functions/local/demo-figures.ts): the
 * truck of 3 days ago kept 280 min (12:30 window, in on time) is in the detention read model of that day
 * with its ₹1,800; a truck that never came is not.
 */
async function expectTheWeeksFigures(now: Date, day: string, appointments: Appointment[]) {
  const { rebuildDemoFigures } = await import('../../functions/local/demo-figures');
  const { listTruckFigures } = await import('../../functions/detention');
  const { DEMO_FACILITY_ID, DEMO_TENANT_ID } = await import('../../functions/local/seed');
  await rebuildDemoFigures(now);
  const figures = await listTruckFigures(DEMO_TENANT_ID, DEMO_FACILITY_ID, day, day);
  const kept = appointments.find((a) => a.scheduledTimeStart === '12:30')!;
  expect(figures.find((f) => f.appointmentId === kept.id)).toMatchObject({
    day,
    arrival: 'on_time',
    dwellMinutes: 280,
    detentionPaise: 180_000,
  });
  const left = appointments.filter((a) => a.status === 'departed').map((a) => a.id);
  expect(figures.map((f) => f.appointmentId).sort()).toEqual([...left].sort());
}

describe('demo activity', () => {
  // Seeded with yesterday only, but the afternoon case with the week (the cases share one table: each
  // seeds days clear of the others').
  it.each([
    ['05:00', 30, 1],
    ['10:30', 40, 1],
    ['15:00', 50, DEMO_PAST_DAYS],
    ['23:50', 60, 1],
  ])(
    'seeded at %s IST is plausible at that time',
    async (time, daysAhead, pastDays) => {
      // Prepare
      const today = addDays(realToday, daysAhead);
      const now = IST(today, time);
      const pastDates = Array.from({ length: pastDays }, (_, i) => addDays(today, -1 - i));

      // Act
      await seedDemoActivity(now, pastDays);

      // Assess
      const [todays, after, checkinList, ...past] = await Promise.all([
        ops.get<Appointment[]>(`/api/appointments?date=${today}`),
        ops.get<Appointment[]>(`/api/appointments?date=${addDays(today, 1)}`),
        ops.get<Checkin[]>('/api/checkins'),
        ...pastDates.map((date) => ops.get<Appointment[]>(`/api/appointments?date=${date}`)),
      ]);
      const before = { body: past.flatMap((day) => day.body) };
      const all = [...before.body, ...todays.body, ...after.body];
      expect(todays.body.length).toBeGreaterThan(3);
      expect(after.body.length).toBeGreaterThan(0);
      const checkins = new Map(checkinList.body.map((c) => [c.appointmentId, c]));
      const ms = (iso: string | null) => (iso === null ? null : new Date(iso).getTime());
      for (const a of all) {
        const opened = IST(a.scheduledDate, a.scheduledTimeStart).getTime();
        const closed = IST(a.scheduledDate, a.scheduledTimeEnd).getTime();
        const label = `${a.scheduledDate} ${a.scheduledTimeStart} (${a.status})`;
        expect(ms(a.createdAt)!, `${label} booked in the future`).toBeLessThanOrEqual(now.getTime());
        expect(ms(a.updatedAt)!, `${label} changed in the future`).toBeLessThanOrEqual(now.getTime());
        // Nothing has happened to an appointment whose window has not opened; a closed window has its outcome.
        if (opened > now.getTime()) expect(a.status, label).toBe('scheduled');
        if (closed <= now.getTime()) expect(FINAL, label).toContain(a.status);
        if (a.status === 'no_show') expect(closed, label).toBeLessThanOrEqual(now.getTime());
        const checkin = checkins.get(a.id);
        expect(Boolean(checkin), `${label} check-in`).toBe(a.arrivedAt !== null);
        if (!checkin) continue;
        const steps = [checkin.checkInTime, checkin.atDockAt, checkin.completedAt, checkin.departedAt]
          .map(ms)
          .filter((t) => t !== null);
        expect(steps[0], `${label} checked in before its window opened`).toBeGreaterThanOrEqual(opened);
        expect(steps, `${label} steps in order`).toEqual([...steps].sort((x, y) => x - y));
        expect(Math.max(...steps), `${label} stamped in the future`).toBeLessThanOrEqual(now.getTime());
        expect(ms(a.arrivedAt)).toBe(steps[0]);
        if (a.status === 'departed') {
          expect(ms(a.departedAt)!, label).toBeGreaterThan(ms(a.arrivedAt)!);
          expect(ms(a.loadingStartedAt)!, label).toBeGreaterThan(ms(a.arrivedAt)!);
          expect(ms(a.departedAt)!, label).toBeLessThanOrEqual(now.getTime());
        }
      }
      // The past days are finished days with history; tomorrow is all ahead.
      for (const day of past) expect(day.body.length).toBeGreaterThan(0);
      expect(before.body.every((a) => FINAL.includes(a.status))).toBe(true);
      expect(before.body.some((a) => a.status === 'departed')).toBe(true);
      expect(after.body.every((a) => a.status === 'scheduled')).toBe(true);
      const statuses = new Set(todays.body.map((a) => a.status));
      if (time === '05:00') expect([...statuses]).toEqual(['scheduled']);
      if (time === '10:30' || time === '15:00') {
        expect(statuses).toContain('departed');
        expect(statuses).toContain('scheduled');
        expect(
          todays.body.some((a) => ['arrived', 'loading', 'unloading'].includes(a.status)),
          'a truck at the dock',
        ).toBe(true);
      }
      if (time === '23:50') expect(todays.body.every((a) => FINAL.includes(a.status))).toBe(true);
      if (pastDays === DEMO_PAST_DAYS) {
        await expectTheWeeksDetention(past.map((day) => day.body));
        await expectTheWeeksFigures(now, addDays(today, -3), past[2]!.body);
      }
      // The cases share one table, and a door holds its truck until it departs (issue #52.5): the trucks
      // this case left at the dock leave before the next case plays its days on the same doors.
      const onSite = new Set(
        todays.body.filter((t) => ['arrived', 'loading', 'unloading'].includes(t.status)).map((t) => t.id),
      );
      for (const c of checkinList.body.filter((c) => onSite.has(c.appointmentId)) as (Checkin & { id: string })[]) {
        const moves = [];
        for (const status of ['at_dock', 'unloading', 'loading', 'completed', 'departed'])
          moves.push((await ops.request('PATCH', `/api/checkins/${c.id}/status`, { body: { status } })).status);
        expect(moves.at(-1), `${c.appointmentId} departs`).toBe(200);
      }
    },
    120_000,
  );
});
