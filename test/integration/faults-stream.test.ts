// The table stream delivers at least once (issue #55): through the local stack's faults
// (functions/local/faults.ts) a batch is handed to its worker twice, late, or run and then failed as
// if the worker stopped after its work and before its checkpoint (so it comes again). The dashboard's
// day counters count each change once, and a driver's message for an event is sent once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { booking, day } from '../support/appointments';
import { useFaults, type Faults } from '../support/faults';
import { startReadModel } from '../support/read-model';

let api: TestApi;
let ops: Client;
let faults: Faults;
let stopReadModel: () => Promise<void>;

beforeAll(async () => {
  api = await startTestApi({ workers: ['event-forwarder', 'messaging-notifier'] });
  stopReadModel = (await startReadModel(api)).stop;
  faults = await useFaults();
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterEach(() => faults.off());
afterAll(async () => {
  await stopReadModel?.();
  await api?.close();
});

/** Today's figures the dashboard shows: active appointments and check-ins. */
async function figures() {
  const res = await ops.get('/api/dashboard/metrics');
  expect(res.status, res.text).toBe(200);
  return { active: res.body.activeAppointments as number, checkins: res.body.gate.checkinsToday as number };
}

const settle = () => new Promise((r) => setTimeout(r, 2500));
let walkIns = 0;
const walkIn = async () => {
  const res = await ops.post('/api/checkins/walk-in', {
    driverName: 'Ramesh Patil',
    vehicleLicense: `MH12ST${String(++walkIns).padStart(4, '0')}`,
    carrierName: 'Sahyadri Roadways',
  });
  expect(res.status, res.text).toBe(201);
};

describe('stream records delivered more than once', () => {
  it('a walk-in whose stream records are each handed twice counts once on the dashboard', async () => {
    // Prepare
    const before = await figures();
    faults.on({ 'stream.duplicate': 1 });
    // Act
    await walkIn();
    await expect
      .poll(figures, { timeout: 10_000 })
      .toEqual({ active: before.active + 1, checkins: before.checkins + 1 });
    await settle();
    // Assess: every batch came twice, and the figures moved once.
    expect(faults.injected()['stream.duplicate']).toBeGreaterThan(0);
    expect(await figures()).toEqual({ active: before.active + 1, checkins: before.checkins + 1 });
  });

  it('a walk-in counted by a worker that stops after its work and before its checkpoint, on every try, counts once', async () => {
    // Prepare: every delivery fails after it ran; the poller hands the batch again, then keeps it as a dead letter.
    const before = await figures();
    faults.on({ 'worker.stop': 1 });
    // Act
    await walkIn();
    await expect
      .poll(figures, { timeout: 10_000 })
      .toEqual({ active: before.active + 1, checkins: before.checkins + 1 });
    await settle();
    // Assess: each batch ran three times, and the figures moved once.
    expect(faults.injected()['worker.stop']).toBeGreaterThanOrEqual(3);
    expect(await figures()).toEqual({ active: before.active + 1, checkins: before.checkins + 1 });
  });

  it('a booking whose event reaches the notifier late and twice sends the driver one message', async () => {
    // Prepare: Ajay Yadav is told of his bookings by SMS (demo data).
    const since = new Date().toISOString();
    faults.on({ 'stream.duplicate': 1, 'stream.late': 1 });
    // Act
    const created = await ops.post(
      '/api/appointments',
      booking({ dockDoorId: null, scheduledDate: day(41), scheduledTimeStart: '09:00', scheduledTimeEnd: '10:00' }),
    );
    expect(created.status, created.text).toBe(201);
    const confirmations = async () =>
      (await ops.get('/api/messaging/messages?limit=100')).body.items.filter(
        (m: { to: string; template: string; createdAt: string }) =>
          m.to === '+919812300002' && m.template === 'appointment_confirmed' && m.createdAt >= since,
      ) as { channel: string; status: string }[];
    await expect.poll(async () => (await confirmations()).length, { timeout: 15_000 }).toBeGreaterThan(0);
    await settle();
    // Assess
    expect(faults.injected()).toMatchObject({
      'stream.duplicate': expect.any(Number),
      'stream.late': expect.any(Number),
    });
    expect((await confirmations()).map((m) => `${m.channel}:${m.status}`)).toEqual(['sms:sent']);
  });
});
