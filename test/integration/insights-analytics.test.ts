// Analytics (from the read model, day-figures) and reports on data made for this test: the figures are asserted exactly. The clock is
// fixed: the appointments are yesterday's, booked that morning and moved along their status flow at
// set times of that day (IST), so the expected punctuality does not depend on when the test runs,
// and every audit record is in the past (the audit log report ends at the real now).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { startReadModel } from '../support/read-model';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { addDays, localDateTime, DEFAULT_TIME_ZONE } from '../../shared/time';

let api: TestApi;
let ops: Client;
const day = addDays(localDateTime(new Date(), DEFAULT_TIME_ZONE).date, -1);
/** An instant of the test's day, India time. */
const at = (time: string) => new Date(`${day}T${time}:00+05:30`);

let readModel: { stop: () => Promise<void> };

beforeAll(async () => {
  api = await startTestApi();
  readModel = await startReadModel(api);
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(async () => {
  await readModel?.stop();
  await api.close();
});

/** Books on the test's day through the service, as of that morning. */
async function book(carrierId: string, door: string | null, start: string, end: string) {
  const { bookAppointment } = await import('../../functions/appointments');
  const user = await operationsUser();
  const input = {
    facilityId: DEMO_FACILITY_ID,
    carrierId,
    driverId: null,
    dockDoorId: door,
    laborInchargeId: null,
    scheduledDate: day,
    scheduledTimeStart: start,
    scheduledTimeEnd: end,
    loadType: 'inbound' as const,
    priority: 'normal' as const,
    bookedBy: 'carrier' as const,
    poNumber: null,
    bolNumber: null,
    palletCount: null,
    cartonCount: null,
    estimatedDuration: 60,
    specialInstructions: null,
    handlingEquipmentNotes: null,
  };
  return bookAppointment(user, input, at('00:00'));
}

async function operationsUser() {
  const { findUserByIdentifier, toSessionUser } = await import('../../functions/users/user.store');
  return toSessionUser((await findUserByIdentifier('operations'))!);
}

/** Moves an appointment to a status as the operations user, at a set time of the test's day. */
async function stepAt(id: string, status: 'arrived' | 'loading' | 'departed', time: string) {
  const [{ contextOf }, { changeAppointmentStatus }] = await Promise.all([
    import('../../functions/appointments'),
    import('../../functions/checkins'),
  ]);
  return changeAppointmentStatus(contextOf(await operationsUser()), id, status, at(time));
}

describe('analytics', () => {
  it('counts appointments, completions, no-shows, cancellations and on-time rate for the range', async () => {
    // Prepare
    const a = await book('carrier-ganga', 'door-01', '17:30', '17:45');
    const b = await book('carrier-ganga', 'door-02', '17:00', '17:15');
    const c = await book('carrier-deccan', null, '17:00', '17:15');
    const step = (id: string, status: string) =>
      ops.request('PATCH', `/api/appointments/${id}/status`, { body: { status } });
    // a arrives at 17:35 for its 17:30 start: on time (within 15 minutes), then leaves at 18:05
    expect((await stepAt(a.id, 'arrived', '17:35')).arrivalOutcome).toBe('onTime');
    await stepAt(a.id, 'loading', '17:40');
    expect((await stepAt(a.id, 'departed', '18:05')).status).toBe('departed');
    expect((await step(b.id, 'no_show')).status).toBe(200);
    expect(
      (await ops.post(`/api/appointments/${c.id}/cancel`, { reason: 'Shipment postponed by the consignee' })).status,
    ).toBe(200);

    // Act: the figures once the read model has taken the changes in (from the table's stream)
    await expect
      .poll(async () => (await ops.get('/api/analytics?days=7')).body, { timeout: 15_000 })
      .toMatchObject({ totalAppointments: 3, completed: 1, noShows: 1, cancelled: 1, avgDwellMinutes: 30 });
    const res = await ops.get('/api/analytics?days=7');

    // Assess
    expect(res.body).toMatchObject({
      totalAppointments: 3,
      completed: 1,
      noShows: 1,
      cancelled: 1,
      onTimeRate: 50,
      avgDwellMinutes: 30,
    });
    expect(res.body.carriers).toEqual([
      expect.objectContaining({
        name: 'Ganga Freight Carriers',
        appointments: 2,
        onTimeRate: 50,
        late: 0,
        noShows: 1,
        avgDwellMinutes: 30,
      }),
      expect.objectContaining({ name: 'Deccan Express Logistics', appointments: 1, onTimeRate: null }),
    ]);
    // The scorecard is the month's (issue #32): the test's day is the only day this run books for Ganga.
    // Its one truck that came and left was kept 30 min: median and p90 30, none over two hours (#57.4).
    const scorecard = await ops.get(`/api/reports/carrier-scorecard?month=${day.slice(0, 7)}`);
    expect(scorecard.text).toContain(`${day.slice(0, 7)},Ganga Freight Carriers,2,50,0,0,1,30,30,30,0,0`);
    const dwell = await ops.get('/api/reports/dwell-time?days=7');
    expect(dwell.text.trim().split('\r\n')).toHaveLength(2);
    expect(dwell.text).toContain(
      `${a.bookingReference},${day},Ganga Freight Carriers,D01,${at('17:35').toISOString()},${at('18:05').toISOString()},30`,
    );
    const docks = await ops.get('/api/reports/dock-utilization?days=7');
    expect(docks.text.split('\r\n')[1]).toMatch(/^D01,standard,available,1,15,/);
    const audit = await ops.get('/api/reports/appointment-audit-log?days=7');
    expect(audit.text).toContain('operations,appointment.departed');
    expect((await ops.get('/api/reports/nonsense')).status).toBe(404);
  });
});
