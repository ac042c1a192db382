// Analytics and reports on data made for this test: the figures are asserted exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { localDateTime } from '../../shared/time';

let api: TestApi;
let ops: Client;
const now = localDateTime(new Date(), 'Asia/Kolkata');

beforeAll(async () => {
  api = await startTestApi();
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(() => api.close());

/** Books today through the service as of this morning (the clock may already be past the times). */
async function bookToday(carrierId: string, door: string | null, start: string, end: string) {
  const { bookAppointment } = await import('../../functions/appointments/service');
  const { findUserByIdentifier, toSessionUser } = await import('../../functions/users/user.store');
  const user = toSessionUser((await findUserByIdentifier('operations'))!);
  const input = { facilityId: DEMO_FACILITY_ID, carrierId, driverId: null, dockDoorId: door, laborInchargeId: null, scheduledDate: now.date, scheduledTimeStart: start, scheduledTimeEnd: end, loadType: 'inbound' as const, priority: 'normal' as const, bookedBy: 'carrier' as const, poNumber: null, bolNumber: null, palletCount: null, cartonCount: null, estimatedDuration: 60, specialInstructions: null, handlingEquipmentNotes: null };
  return bookAppointment(user, input, new Date(`${now.date}T00:00:00+05:30`));
}

describe('analytics', () => {
  it('counts appointments, completions, no-shows, cancellations and on-time rate for the range', async () => {
    // Prepare
    const a = await bookToday('carrier-ganga', 'door-01', '17:30', '17:45');
    const b = await bookToday('carrier-ganga', 'door-02', '17:00', '17:15');
    const c = await bookToday('carrier-deccan', null, '17:00', '17:15');
    const step = (id: string, status: string) => ops.request('PATCH', `/api/appointments/${id}/status`, { body: { status } });
    for (const s of ['arrived', 'loading', 'departed']) expect((await step(a.id, s)).status).toBe(200);
    expect((await step(b.id, 'no_show')).status).toBe(200);
    expect((await ops.post(`/api/appointments/${c.id}/cancel`, { reason: 'Shipment postponed by the consignee' })).status).toBe(200);

    // Act
    const res = await ops.get('/api/analytics?days=7');

    // Assess
    // a arrives now: on time up to 15 minutes after its 17:30 start (IST), late after that
    const aOnTime = now.time <= '17:45';
    expect(res.body).toMatchObject({ totalAppointments: 3, completed: 1, noShows: 1, cancelled: 1, onTimeRate: aOnTime ? 50 : 0 });
    expect(res.body.carriers).toEqual([
      expect.objectContaining({ name: 'Ganga Freight Carriers', appointments: 2, onTimeRate: aOnTime ? 50 : 0, late: aOnTime ? 0 : 1, noShows: 1 }),
      expect.objectContaining({ name: 'Deccan Express Logistics', appointments: 1, onTimeRate: null }),
    ]);
    const scorecard = await ops.get('/api/reports/carrier-scorecard?days=7');
    expect(scorecard.text).toContain(aOnTime ? 'Ganga Freight Carriers,2,50,0,1,' : 'Ganga Freight Carriers,2,0,1,1,');
    const dwell = await ops.get('/api/reports/dwell-time?days=7');
    expect(dwell.text.trim().split('\r\n')).toHaveLength(2);
    const docks = await ops.get('/api/reports/dock-utilization?days=7');
    expect(docks.text.split('\r\n')[1]).toMatch(/^D01,standard,available,1,15,/);
    const audit = await ops.get('/api/reports/appointment-audit-log?days=7');
    expect(audit.text).toContain('operations,appointment.departed');
    expect((await ops.get('/api/reports/nonsense')).status).toBe(404);
  });
});
