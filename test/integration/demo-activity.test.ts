// The demo day agrees with the clock it is seeded at: seeded at fixed facility times (before
// opening, mid-morning, afternoon, just before midnight), then read back through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { seedDemoActivity } from '../../functions/local/demo-activity';
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

describe('demo activity', () => {
  it.each([
    ['05:00', 30],
    ['10:30', 40],
    ['15:00', 50],
    ['23:50', 60],
  ])(
    'seeded at %s IST is plausible at that time',
    async (time, daysAhead) => {
      // Prepare
      const today = addDays(realToday, daysAhead);
      const now = IST(today, time);
      const yesterday = addDays(today, -1);

      // Act
      await seedDemoActivity(now);

      // Assess
      const [before, todays, after, checkinList] = await Promise.all([
        ops.get<Appointment[]>(`/api/appointments?date=${yesterday}`),
        ops.get<Appointment[]>(`/api/appointments?date=${today}`),
        ops.get<Appointment[]>(`/api/appointments?date=${addDays(today, 1)}`),
        ops.get<Checkin[]>('/api/checkins'),
      ]);
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
      // Yesterday is a finished day with history; tomorrow is all ahead.
      expect(before.body.length).toBeGreaterThan(0);
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
