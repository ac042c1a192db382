// Rules that concurrent requests must not break (issue #14.4), through the real local HTTP path:
// N requests at once, then the invariant read back. Plus slot edits in the past (issue #14.5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { booking, cancel, day } from '../support/appointments';

let api: TestApi;
let ops: Client;
let yard: Client;

beforeAll(async () => {
  api = await startTestApi();
  [ops, yard] = [new Client(api.url), new Client(api.url)];
  await Promise.all([ops.signIn('operations'), yard.signIn('yard_manager')]);
});
afterAll(() => api.close());

interface Spot {
  id: string;
  spotNumber: string;
  status: string;
  currentAssetId: string | null;
}

const spots = async (): Promise<Spot[]> => (await yard.get('/api/facilities/default/yard-spots')).body;
const park = (spotId: string, assetId: string) =>
  yard.request('PATCH', `/api/yard-spots/${spotId}/status`, { body: { status: 'occupied', assetId } });

describe('one truck on one spot', () => {
  it('parks a new truck on exactly one spot when it is put on 8 empty spots at once', async () => {
    // Prepare
    const empty = (await spots()).filter((s) => s.status === 'empty').slice(0, 8);
    expect(empty).toHaveLength(8);

    // Act
    const results = await Promise.all(empty.map((s) => park(s.id, 'KA05RACE0008')));

    // Assess
    expect(
      results.every((r) => r.status === 200 || r.status === 409),
      results.map((r) => r.text).join('\n'),
    ).toBe(true);
    const holding = (await spots()).filter((s) => s.currentAssetId === 'KA05RACE0008');
    expect(holding).toHaveLength(1);
    expect(holding[0]!.status).toBe('occupied');
  });

  it('still moves the truck afterwards, leaving it on the new spot only', async () => {
    // Prepare
    const list = await spots();
    const target = list.find((s) => s.status === 'empty')!;

    // Act
    const res = await park(target.id, 'KA05RACE0008');

    // Assess
    expect(res.status, res.text).toBe(200);
    expect((await spots()).filter((s) => s.currentAssetId === 'KA05RACE0008').map((s) => s.id)).toEqual([target.id]);
  });
});

describe('one pending reschedule per appointment', () => {
  it('stores one of 10 concurrent requests and refuses the other 9 with 409', async () => {
    // Prepare
    const created = await ops.post(
      '/api/appointments',
      booking({ dockDoorId: null, scheduledDate: day(14), scheduledTimeStart: '09:00', scheduledTimeEnd: '10:00' }),
    );
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const request = (n: number) => ({
      newDate: day(15),
      newTimeStart: `${String(8 + n).padStart(2, '0')}:00`,
      newTimeEnd: `${String(9 + n).padStart(2, '0')}:00`,
      reason: 'traffic',
      reasonDetails: `Traffic jam, request ${n}`,
      requestedBy: 'carrier',
    });

    // Act
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) => ops.post(`/api/appointments/${id}/reschedule`, request(n))),
    );

    // Assess
    expect(
      results.filter((r) => r.status === 201),
      results.map((r) => `${r.status} ${r.text}`).join('\n'),
    ).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const pending = (await ops.get('/api/reschedules/pending')).body.filter(
      (r: { appointmentId: string }) => r.appointmentId === id,
    );
    expect(pending).toHaveLength(1);
    expect((await ops.get(`/api/appointments/${id}`)).body.pendingRescheduleId).toBe(pending[0].id);
  });
});

const guest = (slotId: string, n: number) => ({
  ownerType: 'Driver',
  vehicleNumber: `MH04RC${String(1000 + n)}`,
  vehicleType: 'Truck',
  capacityTons: 9,
  driverName: `Guest Driver ${n}`,
  driverLicense: 'MH0420150011111',
  mobileNumber: '+91 98200 12345',
  expectedArrivalDate: new Date().toISOString(),
  slotId,
});
const holiday = (date: string) => ops.post('/api/facilities/default/holidays', { holidayDate: date, name: 'Race day' });
const isHoliday = async (date: string) =>
  (await ops.get('/api/facilities/default/holidays')).body.some((h: { holidayDate: string }) => h.holidayDate === date);
