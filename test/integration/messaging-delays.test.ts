// The delay job in each facility's own zone: an appointment at 10:00 in Singapore has started at
// 02:00 UTC (10:00 SGT, 07:30 in India), and is late 20 minutes later, whatever India's clock says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { booking } from '../support/appointments';
import { addDays, localDateTime } from '../../shared/time';

let api: TestApi;
let ops: Client;

beforeAll(async () => {
  api = await startTestApi({ workers: ['messaging-notifier'] });
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(() => api.close());

const watched = async (appointmentId: string, utcDate: string) => {
  const { startedWatches } = await import('../../functions/messaging/delay-watch.store');
  return (await startedWatches(utcDate, `${utcDate}T23:59:59Z`)).find((w) => w.appointmentId === appointmentId);
};

describe('delay alerts', () => {
  it("are raised on the facility's clock: Singapore's 10:00 is late at 10:20 SGT (07:50 in India)", async () => {
    const facility = await ops.post('/api/facilities', {
      name: 'Jurong Port Hub',
      address: '37 Jurong Port Road',
      operatingHoursStart: '06:00',
      operatingHoursEnd: '22:00',
      timeZone: 'Asia/Singapore',
    });
    expect(facility.status, facility.text).toBe(201);
    const day = addDays(localDateTime(new Date(), 'Asia/Singapore').date, 2);
    const made = await ops.post(
      '/api/appointments',
      booking({
        facilityId: facility.body.id,
        dockDoorId: null,
        scheduledDate: day,
        scheduledTimeStart: '10:00',
        scheduledTimeEnd: '11:00',
        poNumber: 'PO-SG-DELAY',
      }),
    );
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as string;

    // The notifier watches it from its start: 10:00 SGT is 02:00 UTC that day.
    await expect.poll(async () => (await watched(id, day))?.startsAt, { timeout: 15_000 }).toBe(`${day}T02:00:00.000Z`);
    const { raiseDueDelays } = await import('../../functions/messaging/delay-alerts.worker');
    // 10 minutes late: under the 15-minute default, still watched.
    await raiseDueDelays(new Date(`${day}T02:10:00Z`));
    expect(await watched(id, day)).toBeDefined();
    // 20 minutes late (07:50 in India, where a 10:00 start is hours away): raised once, no longer watched.
    expect(await raiseDueDelays(new Date(`${day}T02:20:00Z`))).toBeGreaterThanOrEqual(1);
    expect(await watched(id, day)).toBeUndefined();
  });
});
