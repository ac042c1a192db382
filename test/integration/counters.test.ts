// The booking counters (issue #27.6) through the real local HTTP path: a cancel never takes a day's
// booking count or a slot's places below zero, even for a booking made before its counter existed,
// and the recount sets every counter to the number of bookings it counts.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Client, startTestApi, type TestApi } from '../support/api';
import { booking, cancel, day } from '../support/appointments';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { ddb } from '../../functions/lib/aws';
import { config } from '../../functions/lib/config';
import { logger } from '../../functions/lib/logger';
import { slotKeys } from '../../functions/facilities';
import { reconcileCounters } from '../../functions/appointments';

let api: TestApi;
let ops: Client;

beforeAll(async () => {
  api = await startTestApi();
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(() => api.close());
afterEach(() => vi.restoreAllMocks());

const TENANT = 'demo';
const dayKey = (date: string) => slotKeys.dayBookings(TENANT, DEMO_FACILITY_ID, date);
const slotKey = (date: string, start: string) => slotKeys.key(TENANT, DEMO_FACILITY_ID, date, start);
const stored = async (key: { PK: string; SK: string }) =>
  (await ddb().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }))).Item;
const setCounter = (key: { PK: string; SK: string }, counter: string, value: number) =>
  ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: key,
      UpdateExpression: 'SET #c = :v',
      ExpressionAttributeNames: { '#c': counter },
      ExpressionAttributeValues: { ':v': value },
    }),
  );
/** As if the counter had not existed when the booking was made. */
const forgetDayCounter = (date: string) =>
  ddb().send(new DeleteCommand({ TableName: config.tableName, Key: dayKey(date) }));

const book = async (over: Record<string, unknown>) => {
  const res = await ops.post('/api/appointments', booking({ driverId: null, ...over }));
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
};
let guestAddress = 10;
const bookGuest = async (date: string, start: string) => {
  const guest = await new Client(api.url).post(
    '/api/bookings/slot',
    {
      ownerType: 'Driver',
      vehicleNumber: 'MH04CD5678',
      vehicleType: 'Truck',
      capacityTons: 9,
      driverName: 'Ganesh Jadhav',
      driverLicense: 'MH0420150011111',
      mobileNumber: '+91 98200 12345',
      expectedArrivalDate: new Date().toISOString(),
      slotId: `${date}_${start.replace(':', '')}`,
    },
    { localAddress: `127.0.7.${guestAddress++}` },
  );
  expect(guest.status, guest.text).toBe(201);
  return (await ops.get(`/api/appointments?date=${date}`)).body.find(
    (a: { bookingReference: string }) => a.bookingReference === guest.body.confirmationCode,
  ).id as string;
};
const placesTaken = async (date: string, start: string) =>
  (await ops.get(`/api/facilities/default/time-slots?date=${date}`)).body.find(
    (s: { startTime: string }) => s.startTime === start,
  ).bookedCount;
const closeDay = (date: string) =>
  ops.post('/api/facilities/default/holidays', { holidayDate: date, name: 'Stock-taking' });

describe('a cancel of a booking its counter never counted', () => {
  it('leaves the day count at zero, so the next booking still keeps a holiday off the day', async () => {
    // Prepare
    const date = day(20);
    const early = await book({
      scheduledDate: date,
      scheduledTimeStart: '10:00',
      scheduledTimeEnd: '11:00',
      poNumber: 'PO-EARLY',
    });
    await forgetDayCounter(date);

    // Act
    const res = await cancel(ops, early);

    // Assess
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect((await stored(dayKey(date)))?.bookingCount ?? 0).toBe(0);
    await book({ scheduledDate: date, scheduledTimeStart: '12:00', scheduledTimeEnd: '13:00', poNumber: 'PO-LATER' });
    expect((await stored(dayKey(date)))?.bookingCount).toBe(1);
    const refused = await closeDay(date);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `There is 1 booking on ${date}. Reschedule or cancel them before closing the day.`,
    );
  });

  it("gives a guest's place back without failing when the slot shows none taken, logs the recount needed, and takes no other place", async () => {
    // Prepare
    const date = day(21);
    const uncounted = await bookGuest(date, '09:00');
    await setCounter(slotKey(date, '09:00'), 'bookedCount', 0);
    const warn = vi.spyOn(logger, 'warn');

    // Act
    const res = await cancel(ops, uncounted, 'Guest called: truck broke down');

    // Assess
    expect(res.status, res.text).toBe(200);
    expect(await placesTaken(date, '09:00')).toBe(0);
    expect((await stored(slotKey(date, '09:00')))?.bookedCount).toBe(0);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('below zero'),
      expect.objectContaining({ counter: 'bookedCount', held: 0, decrement: -1 }),
    );
    // The day counted the guest, so it is back at zero.
    expect((await stored(dayKey(date)))?.bookingCount).toBe(0);
  });

  it('still takes a counted place back one at a time', async () => {
    // Prepare
    const date = day(22);
    const first = await bookGuest(date, '09:00');
    await bookGuest(date, '09:00');
    expect(await placesTaken(date, '09:00')).toBe(2);

    // Act
    const res = await cancel(ops, first, 'Guest called: truck broke down');

    // Assess
    expect(res.status).toBe(200);
    expect(await placesTaken(date, '09:00')).toBe(1);
    expect((await stored(dayKey(date)))?.bookingCount).toBe(1);
  });
});

describe('the recount', () => {
  it('sets wrong and missing counters to the bookings they count, and a second run finds nothing to correct', async () => {
    // Prepare: on the first day two staff bookings (one cancelled) and one guest at 09:00, whose
    // counters are then spoiled; on the second, one staff booking made before its day counter existed.
    const [first, second] = [day(24), day(25)];
    await book({ scheduledDate: first, scheduledTimeStart: '10:00', scheduledTimeEnd: '11:00', poNumber: 'PO-KEPT' });
    const dropped = await book({
      scheduledDate: first,
      scheduledTimeStart: '12:00',
      scheduledTimeEnd: '13:00',
      poNumber: 'PO-DROPPED',
    });
    expect((await cancel(ops, dropped)).status).toBe(200);
    await bookGuest(first, '09:00');
    await setCounter(dayKey(first), 'bookingCount', 7);
    await setCounter(slotKey(first, '09:00'), 'bookedCount', 4);
    await book({
      scheduledDate: second,
      scheduledTimeStart: '10:00',
      scheduledTimeEnd: '11:00',
      poNumber: 'PO-UNCOUNTED',
    });
    await forgetDayCounter(second);

    // Act
    const corrections = await reconcileCounters(TENANT, { days: 30 });

    // Assess
    expect(corrections).toEqual(
      expect.arrayContaining([
        { counter: 'day bookings', facilityId: DEMO_FACILITY_ID, date: first, was: 7, count: 2 },
        { counter: 'slot places', facilityId: DEMO_FACILITY_ID, date: first, startTime: '09:00', was: 4, count: 1 },
        { counter: 'day bookings', facilityId: DEMO_FACILITY_ID, date: second, was: null, count: 1 },
      ]),
    );
    expect((await stored(dayKey(first)))?.bookingCount).toBe(2);
    expect(await placesTaken(first, '09:00')).toBe(1);
    expect((await stored(dayKey(second)))?.bookingCount).toBe(1);
    expect((await closeDay(second)).status).toBe(409);
    expect(await reconcileCounters(TENANT, { days: 30 })).toEqual([]);
  });
});
