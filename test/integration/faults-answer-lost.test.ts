// A change whose answer never reached its client (issue #55), through the local stack's faults
// (functions/local/faults.ts) on the real local HTTP path: the function stopped after its writes and
// before its answer (api.drop: API Gateway answers 504), or the database applied the transaction and
// its answer was lost (dynamo.tx.lost: "may or may not have been saved"). A guest who sends the
// booking again with the same Idempotency-Key gets the first booking, which exists once; a person
// without a key reads what happened, and finds it once.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { booking, day } from '../support/appointments';
import { useFaults, type Faults } from '../support/faults';
import { nextAddress } from '../support/tenancy';
import { DEMO_FACILITY_LINK } from '../../functions/local/demo-ids';

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

const MAY_OR_MAY_NOT =
  'Your change may or may not have been saved. Please reload the page to check before trying again.';

/** A guest's booking of the demo facility's 10:00 slot `days` ahead, for a truck of its own. */
function guestBooking(vehicleNumber: string, days: number) {
  return {
    ownerType: 'Driver',
    vehicleNumber,
    vehicleType: 'Truck',
    capacityTons: 9,
    driverName: 'Sunita Pawar',
    driverLicense: 'MH1420190055555',
    mobileNumber: `+91 98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    expectedArrivalDate: new Date().toISOString(),
    slotId: `${day(days)}_1000`,
    facility: DEMO_FACILITY_LINK,
  };
}

/** The appointments of a day whose truck is `vehicle` (the staff's schedule lists guests' bookings too). */
const bookingsOf = async (date: string, vehicle: string) =>
  ((await ops.get(`/api/appointments?date=${date}`)).body as { id: string; vehicleLicense: string }[]).filter(
    (a) => a.vehicleLicense === vehicle,
  );

describe('an answer that never reached its client', () => {
  it('a guest booking whose answer was dropped after it ran, sent again with its Idempotency-Key, answers the first booking: booked once', async () => {
    // Prepare
    const body = guestBooking('MH12FD0001', 35);
    const key = `lost-${randomUUID()}`;
    const guest = new Client(api.url);
    const from = nextAddress();
    faults.on({ 'api.drop': 1 }, { 'api.drop': 1 });
    // Act
    const dropped = await guest.post('/api/bookings/slot', body, {
      headers: { 'idempotency-key': key },
      localAddress: from,
    });
    const retried = await guest.post('/api/bookings/slot', body, {
      headers: { 'idempotency-key': key },
      localAddress: from,
    });
    // Assess
    expect(dropped.status, dropped.text).toBe(504);
    expect(retried.status, retried.text).toBe(201);
    const booked = await bookingsOf(day(35), 'MH12FD0001');
    expect(booked).toHaveLength(1);
  });

  it('a guest booking applied whose answer was lost ("may or may not have been saved"), sent again with its key, answers the booking made: booked once', async () => {
    // Prepare
    const body = guestBooking('MH12FD0002', 36);
    const key = `lost-${randomUUID()}`;
    const guest = new Client(api.url);
    const from = nextAddress();
    faults.on({ 'dynamo.tx.lost': 1 }, { 'dynamo.tx.lost': 1 });
    // Act
    const unknown = await guest.post('/api/bookings/slot', body, {
      headers: { 'idempotency-key': key },
      localAddress: from,
    });
    faults.off();
    const retried = await guest.post('/api/bookings/slot', body, {
      headers: { 'idempotency-key': key },
      localAddress: from,
    });
    // Assess: the first try was applied; the retry says so, with its confirmation, and books nothing more.
    expect(unknown.status, unknown.text).toBe(503);
    expect(unknown.body.message).toBe(MAY_OR_MAY_NOT);
    expect(retried.status, retried.text).toBe(201);
    const booked = await bookingsOf(day(36), 'MH12FD0002');
    expect(booked).toHaveLength(1);
    expect((await ops.get(`/api/appointments/${booked[0]!.id}`)).body.bookingReference).toBe(
      retried.body.confirmationCode,
    );
  });

  it('a staff booking whose answer was dropped is found once by reading (no blind retry needed)', async () => {
    const body = booking({
      dockDoorId: null,
      scheduledDate: day(37),
      vehicleLicense: 'MH12FD0003',
      poNumber: 'PO-LOST-3',
    });
    faults.on({ 'api.drop': 1 }, { 'api.drop': 1 });
    const dropped = await ops.post('/api/appointments', body);
    faults.off();
    expect(dropped.status, dropped.text).toBe(504);
    expect(await bookingsOf(day(37), 'MH12FD0003')).toHaveLength(1);
  });
});
