// Today's schedule polled by its changes (issue #60): the screens that show a hub's day ask every 30 s,
// the first time for the whole day and then for what changed since the answer they hold. Through the
// real local HTTP path, at a hub of the test's own: each kind of change reaches the next poll as the
// appointment is now (a booking, a cancellation, a gate hint), an appointment moved to another day is
// named as removed, a viewer who may see only their own never gets another's appointment (only its id
// as removed), and any `since` not of today gets the whole day again. Expected answers are written by
// hand from the rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { signUpOrganisation } from '../support/tenancy';
import { booking, rescheduleRequest } from '../support/appointments';
import { appointmentInputSchema } from '../../shared/contracts/appointments';
import { ageChangeNotes, pollToday } from '../support/todays-schedule';
import { bookAppointment, setAppointmentGateHint } from '../../functions/appointments';
import { findUserByIdentifier, toSessionUser } from '../../functions/users';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { localDateTime } from '../../shared/time';

let api: TestApi;
let ops: Client;
let yard: Client;
let driver: Client;
let hub: string;
const today = localDateTime(new Date(), 'Asia/Kolkata').date;

/** An appointment today at the test's hub, booked as the booking service books (any hour of today is ahead). */
async function book(start: string, po: string, own: { driverId?: string; carrierId?: string } = {}) {
  const user = toSessionUser((await findUserByIdentifier('operations'))!);
  const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`;
  const input = appointmentInputSchema.parse(
    booking({
      facilityId: hub,
      dockDoorId: null,
      driverId: null,
      scheduledDate: today,
      scheduledTimeStart: start,
      scheduledTimeEnd: end,
      poNumber: po,
      ...own,
    }),
  );
  return (await bookAppointment(user, input, new Date(`${today}T00:00:00+05:30`))).id;
}

/** Every change of the hub's day so far, minutes old: a poll since now finds only what changes after. */
const settle = () => ageChangeNotes(DEMO_TENANT_ID, hub, today, 5 * 60_000);
const idsOf = (list: { id: string }[]) => list.map((a) => a.id);

beforeAll(async () => {
  api = await startTestApi();
  [ops, yard, driver] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  await Promise.all([ops.signIn('operations'), yard.signIn('yard_manager'), driver.signIn('driver')]);
  const created = await ops.post('/api/facilities', {
    name: 'Pune Polling Hub',
    address: 'Plot 12, Chakan MIDC',
    operatingHoursStart: '06:00',
    operatingHoursEnd: '22:00',
    timeZone: 'Asia/Kolkata',
  });
  expect(created.status, created.text).toBe(201);
  hub = created.body.id;
}, 120_000);

afterAll(() => api?.close());

describe('polling today’s schedule by its changes', () => {
  it('answers the first poll with the whole day, in start order, and the time to ask from next', async () => {
    const late = await book('15:00', 'PO-POLL-LATE');
    const early = await book('07:00', 'PO-POLL-EARLY');
    const before = Date.now();

    const first = await pollToday(ops, { facilityId: hub });

    expect(first).toMatchObject({ date: today, full: true, removed: [] });
    expect(idsOf(first.appointments)).toEqual([early, late]);
    expect(Date.parse(first.asOf)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(first.asOf)).toBeLessThanOrEqual(Date.now());
  });

  it('answers a poll since a former answer with only what changed since, each appointment as it is now', async () => {
    const held = await pollToday(ops, { facilityId: hub });
    await settle();
    const quiet = await pollToday(ops, { facilityId: hub, since: held.asOf });
    expect(quiet).toMatchObject({ date: today, full: false, appointments: [], removed: [] });

    // A booking
    const booked = await book('11:00', 'PO-POLL-NEW');
    const afterBooking = await pollToday(ops, { facilityId: hub, since: quiet.asOf });
    expect(afterBooking.full).toBe(false);
    expect(idsOf(afterBooking.appointments)).toEqual([booked]);
    expect(afterBooking.appointments[0]!.status).toBe('scheduled');

    // A cancellation, through the API
    await settle();
    const cancelled = await ops.post(`/api/appointments/${booked}/cancel`, {
      reason: 'Consignee closed for stock-taking',
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const afterCancel = await pollToday(ops, { facilityId: hub, since: afterBooking.asOf });
    expect(afterCancel.appointments).toEqual([expect.objectContaining({ id: booked, status: 'cancelled' })]);
    expect(afterCancel.removed).toEqual([]);

    // A gate hint, written by the gate's booking worker (only that attribute)
    await settle();
    await setAppointmentGateHint(DEMO_TENANT_ID, booked, {
      decision: 'HOLD',
      messages: ['PUC certificate expired'],
      checkedAt: new Date().toISOString(),
    });
    const afterHint = await pollToday(ops, { facilityId: hub, since: afterCancel.asOf });
    expect(afterHint.appointments).toEqual([
      expect.objectContaining({ id: booked, gateHint: expect.objectContaining({ decision: 'HOLD' }) }),
    ]);
  });

  it('answers a change again in the polls of the next 30 s: a note may land after a poll that began later', async () => {
    const booked = await book('12:00', 'PO-POLL-OVERLAP');
    const first = await pollToday(ops, { facilityId: hub });
    const again = await pollToday(ops, { facilityId: hub, since: first.asOf });
    expect(again.full).toBe(false);
    expect(idsOf(again.appointments)).toContain(booked);
  });

  it('names an appointment moved to another day as removed, and no longer sends it', async () => {
    const moving = await book('16:00', 'PO-POLL-MOVE');
    const held = await pollToday(ops, { facilityId: hub });
    expect(idsOf(held.appointments)).toContain(moving);
    await settle();

    const asked = await ops.post(`/api/appointments/${moving}/reschedule`, rescheduleRequest());
    expect(asked.status, asked.text).toBe(201);
    const approved = await yard.request('PATCH', `/api/reschedules/${asked.body.id}/approve`);
    expect(approved.status, approved.text).toBe(200);

    const next = await pollToday(ops, { facilityId: hub, since: held.asOf });
    expect(next.full).toBe(false);
    expect(next.removed).toEqual([moving]);
    expect(idsOf(next.appointments)).not.toContain(moving);
    const whole = await pollToday(ops, { facilityId: hub });
    expect(idsOf(whole.appointments)).not.toContain(moving);
  });

  it('gives a driver their own appointments only: another’s change comes as an id removed, never as the appointment', async () => {
    const theirs = await book('09:00', 'PO-POLL-DRIVER', { driverId: 'driver-suresh', carrierId: 'carrier-sahyadri' });
    const others = await book('10:00', 'PO-POLL-OTHER');
    const first = await pollToday(driver, { facilityId: hub });
    expect(idsOf(first.appointments)).toEqual([theirs]);
    await settle();

    expect((await ops.post(`/api/appointments/${others}/cancel`, { reason: 'Consignee closed today' })).status).toBe(
      200,
    );
    const next = await pollToday(driver, { facilityId: hub, since: first.asOf });
    expect(next).toMatchObject({ full: false, appointments: [], removed: [others] });
    expect(JSON.stringify(next)).not.toContain('PO-POLL-OTHER');

    await settle();
    expect((await ops.post(`/api/appointments/${theirs}/cancel`, { reason: 'Consignee closed today' })).status).toBe(
      200,
    );
    const own = await pollToday(driver, { facilityId: hub, since: next.asOf });
    expect(own.appointments).toEqual([expect.objectContaining({ id: theirs, status: 'cancelled' })]);
  });

  it('answers the whole day again when the since is not of today, or is ahead of the server’s clock', async () => {
    const whole = idsOf((await pollToday(ops, { facilityId: hub })).appointments);
    for (const since of [
      new Date(Date.now() - 26 * 3600_000).toISOString(),
      new Date(Date.now() + 3600_000).toISOString(),
    ]) {
      const answer = await pollToday(ops, { facilityId: hub, since });
      expect(answer).toMatchObject({ date: today, full: true, removed: [] });
      expect(idsOf(answer.appointments)).toEqual(whole);
    }
  });

  it('refuses a since that is not a time (400), a hub that is not the tenant’s (404), and a caller without a session (401)', async () => {
    for (const since of ['yesterday', '2026-13-45T99:00:00Z', '1733500000']) {
      const refused = await ops.get(`/api/appointments/today/changes?since=${encodeURIComponent(since)}`);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.errors.since).toBe('Since must be a date and time (ISO 8601, UTC)');
    }
    const other = await signUpOrganisation(api.url);
    for (const facilityId of [other.facilityId, 'no-such-hub']) {
      const refused = await ops.get(`/api/appointments/today/changes?facilityId=${facilityId}`);
      expect(refused.status, refused.text).toBe(404);
      expect(refused.body).toEqual({ message: 'Facility not found' });
    }
    // Another company's admin asks for our hub's changes by its real id: not found, nothing of it read.
    const theirs = await other.admin.get(`/api/appointments/today/changes?facilityId=${hub}`);
    expect(theirs.status, theirs.text).toBe(404);
    expect((await new Client(api.url).get('/api/appointments/today/changes')).status).toBe(401);
  });
});