const liveBookings = async (date: string) =>
  (await ops.get(`/api/appointments?date=${date}`)).body.filter((a: { status: string }) => a.status === 'scheduled');

describe('no holiday on a day with bookings', () => {
  it('refuses a holiday on a day that has only a staff booking, and allows it once that booking is cancelled', async () => {
    // Prepare
    const date = day(16);
    const created = await ops.post('/api/appointments', booking({ dockDoorId: null, scheduledDate: date }));
    expect(created.status, created.text).toBe(201);

    // Act
    const refused = await holiday(date);
    expect((await cancel(ops, created.body.id)).status).toBe(200);
    const allowed = await holiday(date);

    // Assess
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `There is 1 booking on ${date}. Reschedule or cancel them before closing the day.`,
    );
    expect(allowed.status, allowed.text).toBe(201);
  });

  it('allows a holiday once the day’s only booking is rescheduled to another day', async () => {
    // Prepare
    const date = day(17);
    const created = await ops.post('/api/appointments', booking({ dockDoorId: null, scheduledDate: date }));
    expect(created.status, created.text).toBe(201);
    const requested = await ops.post(`/api/appointments/${created.body.id}/reschedule`, {
      newDate: day(18),
      newTimeStart: '10:00',
      newTimeEnd: '11:00',
      reason: 'traffic',
      reasonDetails: 'Moved to the next day',
      requestedBy: 'carrier',
    });
    expect(requested.status, requested.text).toBe(201);
    expect((await holiday(date)).status).toBe(409);

    // Act
    const approved = await ops.request('PATCH', `/api/reschedules/${requested.body.id}/approve`);
    const closed = await holiday(date);

    // Assess
    expect(approved.status, approved.text).toBe(200);
    expect(closed.status, closed.text).toBe(201);
    expect((await holiday(day(18))).status).toBe(409);
  });

  it('never ends with a holiday on a day with bookings when staff and guest bookings race a holiday', async () => {
    for (let round = 0; round < 6; round++) {
      // Prepare
      const date = day(20 + round);
      const staff = [9, 10, 11].map((h) =>
        booking({
          dockDoorId: null,
          scheduledDate: date,
          scheduledTimeStart: `${String(h).padStart(2, '0')}:00`,
          scheduledTimeEnd: `${String(h + 1).padStart(2, '0')}:00`,
        }),
      );
      const guests = [12, 13, 14].map((h, i) => guest(`${date}_${h}00`, round * 10 + i));

      // Act
      const results = await Promise.all([
        ...staff.map((body) => ops.post('/api/appointments', body)),
        holiday(date),
        ...guests.map((body, i) =>
          new Client(api.url).post('/api/bookings/slot', body, { localAddress: `127.0.${40 + round}.${i + 1}` }),
        ),
      ]);

      // Assess
      expect(
        results.every((r) => r.status === 201 || r.status === 409),
        results.map((r) => `${r.status} ${r.text}`).join('\n'),
      ).toBe(true);
      const [closed, booked] = [await isHoliday(date), (await liveBookings(date)).length];
      expect({ round, closed, booked: closed ? booked : 0 }).toEqual({ round, closed, booked: 0 });
      expect(closed || booked > 0).toBe(true);
    }
  });
});

describe('slot edits in the past', () => {
  it.each([
    ['a slot of 1999', '1999-01-04_0900'],
    ['a slot of yesterday', `${day(-1)}_0900`],
  ])('refuses %s with 409 and changes nothing', async (_, slotId) => {
    // Act
    const res = await ops.request('PATCH', `/api/facilities/default/time-slots/${slotId}`, {
      body: { isBlocked: true },
    });

    // Assess
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This slot has already started; only slots still to come can be changed');
    const date = slotId.slice(0, 10);
    const slot = (await ops.get(`/api/facilities/default/time-slots?date=${date}`)).body.find(
      (s: { startTime: string }) => s.startTime === '09:00',
    );
    expect(slot.isBlocked).toBe(false);
  });

  it('still changes a slot still to come', async () => {
    const res = await ops.request('PATCH', `/api/facilities/default/time-slots/${day(30)}_0900`, {
      body: { isBlocked: true },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.isBlocked).toBe(true);
  });
});
