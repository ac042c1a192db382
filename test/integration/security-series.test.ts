// Issue #52.9 through the local HTTP path: a standing appointment books with the rights its creator
// holds on the day the horizon worker runs, not those held when it was made. A creator given a role
// that does not book for every carrier, or whose account is no longer active, pauses the series on the
// next run: nothing more is booked, the staff read the reason on the series, and the pause is audited.
// A tenant whose trial ended or that was closed books nothing, and its series waits as it is.
// The expected texts are written by hand; the worker runs with the clock passed in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { nextAddress, signUpOrganisation, type Organisation } from '../support/tenancy';
import { indiaDate } from '../support/dates';
import { APPLICANT_PASSWORD, pendingRegistration } from '../support/users';
import { extendAllSeries } from '../../functions/series/horizon.worker';
import { getUser, saveUser } from '../../functions/users';
import { listAudit } from '../../functions/lib/audit';
import { addDays } from '../../shared/time';
import type { SeriesDetail } from '../../shared/contracts/series';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const DAY = 24 * 60 * 60 * 1000;
const WEEKDAY_OF = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const weekdayOf = (date: string) => WEEKDAY_OF[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
const weekly = (start: string, weeks: number) => Array.from({ length: weeks }, (_, k) => addDays(start, 7 * k));

/** A yard manager of the organisation (books for every carrier), approved by its admin, signed in. */
async function yardManager(org: Organisation) {
  const { id, email } = await pendingRegistration(org.tenantId, 'security_officer');
  const approved = await org.admin.post(`/api/admin/approve-user/${id}`, { role: 'yard_manager' });
  expect(approved.status, approved.text).toBe(200);
  const client = new Client(api.url);
  const address = nextAddress();
  const send = client.request.bind(client);
  client.request = (method, path, options = {}) => send(method, path, { ...options, localAddress: address });
  await client.signIn(email, APPLICANT_PASSWORD);
  return { id, email, client };
}

/** A weekly series of 20 at the organisation's facility for a carrier of its own, made by `creator`. */
async function weeklySeries(org: Organisation, creator: Client, start: string): Promise<SeriesDetail> {
  const carrier = await org.admin.post('/api/carriers', { name: 'Standing Roadways', serviceTypes: ['FTL'] });
  expect(carrier.status, carrier.text).toBe(201);
  const res = await creator.post('/api/series', {
    facilityId: org.facilityId,
    carrierId: carrier.body.id,
    weekdays: [weekdayOf(start)],
    startDate: start,
    count: 20,
    timeStart: '10:00',
    timeEnd: '11:00',
    loadType: 'inbound',
  });
  expect(res.status, res.text).toBe(201);
  const series = res.body as SeriesDetail;
  // Today + 56 days is the horizon: start (today + 2) + 7k <= today + 56 for k = 0..7.
  expect(series.occurrences.map((o) => o.date)).toEqual(weekly(start, 8));
  return series;
}

const detail = async (org: Organisation, id: string): Promise<SeriesDetail> => {
  const res = await org.admin.get(`/api/series/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body as SeriesDetail;
};

/** The appointments of the organisation's facility on a day, as its admin lists them. */
const dayList = async (org: Organisation, date: string) =>
  (await org.admin.get(`/api/appointments?date=${date}&facilityId=${org.facilityId}`)).body as unknown[];

describe('a standing appointment acts with its creator rights of today', () => {
  let org: Organisation;
  beforeAll(async () => {
    org = await signUpOrganisation(api.url);
  });

  it('pauses, books nothing and says why when the creator no longer books for every carrier', async () => {
    const creator = await yardManager(org);
    const start = indiaDate(2);
    const series = await weeklySeries(org, creator.client, start);
    // The admin gives the yard manager the spectator's role (reads everything, books nothing).
    const before = (await getUser(org.tenantId, creator.id))!;
    await saveUser(before, { ...before, role: 'spectator' }, { userId: 'admin', username: 'admin' }, 'user.role');
    expect((await creator.client.post('/api/series', {})).status).toBe(403);

    const weekLater = new Date(Date.now() + 7 * DAY);
    await extendAllSeries(weekLater);
    const after = await detail(org, series.id);
    expect(after.status).toBe('paused');
    expect(after.pausedReason).toBe(`Paused: ${creator.email} may no longer book appointments for every carrier`);
    expect(after.occurrences.map((o) => o.date)).toEqual(weekly(start, 8));
    expect(await dayList(org, addDays(start, 56))).toEqual([]);
    // The pause is audited, with the reason.
    const trail = await listAudit(org.tenantId, { entityType: 'series', entityId: series.id });
    expect(trail.find((e) => e.action === 'series.paused')?.after).toMatchObject({
      status: 'paused',
      pausedReason: after.pausedReason,
    });
    // A rerun leaves it paused and books nothing.
    await extendAllSeries(new Date(Date.now() + 14 * DAY));
    expect((await detail(org, series.id)).occurrences).toHaveLength(8);
    // Staff may still end it: cancelling a paused series cancels its booked dates from the date given.
    const cancelled = await org.admin.post(`/api/series/${series.id}/cancel`, {
      fromDate: addDays(start, 49),
      reason: 'Owner left',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((cancelled.body as SeriesDetail).occurrences.at(-1)!.status).toBe('cancelled');
  });

  it('pauses when the creator account is no longer active', async () => {
    const creator = await yardManager(org);
    const start = indiaDate(3);
    const series = await weeklySeries(org, creator.client, start);
    const before = (await getUser(org.tenantId, creator.id))!;
    await saveUser(before, { ...before, status: 'rejected' }, { userId: 'admin', username: 'admin' }, 'user.rejected');

    await extendAllSeries(new Date(Date.now() + 7 * DAY));
    const after = await detail(org, series.id);
    expect(after.status).toBe('paused');
    expect(after.pausedReason).toBe(`Paused: the account of ${creator.email} is no longer active`);
    expect(after.occurrences).toHaveLength(8);
    expect(await dayList(org, addDays(start, 56))).toEqual([]);
  });

  it('keeps booking for a creator who still holds the right', async () => {
    const creator = await yardManager(org);
    const start = indiaDate(4);
    const series = await weeklySeries(org, creator.client, start);
    await extendAllSeries(new Date(Date.now() + 7 * DAY));
    const after = await detail(org, series.id);
    expect(after.status).toBe('active');
    expect(after.occurrences.map((o) => o.date)).toEqual(weekly(start, 9));
    expect(after.occurrences.every((o) => o.status === 'scheduled')).toBe(true);
  });
});

describe('the driver a standing appointment names', () => {
  it("is refused when it is another carrier's or another tenant's, and nothing is made", async () => {
    const [org, other] = [await signUpOrganisation(api.url), await signUpOrganisation(api.url)];
    const carrierOf = async (o: Organisation, name: string) => {
      const res = await o.admin.post('/api/carriers', { name, serviceTypes: ['FTL'] });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const driverOf = async (o: Organisation, carrierId: string, licenseNumber: string) => {
      const res = await o.admin.post('/api/drivers', { carrierId, name: 'Ravi Kumar', licenseNumber });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const [own, rival, theirs] = await Promise.all([
      carrierOf(org, 'Own Roadways'),
      carrierOf(org, 'Rival Roadways'),
      carrierOf(other, 'Their Roadways'),
    ]);
    const rivalDriver = await driverOf(org, rival, 'MH1220260001');
    const theirDriver = await driverOf(other, theirs, 'KA0120260002');
    const start = indiaDate(2);
    const body = (driverId: string) => ({
      facilityId: org.facilityId,
      carrierId: own,
      driverId,
      weekdays: [weekdayOf(start)],
      startDate: start,
      count: 4,
      timeStart: '10:00',
      timeEnd: '11:00',
      loadType: 'inbound',
    });
    for (const driverId of [rivalDriver, theirDriver]) {
      const res = await org.admin.post('/api/series', body(driverId));
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors).toEqual({ driverId: 'The driver does not drive for this carrier' });
    }
    expect((await org.admin.get('/api/series')).body).toEqual([]);
    expect(await dayList(org, start)).toEqual([]);
  });
});

describe('a standing appointment of a tenant that may not change data', () => {
  it('books nothing once the trial has ended, and waits as it is', async () => {
    const org = await signUpOrganisation(api.url);
    const start = indiaDate(2);
    const series = await weeklySeries(org, org.admin, start);
    // The trial is 30 days: 31 days on, the tenant is read-only and the run books nothing.
    await extendAllSeries(new Date(Date.now() + 31 * DAY));
    const held = await detail(org, series.id);
    expect(held.occurrences.map((o) => o.date)).toEqual(weekly(start, 8));
    expect(held.status).toBe('active');
    expect(held.bookedThrough).toBe(indiaDate(56));
    // Within the trial the same series books on: the hold is the tenant's state, nothing else.
    await extendAllSeries(new Date(Date.now() + 7 * DAY));
    expect((await detail(org, series.id)).occurrences.map((o) => o.date)).toEqual(weekly(start, 9));
  });

  it('books nothing once the organisation is closed', async () => {
    const org = await signUpOrganisation(api.url);
    const start = indiaDate(2);
    const series = await weeklySeries(org, org.admin, start);
    const closed = await org.admin.post('/api/tenancy/close', { tenantName: org.body.companyName });
    expect(closed.status, closed.text).toBe(200);

    await extendAllSeries(new Date(Date.now() + 7 * DAY));
    const held = await detail(org, series.id);
    expect(held.occurrences.map((o) => o.date)).toEqual(weekly(start, 8));
    expect(held.status).toBe('active');
    expect(await dayList(org, addDays(start, 56))).toEqual([]);
  });
});
