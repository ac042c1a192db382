// Appointments through the real local HTTP path: availability, booking, double-booking refusal,
// the status flow, cancelling, reschedules and guest slot booking under concurrency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type HttpResponse, type TestApi } from '../support/api';
import { appointmentIn, booking, cancel, day, move, rescheduleRequest } from '../support/appointments';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { STATUS_TRANSITIONS, APPOINTMENT_STATUSES } from '../../shared/contracts/appointments';
import { listAudit } from '../../functions/lib/audit';
import { awayFromWindowEnd, WITH_WINDOW_WAIT_MS } from '../support/windows';
import { GUEST_BOOKING_LIMIT } from '../../functions/appointments/handler';

let api: TestApi;
let ops: Client;
let yard: Client;
let driver: Client;
let spectator: Client;
const holidayDate = day(7); // seeded "Facility maintenance shutdown"

beforeAll(async () => {
  api = await startTestApi();
  [ops, yard, driver, spectator] = [new Client(api.url), new Client(api.url), new Client(api.url), new Client(api.url)];
  await Promise.all([
    ops.signIn('operations'),
    yard.signIn('yard_manager'),
    driver.signIn('driver'),
    spectator.signIn('spectator'),
  ]);
});
afterAll(() => api.close());

const availability = (q: Record<string, string>) =>
  ops.get(`/api/appointments/check-availability?${new URLSearchParams({ facilityId: DEMO_FACILITY_ID, ...q })}`);

let made = 0;
/** A doorless appointment on day(3), walked to the given status. */
function appointmentOnDay3(status: string) {
  const n = made++;
  return appointmentIn(ops, status, {
    dockDoorId: null,
    scheduledDate: day(3),
    scheduledTimeStart: `${String(8 + (n % 9)).padStart(2, '0')}:00`,
    scheduledTimeEnd: `${String(9 + (n % 9)).padStart(2, '0')}:00`,
    poNumber: `PO-S${n}`,
  });
}

