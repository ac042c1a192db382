// The date index keyed by facility and date (issue #60, docs/scale.md §3): a hub's day is its own
// partition, so the busiest tenant's hubs no longer read one partition. Through the real local HTTP path
// (today's schedule) and the store the other domains read through; then the move of appointments
// written under the old key (reindexAppointments): found once before, during and after it, and a second
// run moves nothing. The keys expected are written by hand from the rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Client, startTestApi, type TestApi } from '../support/api';
import { signUpOrganisation } from '../support/tenancy';
import { today } from '../support/appointments';
import { ddb } from '../../functions/lib/aws';
import { config } from '../../functions/lib/config';
import {
  bookAppointment,
  listAppointmentsByDate,
  listAppointmentsStartingBy,
  reindexAppointments,
} from '../../functions/appointments';
import { findUserByIdentifier, toSessionUser } from '../../functions/users';
import { DEMO_FACILITY_ID, DEMO_TENANT_ID } from '../../functions/local/demo-ids';

let api: TestApi;
let ops: Client;
let nashik: string;
const ids: Record<string, string> = {};

const stored = async (id: string) =>
  (
    await ddb().send(
      new GetCommand({ TableName: config.tableName, Key: { PK: `TENANT#${DEMO_TENANT_ID}#APPT#${id}`, SK: 'APPT' } }),
    )
  ).Item!;

/** Puts the appointment back under its tenant's day key, as every appointment was written before the change. */
const asWrittenBefore = (id: string, facilityId: string, start: string) =>
  ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: { PK: `TENANT#${DEMO_TENANT_ID}#APPT#${id}`, SK: 'APPT' },
      UpdateExpression: 'SET GSI1PK = :pk, GSI1SK = :sk',
      ExpressionAttributeValues: {
        ':pk': `TENANT#${DEMO_TENANT_ID}#APPTDATE#${today}`,
        ':sk': `${facilityId}#${start}#${id}`,
      },
    }),
  );

const idsOf = (list: { id: string }[]) => list.map((a) => a.id);
const todaysSchedule = async () => {
  const res = await ops.get('/api/appointments/today');
  expect(res.status, res.text).toBe(200);
  return idsOf(res.body as { id: string }[]);
};

beforeAll(async () => {
  api = await startTestApi();
  ops = new Client(api.url);
  await ops.signIn('operations');
  const created = await ops.post('/api/facilities', {
    name: 'Nashik Cross-dock',
    address: 'Plot 7, MIDC Ambad',
    city: 'Nashik',
    state: 'Maharashtra',
    zipCode: '422010',
    operatingHoursStart: '06:00',
    operatingHoursEnd: '22:00',
    timeZone: 'Asia/Kolkata',
    slotMinutes: 60,
    slotCapacity: 4,
  });
  expect(created.status, created.text).toBe(201);
  nashik = created.body.id;
  // Booked as the booking service books, with "now" at the day's first minute (any hour of the day is ahead).
  const user = toSessionUser((await findUserByIdentifier('operations'))!);
  const dayStart = new Date(`${today}T00:00:00+05:30`);
  const book = (facilityId: string, start: string, end: string, po: string) =>
    bookAppointment(
      user,
      {
        facilityId,
        carrierId: 'carrier-ganga',
        driverId: null,
        dockDoorId: null,
        laborInchargeId: null,
        scheduledDate: today,
        scheduledTimeStart: start,
        scheduledTimeEnd: end,
        loadType: 'inbound',
        priority: 'normal',
        bookedBy: 'carrier',
        poNumber: po,
        bolNumber: null,
        palletCount: 4,
        cartonCount: null,
        estimatedDuration: 60,
        specialInstructions: null,
        handlingEquipmentNotes: null,
      },
      dayStart,
    );
  ids.bhiwandi = (await book(DEMO_FACILITY_ID, '16:00', '17:00', 'PO-KEY-1')).id;
  ids.nashik = (await book(nashik, '07:00', '08:00', 'PO-KEY-2')).id;
  ids.nashikLate = (await book(nashik, '20:00', '21:00', 'PO-KEY-3')).id;
}, 120_000);

afterAll(() => api?.close());

describe('the date index per facility and date', () => {
  it('writes each appointment under its own hub’s day', async () => {
    expect((await stored(ids.bhiwandi!)).GSI1PK).toBe(
      `TENANT#demo#FACILITY#bhiwandi-dc#APPTMONTH#${today.slice(0, 7)}`,
    );
    expect((await stored(ids.nashik!)).GSI1PK).toBe(`TENANT#demo#FACILITY#${nashik}#APPTMONTH#${today.slice(0, 7)}`);
    expect((await stored(ids.nashik!)).GSI1SK).toBe(`${today}#07:00#${ids.nashik}`);
  });

  it('shows today’s schedule of the session’s hub only, and a day of every hub to a tenant-wide read', async () => {
    const schedule = await todaysSchedule();
    expect(schedule).toContain(ids.bhiwandi);
    expect(schedule).not.toContain(ids.nashik);
    expect(schedule).not.toContain(ids.nashikLate);
    expect(idsOf(await listAppointmentsByDate(DEMO_TENANT_ID, today, nashik))).toEqual([ids.nashik, ids.nashikLate]);
    const wholeDay = idsOf(await listAppointmentsByDate(DEMO_TENANT_ID, today));
    expect(wholeDay.filter((id) => Object.values(ids).includes(id))).toEqual([
      ids.nashik,
      ids.bhiwandi,
      ids.nashikLate,
    ]);
  });
});

