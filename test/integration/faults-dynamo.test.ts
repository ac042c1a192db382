// DynamoDB's faults as AWS makes them (issue #55), injected by the local stack's switch
// (functions/local/faults.ts) at the product's own SDK client, on the real local HTTP path: a
// transaction cancelled by a conflict is tried again, a throttle is retried by the SDK and, when every
// attempt is throttled, answered 503 with nothing half-written; a write applied whose answer was lost
// is reported as "may or may not have been saved" and is in the table once; keys a throttled
// BatchGetItem hands back are asked for again.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { booking, day } from '../support/appointments';
import { useFaults, type Faults } from '../support/faults';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';

let api: TestApi;
let ops: Client;
let faults: Faults;

beforeAll(async () => {
  api = await startTestApi();
  faults = await useFaults();
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterEach(() => faults.off());
afterAll(() => api?.close());

const BUSY = 'The service is busy right now. Please try again in a few seconds.';
const MAY_OR_MAY_NOT =
  'Your change may or may not have been saved. Please reload the page to check before trying again.';

/** The appointments of a day at one start time, as the schedule lists them. */
const bookedAt = async (date: string, start: string) =>
  ((await ops.get(`/api/appointments?date=${date}`)).body as { id: string; scheduledTimeStart: string }[]).filter(
    (a) => a.scheduledTimeStart === start,
  );

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

describe('DynamoDB faults at the SDK client', () => {
  it('a booking transaction cancelled twice by a TransactionConflict is tried again: booked once', async () => {
    // Prepare
    const body = booking({
      dockDoorId: 'door-05',
      scheduledDate: day(31),
      scheduledTimeStart: '09:00',
      scheduledTimeEnd: '10:00',
    });
    faults.on({ 'dynamo.tx.conflict': 1 }, { 'dynamo.tx.conflict': 2 });
    // Act
    const res = await ops.post('/api/appointments', body);
    // Assess
    expect(faults.injected()).toEqual({ 'dynamo.tx.conflict': 2 });
    expect(res.status, res.text).toBe(201);
    expect((await bookedAt(day(31), '09:00')).map((a) => a.id)).toEqual([res.body.id]);
  });

  it('a booking transaction throttled on every attempt answers 503 with Retry-After; nothing of it is written and the door stays free', async () => {
    // Prepare
    const body = booking({
      dockDoorId: 'door-06',
      scheduledDate: day(32),
      scheduledTimeStart: '13:00',
      scheduledTimeEnd: '14:00',
    });
    faults.on({ 'dynamo.tx.throttle': 1 });
    // Act
    const res = await ops.post('/api/appointments', body);
    faults.off();
    // Assess: the SDK tried 3 times, then the person is told the truth: busy, nothing saved.
    expect(res.status, res.text).toBe(503);
    expect(res.body).toEqual({ message: BUSY });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await bookedAt(day(32), '13:00')).toEqual([]);
    // The door's quarter-hours and the vehicle's day are not held: the same booking goes in now.
    const again = await ops.post('/api/appointments', body);
    expect(again.status, again.text).toBe(201);
  });

  it('a booking transaction throttled once is tried again by the SDK: booked once, the person never sees the fault', async () => {
    const body = booking({
      dockDoorId: 'door-04',
      scheduledDate: day(33),
      scheduledTimeStart: '15:00',
      scheduledTimeEnd: '16:00',
    });
    faults.on({ 'dynamo.tx.throttle': 1 }, { 'dynamo.tx.throttle': 1 });
    const res = await ops.post('/api/appointments', body);
    expect(res.status, res.text).toBe(201);
    expect(faults.injected()).toEqual({ 'dynamo.tx.throttle': 1 });
    expect((await bookedAt(day(33), '15:00')).map((a) => a.id)).toEqual([res.body.id]);
  });

  it('a receipt applied whose answer was lost is answered "may or may not have been saved", never retried blindly: the stock rose once', async () => {
    // Prepare: a bin and a product of the test's own.
    const zone = await ops.post('/api/wms/zones', {
      facilityId: DEMO_FACILITY_ID,
      name: unique('Fault zone'),
      code: unique('FZ'),
      zoneType: 'storage',
    });
    const bin = await ops.post('/api/wms/bins', {
      zoneId: zone.body.id,
      binCode: unique('FB'),
      binType: 'shelf',
      capacity: null,
    });
    const product = await ops.post('/api/wms/products', { sku: unique('FSKU'), name: unique('Fault product') });
    expect([zone.status, bin.status, product.status]).toEqual([201, 201, 201]);
    faults.on({ 'dynamo.tx.lost': 1 }, { 'dynamo.tx.lost': 1 });
    // Act
    const res = await ops.post('/api/wms/inventory/receive', {
      facilityId: DEMO_FACILITY_ID,
      productId: product.body.id,
      binId: bin.body.id,
      quantity: 7,
    });
    faults.off();
    // Assess: the answer says it may have been saved; reading says it was, once.
    expect(faults.injected()).toEqual({});
    expect(res.status, res.text).toBe(503);
    expect(res.body).toEqual({ message: MAY_OR_MAY_NOT });
    const lines = await ops.get(`/api/wms/inventory?search=${encodeURIComponent(product.body.sku)}&limit=100`);
    expect(lines.body.data.map((l: { quantity: number }) => l.quantity)).toEqual([7]);
    expect((await ops.get(`/api/wms/bins/${bin.body.id}`)).body.currentQuantity).toBe(7);
  });

  it('session reads whose keys a throttled BatchGetItem hands back are asked for again: still signed in', async () => {
    faults.on({ 'dynamo.read.unprocessed': 1 }, { 'dynamo.read.unprocessed': 2 });
    const res = await ops.get('/api/auth/user');
    expect(faults.injected()).toEqual({ 'dynamo.read.unprocessed': 2 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.username).toBe('operations');
  });

  it('a read throttled or timed out once is tried again by the SDK: the schedule answers', async () => {
    faults.on(
      { 'dynamo.read.throttle': 1, 'dynamo.read.timeout': 1 },
      { 'dynamo.read.throttle': 1, 'dynamo.read.timeout': 1 },
    );
    const res = await ops.get(`/api/appointments?date=${day(31)}`);
    expect(faults.injected()).toEqual({ 'dynamo.read.throttle': 1, 'dynamo.read.timeout': 1 });
    expect(res.status, res.text).toBe(200);
  });

  it('a write throttled on every attempt answers 503 and changes nothing', async () => {
    const carrier = { name: unique('Fault Carriers'), contactPhone: '+919812345678', serviceTypes: ['FTL'] };
    faults.on({ 'dynamo.write.throttle': 1, 'dynamo.tx.throttle': 1 });
    const res = await ops.post('/api/carriers', carrier);
    faults.off();
    expect(res.status, res.text).toBe(503);
    const list = await ops.get('/api/carriers');
    expect((list.body as { name: string }[]).filter((c) => c.name === carrier.name)).toEqual([]);
  });
});