describe('availability and booking', () => {
  it('books a door and then reports that door busy for an overlapping window, free right after', async () => {
    const created = await ops.post(
      '/api/appointments',
      booking({ dockDoorId: 'door-02', scheduledTimeStart: '09:00', scheduledTimeEnd: '10:30' }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'scheduled',
      doorNumber: 'D02',
      carrierName: 'Ganga Freight Carriers',
      driverName: 'Ajay Yadav',
      bookingReference: expect.stringMatching(/^DS-\d{6}-[0-9A-Z]{6}$/),
      rescheduleCount: 0,
      canReschedule: true,
    });
    expect(
      (await availability({ date: day(1), timeStart: '10:15', timeEnd: '11:00', dockDoorId: 'door-02' })).body,
    ).toEqual({ available: false, reason: 'Door D02 is already booked at this time' });
    expect(
      (await availability({ date: day(1), timeStart: '10:30', timeEnd: '11:00', dockDoorId: 'door-02' })).body,
    ).toEqual({ available: true });
    expect(
      (await availability({ date: day(1), timeStart: '10:15', timeEnd: '11:00', dockDoorId: 'door-03' })).body,
    ).toEqual({ available: true });
  });

  it.each([
    [{ date: day(-1), timeStart: '10:00', timeEnd: '11:00' }, 'This time is in the past'],
    [{ date: holidayDate, timeStart: '10:00', timeEnd: '11:00' }, 'The facility is closed on this date (holiday)'],
    [{ date: day(1), timeStart: '07:00', timeEnd: '08:00' }, 'The facility is open 08:00-18:00'],
    [{ date: day(1), timeStart: '10:00', timeEnd: '11:00', dockDoorId: 'door-07' }, 'Door D07 is under maintenance'],
  ])('reports %j unavailable: %s', async (q, reason) => {
    expect((await availability(q)).body).toEqual({ available: false, reason });
  });

  it('never lets two concurrent bookings of one door and time both succeed', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        ops.post(
          '/api/appointments',
          booking({
            dockDoorId: 'door-04',
            scheduledTimeStart: i % 2 ? '12:00' : '12:15',
            scheduledTimeEnd: '13:00',
            poNumber: `PO-R${i}`,
          }),
        ),
      ),
    );
    expect(attempts.filter((r) => r.status === 201)).toHaveLength(1);
    expect(attempts.filter((r) => r.status === 409)).toHaveLength(7);
    const list = (await ops.get(`/api/appointments?date=${day(1)}`)).body.filter(
      (a: { dockDoorId: string }) => a.dockDoorId === 'door-04',
    );
    expect(list).toHaveLength(1);
  });

  it.each([
    [{ facilityId: '' }, 'facilityId', 'Please select a facility'],
    [{ carrierId: '' }, 'carrierId', 'Please select a carrier'],
    [{ scheduledDate: '' }, 'scheduledDate', 'Please select a date'],
    [{ scheduledTimeStart: '' }, 'scheduledTimeStart', 'Please select start time'],
    [{ scheduledTimeEnd: '' }, 'scheduledTimeEnd', 'Please select end time'],
    [
      { scheduledTimeStart: '11:00', scheduledTimeEnd: '10:00' },
      'scheduledTimeEnd',
      'End time must be after start time',
    ],
    [
      { scheduledTimeStart: '10:05', scheduledTimeEnd: '11:00' },
      'scheduledTimeEnd',
      'Times must be on a quarter hour (:00, :15, :30 or :45)',
    ],
    [{ estimatedDuration: 10 }, 'estimatedDuration', 'Minimum 15 minutes'],
    [{ estimatedDuration: 50 }, 'estimatedDuration', 'Duration must be in steps of 15 minutes'],
    [{ palletCount: -1 }, 'palletCount', 'Must be 0 or more'],
    [{ loadType: 'sideways' }, 'loadType', 'Load type must be inbound or outbound'],
  ])('refuses %j with the field message', async (over, field, message) => {
    const res = await ops.post('/api/appointments', booking(over));
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it.each([
    [{ scheduledDate: day(-2) }, 409, 'This time is in the past'],
    [{ scheduledDate: holidayDate }, 409, 'The facility is closed on this date (holiday)'],
    [{ carrierId: 'carrier-nowhere' }, 400, 'Please select a carrier'],
    [{ driverId: 'driver-imran' }, 400, 'The driver does not drive for this carrier'],
    [{ dockDoorId: 'door-99' }, 400, 'Dock door not found at this facility'],
  ])('refuses %j with %i and writes nothing', async (over, status, message) => {
    const before = (
      await ops.get(`/api/appointments?date=${(over as { scheduledDate?: string }).scheduledDate ?? day(1)}`)
    ).body.length;
    const res = await ops.post(
      '/api/appointments',
      booking({
        ...over,
        dockDoorId: (over as { dockDoorId?: string }).dockDoorId ?? 'door-05',
        scheduledTimeStart: '15:00',
        scheduledTimeEnd: '15:30',
      }),
    );
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(
      (await ops.get(`/api/appointments?date=${(over as { scheduledDate?: string }).scheduledDate ?? day(1)}`)).body
        .length,
    ).toBe(before);
  });

  it('lets a driver book only for themself, and shows them only their own appointments', async () => {
    const own = await driver.post(
      '/api/appointments',
      booking({
        carrierId: 'carrier-sahyadri',
        driverId: null,
        dockDoorId: 'door-06',
        scheduledTimeStart: '16:00',
        scheduledTimeEnd: '17:00',
      }),
    );
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ driverId: 'driver-suresh', driverName: 'Suresh Kumar' });
    expect(
      (
        await driver.post(
          '/api/appointments',
          booking({ carrierId: 'carrier-ganga', scheduledTimeStart: '16:00', scheduledTimeEnd: '17:00' }),
        )
      ).status,
    ).toBe(403);
    const listed = (await driver.get(`/api/appointments?date=${day(1)}`)).body;
    expect(listed.map((a: { id: string }) => a.id)).toEqual([own.body.id]);
    const someoneElses = (await ops.get(`/api/appointments?date=${day(1)}`)).body.find(
      (a: { driverId: string }) => a.driverId === 'driver-ajay',
    );
    expect((await driver.get(`/api/appointments/${someoneElses.id}`)).status).toBe(404);
  });

  it('refuses the spectator a booking (403)', async () => {
    expect((await spectator.post('/api/appointments', booking())).status).toBe(403);
  });

  it('adds available equipment and refuses it for an overlapping appointment', async () => {
    const a = (
      await ops.post(
        '/api/appointments',
        booking({
          dockDoorId: 'door-08',
          scheduledDate: day(2),
          scheduledTimeStart: '08:00',
          scheduledTimeEnd: '09:00',
        }),
      )
    ).body;
    const b = (
      await ops.post(
        '/api/appointments',
        booking({
          dockDoorId: 'door-09',
          scheduledDate: day(2),
          scheduledTimeStart: '08:30',
          scheduledTimeEnd: '09:30',
        }),
      )
    ).body;
    expect(
      (await ops.post(`/api/appointments/${a.id}/equipment`, { equipmentId: 'equip-rt01' })).body.equipmentIds,
    ).toEqual(['equip-rt01']);
    const clash = await ops.post(`/api/appointments/${b.id}/equipment`, { equipmentId: 'equip-rt01' });
    expect(clash.status).toBe(409);
    const free = (
      await ops.get(`/api/facilities/default/equipment/available?date=${day(2)}&timeStart=08:45&timeEnd=09:15`)
    ).body.map((e: { id: string }) => e.id);
    expect(free).not.toContain('equip-rt01');
  });
});