describe('today’s schedule of a chosen hub (Quick Check-In)', () => {
  it('lists the chosen hub’s day only, and refuses a hub that is not the tenant’s as not found', async () => {
    const chosen = await ops.get(`/api/appointments/today?facilityId=${nashik}`);
    expect(chosen.status, chosen.text).toBe(200);
    expect(idsOf(chosen.body as { id: string }[])).toEqual([ids.nashik, ids.nashikLate]);

    // Another company's hub, named by its real id: nothing of it is read, and it is not told apart
    // from a hub that does not exist.
    const other = await signUpOrganisation(api.url);
    for (const facilityId of [other.facilityId, 'no-such-hub']) {
      const refused = await ops.get(`/api/appointments/today?facilityId=${facilityId}`);
      expect(refused.status, refused.text).toBe(404);
      expect(refused.body).toEqual({ message: 'Facility not found' });
    }
    const tooLong = await ops.get(`/api/appointments/today?facilityId=${'x'.repeat(65)}`);
    expect(tooLong.status).toBe(400);
  });
});

describe('a day of the scheduling list, of one hub or of every hub', () => {
  it('lists the chosen hub’s day, or every hub’s without a choice, and refuses another company’s hub', async () => {
    const oneHub = await ops.get(`/api/appointments?date=${today}&facilityId=${nashik}`);
    expect(oneHub.status, oneHub.text).toBe(200);
    expect(idsOf(oneHub.body as { id: string }[])).toEqual([ids.nashik, ids.nashikLate]);
    const home = await ops.get(`/api/appointments?date=${today}&facilityId=${DEMO_FACILITY_ID}`);
    expect(idsOf(home.body as { id: string }[])).toContain(ids.bhiwandi);
    expect(idsOf(home.body as { id: string }[])).not.toContain(ids.nashik);
    // Without a date: today at the chosen hub.
    const todayThere = await ops.get(`/api/appointments?facilityId=${nashik}`);
    expect(idsOf(todayThere.body as { id: string }[])).toEqual([ids.nashik, ids.nashikLate]);

    const everyHub = idsOf((await ops.get(`/api/appointments?date=${today}`)).body as { id: string }[]);
    expect(everyHub.filter((id) => Object.values(ids).includes(id))).toEqual([
      ids.nashik,
      ids.bhiwandi,
      ids.nashikLate,
    ]);

    const other = await signUpOrganisation(api.url);
    for (const facilityId of [other.facilityId, 'no-such-hub']) {
      const refused = await ops.get(`/api/appointments?date=${today}&facilityId=${facilityId}`);
      expect(refused.status, refused.text).toBe(404);
      expect(refused.body).toEqual({ message: 'Facility not found' });
    }
  });
});

describe('the move of appointments written under the old key', () => {
  it('finds them once before the move, moves each once, and a second run writes nothing', async () => {
    await asWrittenBefore(ids.bhiwandi!, DEMO_FACILITY_ID, '16:00');
    await asWrittenBefore(ids.nashik!, nashik, '07:00');
    await asWrittenBefore(ids.nashikLate!, nashik, '20:00');
    const lists = async () => ({
      schedule: (await todaysSchedule()).filter((id) => id === ids.bhiwandi),
      nashik: idsOf(await listAppointmentsByDate(DEMO_TENANT_ID, today, nashik)),
      nashikBy09: idsOf(await listAppointmentsStartingBy(DEMO_TENANT_ID, today, nashik, '09:00')),
      wholeDay: idsOf(await listAppointmentsByDate(DEMO_TENANT_ID, today)).filter((id) =>
        Object.values(ids).includes(id),
      ),
    });
    const expected = {
      schedule: [ids.bhiwandi],
      nashik: [ids.nashik, ids.nashikLate],
      nashikBy09: [ids.nashik],
      wholeDay: [ids.nashik, ids.bhiwandi, ids.nashikLate],
    };
    expect(await lists()).toEqual(expected);

    // One of them is changed through the product before the move: its write gives it the new key.
    const arrived = await ops.request('PATCH', `/api/appointments/${ids.nashik}/status`, {
      body: { status: 'arrived' },
    });
    expect(arrived.status, arrived.text).toBe(200);
    expect((await stored(ids.nashik!)).GSI1PK).toBe(`TENANT#demo#FACILITY#${nashik}#APPTMONTH#${today.slice(0, 7)}`);

    const moved = await reindexAppointments();
    expect(moved.rewritten).toBe(2);
    expect(moved.changedMeanwhile).toBe(0);
    expect((await stored(ids.bhiwandi!)).GSI1PK).toBe(
      `TENANT#demo#FACILITY#bhiwandi-dc#APPTMONTH#${today.slice(0, 7)}`,
    );
    expect((await stored(ids.nashikLate!)).GSI1PK).toBe(
      `TENANT#demo#FACILITY#${nashik}#APPTMONTH#${today.slice(0, 7)}`,
    );
    // Only the key moved: the appointment is as it was.
    expect((await stored(ids.nashikLate!)).poNumber).toBe('PO-KEY-3');
    expect((await stored(ids.nashik!)).status).toBe('arrived');
    expect(await lists()).toEqual(expected);

    const again = await reindexAppointments();
    expect([again.rewritten, again.changedMeanwhile, again.appointments]).toEqual([0, 0, moved.appointments]);
    expect(await lists()).toEqual(expected);
  });
});
