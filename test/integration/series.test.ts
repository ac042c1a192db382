// Standing appointments (issue #32) through the local HTTP path: a weekly series of 12 weeks across a
// facility holiday books 11 appointments and keeps the holiday's date as a conflict naming it; only 8
// weeks ahead are booked at once, the daily horizon worker run a week later (the clock passed in) adds
// exactly one week and a rerun adds nothing; cancelling from a date cancels only the occurrences on and
// after it and stops the worker; bad input is refused field by field (English and Hindi) and writes
// nothing; another tenant sees none of it. The expected dates are written from the rule by hand: a
// weekly series on the start date's weekday falls every 7 days from the start.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { signUpOrganisation, type Organisation } from '../support/tenancy';
import { indiaDate } from '../support/dates';
import { extendAllSeries } from '../../functions/series/horizon.worker';
import { datesBetween, horizonEnd, seriesRule } from '../../functions/series/rules';
import { addDays } from '../../shared/time';
import type { SeriesDetail } from '../../shared/contracts/series';

let api: TestApi;
let ops: Client;
let other: Organisation;

beforeAll(async () => {
  api = await startTestApi();
  ops = new Client(api.url);
  await ops.signIn('operations');
  other = await signUpOrganisation(api.url);
});
afterAll(() => api?.close());

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;
const DAY = 24 * 60 * 60 * 1000;
const WEEKDAY_OF = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const weekdayOf = (date: string) => WEEKDAY_OF[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
const weekly = (start: string, weeks: number) => Array.from({ length: weeks }, (_, k) => addDays(start, 7 * k));

/** A new facility of the demo tenant, open 06:00-20:00, with one door (S1). */
async function hub() {
  const created = await ops.post('/api/facilities', {
    name: unique('Series Hub'),
    address: 'Plot 9, MIDC',
    operatingHoursStart: '06:00',
    operatingHoursEnd: '20:00',
    timeZone: 'Asia/Kolkata',
    slotMinutes: 30,
  });
  expect(created.status, created.text).toBe(201);
  const door = await ops.post('/api/dock-doors', {
    facilityId: created.body.id,
    doorNumber: 'S1',
    status: 'available',
  });
  expect(door.status, door.text).toBe(201);
  return { ...(created.body as { id: string; name: string }), doorId: door.body.id as string };
}

const seriesBody = (facilityId: string, over: Record<string, unknown>) => ({
  facilityId,
  carrierId: 'carrier-sahyadri',
  timeStart: '09:00',
  timeEnd: '10:00',
  loadType: 'inbound',
  ...over,
});

async function createSeries(facilityId: string, over: Record<string, unknown>): Promise<SeriesDetail> {
  const res = await ops.post('/api/series', seriesBody(facilityId, over));
  expect(res.status, res.text).toBe(201);
  return res.body as SeriesDetail;
}

const detail = async (id: string): Promise<SeriesDetail> => {
  const res = await ops.get(`/api/series/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body as SeriesDetail;
};

describe('standing appointments', () => {
  it('books a 12-week series across a holiday: 11 appointments and the holiday as a conflict', async () => {
    const facility = await hub();
    const start = indiaDate(2);
    const holiday = addDays(start, 28);
    const made = await ops.post(`/api/facilities/${facility.id}/holidays`, { holidayDate: holiday, name: 'Holi' });
    expect(made.status, made.text).toBe(201);
    const series = await createSeries(facility.id, {
      weekdays: [weekdayOf(start)],
      startDate: start,
      count: 12,
      dockDoorId: facility.doorId,
    });
    expect(series.rule).toContain('RRULE:FREQ=WEEKLY');
    expect(series.rule).toContain('COUNT=12');
    // Weeks 9 to 12 are past the horizon of 8 weeks: the daily worker books them as the weeks come.
    await extendAllSeries(new Date(Date.now() + 28 * DAY));
    const { occurrences } = await detail(series.id);
    expect(occurrences.map((o) => o.date)).toEqual(weekly(start, 12));
    const booked = occurrences.filter((o) => o.appointmentId);
    expect(booked).toHaveLength(11);
    expect(booked.every((o) => o.status === 'scheduled' && o.doorNumber === 'S1')).toBe(true);
    expect(occurrences.filter((o) => o.conflict)).toEqual([
      expect.objectContaining({ date: holiday, appointmentId: null, conflict: 'Holiday: Holi' }),
    ]);
    // The occurrences are real appointments of the facility's day lists.
    const day = await ops.get(`/api/appointments?date=${addDays(start, 7)}&facilityId=${facility.id}`);
    expect(day.body.map((a: { id: string }) => a.id)).toEqual([booked[1]!.appointmentId]);
  });

  it('books 8 weeks ahead; the worker a week later adds one week, and a rerun adds nothing', async () => {
    const facility = await hub();
    const start = indiaDate(2);
    const series = await createSeries(facility.id, { weekdays: [weekdayOf(start)], startDate: start, count: 20 });
    // Today + 56 days is the horizon: start (today + 2) + 7k <= today + 56 for k = 0..7.
    expect(series.occurrences.map((o) => o.date)).toEqual(weekly(start, 8));
    expect(series.bookedThrough).toBe(indiaDate(56));

    const weekLater = new Date(Date.now() + 7 * DAY);
    await extendAllSeries(weekLater);
    const after = await detail(series.id);
    expect(after.occurrences.map((o) => o.date)).toEqual(weekly(start, 9));
    expect(after.occurrences.every((o) => o.status === 'scheduled')).toBe(true);
    await extendAllSeries(weekLater);
    expect((await detail(series.id)).occurrences).toHaveLength(9);
  });

  it('cancels from a date on: only the occurrences on and after it, and the worker books no more', async () => {
    const facility = await hub();
    const start = indiaDate(3);
    const series = await createSeries(facility.id, { weekdays: [weekdayOf(start)], startDate: start, count: 20 });
    // One occurrence cancelled on its own, as any appointment is.
    const second = series.occurrences[1]!.appointmentId!;
    const single = await ops.post(`/api/appointments/${second}/cancel`, { reason: 'Truck under repair' });
    expect(single.status, single.text).toBe(200);

    const from = addDays(start, 21);
    const missing = await ops.post(`/api/series/${series.id}/cancel`, { fromDate: from });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.reason).toBe('Please give a reason for cancelling');
    const res = await ops.post(`/api/series/${series.id}/cancel`, { fromDate: from, reason: 'Contract ended' });
    expect(res.status, res.text).toBe(200);
    const cancelled = res.body as SeriesDetail;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.occurrences.map((o) => [o.date, o.status])).toEqual([
      [start, 'scheduled'],
      [addDays(start, 7), 'cancelled'],
      [addDays(start, 14), 'scheduled'],
      ...weekly(addDays(start, 21), 5).map((d) => [d, 'cancelled']),
    ]);
    await extendAllSeries(new Date(Date.now() + 14 * DAY));
    expect((await detail(series.id)).occurrences).toHaveLength(8);
    const again = await ops.post(`/api/series/${series.id}/cancel`, { fromDate: from, reason: 'Contract ended' });
    expect(again.status).toBe(409);
  });

  it('refuses bad input field by field, in English and Hindi, and writes nothing', async () => {
    const facility = await hub();
    const start = indiaDate(4);
    const refused = async (over: Record<string, unknown>, headers: Record<string, string> = {}) => {
      const res = await ops.request('POST', '/api/series', {
        body: seriesBody(facility.id, { weekdays: ['MO'], startDate: start, count: 4, ...over }),
        headers,
      });
      expect(res.status, res.text).toBe(400);
      return res.body as { message: string; errors: Record<string, string> };
    };
    expect((await refused({ weekdays: [] })).errors.weekdays).toBe('Choose at least one weekday');
    expect((await refused({ weekdays: undefined })).errors.weekdays).toBe('Choose at least one weekday');
    expect((await refused({ count: undefined, endDate: addDays(start, -1) })).errors.endDate).toBe(
      'The end date must be on or after the start date',
    );
    expect((await refused({ count: 0 })).errors.count).toBe('Number of occurrences must be between 1 and 104');
    expect((await refused({ count: 105 })).errors.count).toBe('Number of occurrences must be between 1 and 104');
    expect((await refused({ count: undefined })).errors.endDate).toBe('Give an end date or a number of occurrences');
    expect((await refused({ timeStart: '05:00', timeEnd: '06:00' })).errors.timeStart).toBe(
      'The facility is open 06:00-20:00',
    );
    expect((await refused({ timeStart: '19:30', timeEnd: '20:30' })).errors.timeStart).toBe(
      'The facility is open 06:00-20:00',
    );
    expect((await refused({ startDate: indiaDate(-1) })).errors.startDate).toBe('The start date cannot be in the past');
    const hindi = await refused({ weekdays: [] }, { 'accept-language': 'hi' });
    expect(hindi.errors.weekdays).toBe('कम से कम एक सप्ताह का दिन चुनें');
    expect((await refused({ count: 0 }, { 'accept-language': 'hi' })).errors.count).toBe(
      'बार की संख्या 1 से 104 के बीच होनी चाहिए',
    );

    expect((await ops.get(`/api/series?facilityId=${facility.id}`)).body).toEqual([]);
    for (const day of [start, addDays(start, 7)])
      expect((await ops.get(`/api/appointments?date=${day}&facilityId=${facility.id}`)).body).toEqual([]);
  });

  it('keeps each tenant to its own series', async () => {
    const facility = await hub();
    const start = indiaDate(5);
    const series = await createSeries(facility.id, { weekdays: [weekdayOf(start)], startDate: start, count: 1 });
    const theirs = other.admin;
    expect((await theirs.get(`/api/series/${series.id}`)).status).toBe(404);
    expect((await theirs.get('/api/series')).body).toEqual([]);
    const cancel = await theirs.post(`/api/series/${series.id}/cancel`, { fromDate: start, reason: 'Not yours' });
    expect(cancel.status).toBe(404);
    const borrowed = await theirs.post(
      '/api/series',
      seriesBody(facility.id, { weekdays: ['MO'], startDate: start, count: 1 }),
    );
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.errors.facilityId).toBe('Facility not found');
    expect((await detail(series.id)).status).toBe('ended');
  });
});

describe('the rule at the calendar edges', () => {
  it('starts on 29 Feb 2028 and steps into March', () => {
    const rule = seriesRule({ weekdays: ['TU'], startDate: '2028-02-29', timeStart: '09:00', endDate: null, count: 3 });
    expect(rule).toBe('DTSTART:20280229T090000\nRRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3');
    expect(datesBetween(rule, null, '2028-12-31')).toEqual(['2028-02-29', '2028-03-07', '2028-03-14']);
  });

  it('crosses 31 Dec into the new year, to an end date, on two weekdays', () => {
    const rule = seriesRule({
      weekdays: ['MO', 'TH'],
      startDate: '2026-12-28',
      timeStart: '23:30',
      endDate: '2027-01-07',
      count: null,
    });
    expect(datesBetween(rule, null, '2027-12-31')).toEqual(['2026-12-28', '2026-12-31', '2027-01-04', '2027-01-07']);
    expect(datesBetween(rule, '2026-12-31', '2027-01-05')).toEqual(['2027-01-04']);
  });

  it('reaches 8 weeks ahead across the year end and a leap day', () => {
    expect(horizonEnd('2026-11-26')).toBe('2027-01-21');
    expect(horizonEnd('2028-01-10')).toBe('2028-03-06');
  });
});