describe('status flow', () => {
  // A booking's first status (scheduled, or pending_approval while the facility approves carrier
  // bookings) is never a target of the status route, and a pending booking moves only by Approve or
  // Refuse (test/integration/carrier-approval.test.ts).
  const firstStatuses = ['scheduled', 'pending_approval'];
  const origins = APPOINTMENT_STATUSES.filter((s) => s !== 'pending_approval');
  const targets = APPOINTMENT_STATUSES.filter((s) => !firstStatuses.includes(s));

  for (const from of origins) {
    for (const to of targets) {
      const legal = STATUS_TRANSITIONS[from].includes(to);
      it(`${from} -> ${to} is ${legal ? 'allowed' : 'refused with 409'}`, async () => {
        const id = await appointmentOnDay3(from);
        const res = await move(yard, id, to);
        expect(res.status).toBe(legal ? 200 : 409);
        const now = (await ops.get(`/api/appointments/${id}`)).body;
        expect(now.status).toBe(legal ? to : from);
      });
    }
  }

  for (const to of firstStatuses) {
    it(`never moves an appointment (back) to ${to}: 400 with the approval text, nothing changed`, async () => {
      for (const from of ['scheduled', 'arrived']) {
        const id = await appointmentOnDay3(from);
        const res = await yard.request('PATCH', `/api/appointments/${id}/status`, { body: { status: to } });
        expect(res.status).toBe(400);
        expect(res.body.errors.status).toBe(
          'A booking awaiting approval is approved or refused: use Approve or Refuse',
        );
        expect((await ops.get(`/api/appointments/${id}`)).body.status).toBe(from);
      }
    });
  }

  it('stamps the arrival, counts it for the carrier, audits each change, and refuses the spectator', async () => {
    const ahead = (
      await ops.post(
        '/api/appointments',
        booking({
          dockDoorId: null,
          carrierId: 'carrier-deccan',
          driverId: null,
          scheduledDate: day(1),
          scheduledTimeStart: '17:00',
          scheduledTimeEnd: '18:00',
        }),
      )
    ).body;
    expect(
      (await spectator.request('PATCH', `/api/appointments/${ahead.id}/status`, { body: { status: 'arrived' } }))
        .status,
    ).toBe(403);
    const arrived = (
      await yard.request('PATCH', `/api/appointments/${ahead.id}/status`, { body: { status: 'arrived' } })
    ).body;
    // A day ahead is an early arrival (punctual for the carrier's on-time rate).
    expect(arrived).toMatchObject({ status: 'arrived', arrivedAt: expect.any(String), arrivalOutcome: 'early' });
    const deccan = (await ops.get('/api/carriers')).body.find((c: { id: string }) => c.id === 'carrier-deccan');
    expect(deccan).toMatchObject({ totalAppointments: 1, onTimePercentage: 100 });
    const trail = await listAudit('demo', { entityType: 'appointment', entityId: ahead.id });
    expect(trail.map((r) => r.action)).toEqual(['appointment.arrived', 'appointment.created']);
  });

  it('cancels only through the cancel call, which asks for a reason', async () => {
    const id = await appointmentOnDay3('scheduled');
    const res = await yard.request('PATCH', `/api/appointments/${id}/status`, { body: { status: 'cancelled' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.status).toBe('An appointment is cancelled with a reason: use Cancel Appointment');
    expect((await ops.get(`/api/appointments/${id}`)).body.status).toBe('scheduled');
  });
});

describe('reschedules', () => {
  const request = (over: Record<string, unknown> = {}) => rescheduleRequest({ newDate: day(5), ...over });

  it('requests, lists as pending, approves: the appointment moves and the count goes up', async () => {
    const a = (
      await ops.post(
        '/api/appointments',
        booking({
          dockDoorId: 'door-11',
          scheduledDate: day(2),
          scheduledTimeStart: '10:00',
          scheduledTimeEnd: '11:00',
        }),
      )
    ).body;
    const req = await driver.post(`/api/appointments/${a.id}/reschedule`, request());
    expect(req.status).toBe(404); // not the driver's appointment
    const created = await ops.post(`/api/appointments/${a.id}/reschedule`, request());
    expect(created.status).toBe(201);
    expect((await ops.post(`/api/appointments/${a.id}/reschedule`, request())).status).toBe(409); // one pending at a time
    const pending = (await ops.get('/api/reschedules/pending')).body;
    expect(pending.map((r: { id: string }) => r.id)).toContain(created.body.id);
    expect((await driver.request('PATCH', `/api/reschedules/${created.body.id}/approve`)).status).toBe(403);
    const approved = await yard.request('PATCH', `/api/reschedules/${created.body.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      scheduledDate: day(5),
      scheduledTimeStart: '11:00',
      scheduledTimeEnd: '12:00',
      rescheduleCount: 1,
    });
    expect(
      (await availability({ date: day(2), timeStart: '10:00', timeEnd: '11:00', dockDoorId: 'door-11' })).body
        .available,
    ).toBe(true);
    expect(
      (await availability({ date: day(5), timeStart: '11:00', timeEnd: '12:00', dockDoorId: 'door-11' })).body
        .available,
    ).toBe(false);
    expect((await ops.get('/api/reschedules/pending')).body.map((r: { id: string }) => r.id)).not.toContain(
      created.body.id,
    );
    expect((await yard.request('PATCH', `/api/reschedules/${created.body.id}/deny`)).status).toBe(409);
  });

  it('enforces the limit, the status and the new time', async () => {
    const a = (
      await ops.post(
        '/api/appointments',
        booking({
          dockDoorId: 'door-12',
          scheduledDate: day(2),
          scheduledTimeStart: '13:00',
          scheduledTimeEnd: '14:00',
        }),
      )
    ).body;
    for (const [i, start] of ['14:00', '15:00'].entries()) {
      const r = (
        await ops.post(
          `/api/appointments/${a.id}/reschedule`,
          request({ newDate: day(2), newTimeStart: start, newTimeEnd: `${Number(start.slice(0, 2)) + 1}:00` }),
        )
      ).body;
      const res = await ops.request('PATCH', `/api/reschedules/${r.id}/approve`);
      expect(res.body.rescheduleCount).toBe(i + 1);
    }
    const third = await ops.post(
      `/api/appointments/${a.id}/reschedule`,
      request({ newDate: day(2), newTimeStart: '16:00', newTimeEnd: '17:00' }),
    );
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('This appointment has already been rescheduled 2 times (the limit)');
    const short = await ops.post(`/api/appointments/${a.id}/reschedule`, request({ reasonDetails: 'late' }));
    expect(short.body.errors.reasonDetails).toBe('Please provide detailed reason (minimum 10 characters)');
    const b = (
      await ops.post(
        '/api/appointments',
        booking({ dockDoorId: null, scheduledDate: day(2), scheduledTimeStart: '08:00', scheduledTimeEnd: '09:00' }),
      )
    ).body;
    expect((await cancel(ops, b.id)).status).toBe(200);
    expect((await ops.post(`/api/appointments/${b.id}/reschedule`, request())).body.message).toBe(
      'This appointment is cancelled; only a scheduled appointment can be rescheduled',
    );
    expect((await ops.post(`/api/appointments/${a.id}/reschedule`, request({ newDate: day(-1) }))).status).toBe(409);
  });

  it('denies a request and leaves the appointment where it was', async () => {
    const a = (
      await ops.post(
        '/api/appointments',
        booking({ dockDoorId: null, scheduledDate: day(2), scheduledTimeStart: '16:00', scheduledTimeEnd: '17:00' }),
      )
    ).body;
    const r = (await ops.post(`/api/appointments/${a.id}/reschedule`, request())).body;
    expect((await ops.request('PATCH', `/api/reschedules/${r.id}/deny`)).body.status).toBe('denied');
    expect((await ops.get(`/api/appointments/${a.id}`)).body).toMatchObject({
      scheduledDate: day(2),
      rescheduleCount: 0,
    });
  });
});

describe('guest slot booking', () => {
  const guest = (over: Record<string, unknown> = {}) => ({
    ownerType: 'Driver',
    vehicleNumber: 'mh 04 ab 1234',
    vehicleType: 'Truck',
    capacityTons: 9.5,
    driverName: 'Ganesh Jadhav',
    driverLicense: 'MH0420150011111',
    mobileNumber: '+91 98200 12345',
    expectedArrivalDate: new Date().toISOString(),
    slotId: `${day(6)}_0900`,
    bookingType: 'guest',
    priority: 'normal',
    ...over,
  });

  it('books a slot, returns a confirmation code, and the booking shows in the facility appointments', async () => {
    const client = new Client(api.url);
    const res = await client.post('/api/bookings/slot', guest(), { localAddress: '127.0.1.1' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      confirmationCode: expect.stringMatching(/^DS-/),
      slotDate: day(6),
      startTime: '09:00',
      endTime: '10:00',
    });
    const slot = (await client.get(`/api/slots/available?date=${day(6)}`)).body.find(
      (s: { startTime: string }) => s.startTime === '09:00',
    );
    expect(slot.bookedCount).toBe(1);
    const listed = (await ops.get(`/api/appointments?date=${day(6)}`)).body.find(
      (a: { bookingReference: string }) => a.bookingReference === res.body.confirmationCode,
    );
    expect(listed).toMatchObject({
      bookingType: 'guest',
      vehicleLicense: 'MH04AB1234',
      driverName: 'Ganesh Jadhav',
      status: 'scheduled',
    });
  });

  it("never exceeds a slot's capacity, even with 200 concurrent requests", async () => {
    const STILL_BEING_PROCESSED = 'This request is still being processed. Please try again in a moment.';
    const slotId = `${day(6)}_1400`; // capacity 3
    const runId = Date.now().toString(36);
    // Each guest sends with an Idempotency-Key and, told 503 (busy: past its deadline on the loaded
    // machine) or 409 "still being processed" (its first try is still running), sends the same request
    // again after the Retry-After, as a guest pressing Book again does: the answer is then the one the
    // first try earned, never a second booking.
    const book = async (i: number) => {
      const client = new Client(api.url);
      // Pressed again, the same booking goes (a new body under the same key is another request: 409).
      const body = guest({ slotId, driverName: `Driver ${i}` });
      const send = () =>
        client.post('/api/bookings/slot', body, {
          localAddress: `127.0.${2 + Math.floor(i / 250)}.${(i % 250) + 1}`,
          headers: { 'idempotency-key': `capacity-${runId}-${i}` },
        });
      const again = (res: HttpResponse) =>
        res.status === 503 || (res.status === 409 && res.body?.message === STILL_BEING_PROCESSED);
      let res = await send();
      // People press again a moment apart, not all at once: up to a second past the Retry-After (200
      // guests sent again in the same millisecond were all turned away again on a loaded machine).
      for (let tries = 1; again(res) && tries < 20; tries++) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        await new Promise((r) => setTimeout(r, 1000 * Number(res.headers['retry-after']) + ((i * 37) % 1000)));
        res = await send();
      }
      return res;
    };
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => book(i)));
    // What every guest was told, so that a failure shows it: three booked, every other one told it is full.
    const told = (r: HttpResponse) => (r.status === 201 ? '201' : `${r.status} ${r.body?.message}`);
    expect(results.map(told).sort()).toEqual([
      ...Array(3).fill('201'),
      ...Array(197).fill('409 This slot is fully booked. Please choose another slot.'),
    ]);
    const slots = (await ops.get(`/api/facilities/default/time-slots?date=${day(6)}`)).body;
    expect(slots.find((s: { startTime: string }) => s.startTime === '14:00')).toMatchObject({
      bookedCount: 3,
      capacity: 3,
      isAvailable: false,
    });
    const booked = (await ops.get(`/api/appointments?date=${day(6)}`)).body.filter(
      (a: { slotId: string }) => a.slotId === slotId,
    );
    expect(booked).toHaveLength(3);
  }, 120_000);

  it('returns the same confirmation for a retried request with the same idempotency key', async () => {
    const client = new Client(api.url);
    const headers = { 'idempotency-key': 'retry-test-0001' };
    const body = guest({ slotId: `${day(6)}_1100` });
    const first = await client.post('/api/bookings/slot', body, { headers, localAddress: '127.0.3.1' });
    const second = await client.post('/api/bookings/slot', body, { headers, localAddress: '127.0.3.1' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.confirmationCode).toBe(first.body.confirmationCode);
    const slot = (await ops.get(`/api/facilities/default/time-slots?date=${day(6)}`)).body.find(
      (s: { startTime: string }) => s.startTime === '11:00',
    );
    expect(slot.bookedCount).toBe(1);
    const other = await client.post(
      '/api/bookings/slot',
      { ...body, driverName: 'Someone Else' },
      { headers, localAddress: '127.0.3.1' },
    );
    expect(other.status).toBe(409);
  });

  it('refuses missing information, a blocked slot and a holiday, writing nothing', async () => {
    const client = new Client(api.url);
    const from = { localAddress: '127.0.4.1' };
    const missing = await client.post('/api/bookings/slot', guest({ vehicleNumber: '' }), from);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please fill in all required fields and select a time slot');
    await ops.request('PATCH', `/api/facilities/default/time-slots/${day(6)}_1600`, { body: { isBlocked: true } });
    expect((await client.post('/api/bookings/slot', guest({ slotId: `${day(6)}_1600` }), from)).status).toBe(409);
    expect((await client.post('/api/bookings/slot', guest({ slotId: `${holidayDate}_0900` }), from)).status).toBe(409);
    expect((await client.post('/api/bookings/slot', guest({ slotId: `${day(-1)}_0900` }), from)).status).toBe(409);
    expect(
      (await client.post('/api/bookings/slot', guest({ ownerType: 'Transporter' }), from)).body.errors.ownerName,
    ).toBe('Owner name is required');
  });

  it(
    'limits bookings per client address',
    async () => {
      await awayFromWindowEnd(GUEST_BOOKING_LIMIT);
      const client = new Client(api.url);
      const from = { localAddress: '127.0.5.1' };
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push(
          (
            await client.post(
              '/api/bookings/slot',
              guest({ slotId: `${day(8)}_${String(8 + (i % 10)).padStart(2, '0')}00` }),
              from,
            )
          ).status,
        );
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(statuses[10]).toBe(429);
    },
    WITH_WINDOW_WAIT_MS,
  );
});
