// Cancelling an appointment (issue #12.4) through the real local HTTP path: who may cancel, the
// required reason, scheduled only, and everything the appointment held freed in the same change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { appointmentIn, booking, cancel, day } from '../support/appointments';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { listAudit } from '../../functions/lib/audit';

let api: TestApi;
let ops: Client;
let driver: Client;
let spectator: Client;

beforeAll(async () => {
  api = await startTestApi();
  [ops, driver, spectator] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  await Promise.all([ops.signIn('operations'), driver.signIn('driver'), spectator.signIn('spectator')]);
});
afterAll(() => api.close());

const window = (date: string, timeStart: string, timeEnd: string) =>
  new URLSearchParams({ date, timeStart, timeEnd }).toString();
const doorFree = async (door: string, date: string, start: string, end: string) =>
  (
    await ops.get(
      `/api/appointments/check-availability?${new URLSearchParams({ facilityId: DEMO_FACILITY_ID, dockDoorId: door, date, timeStart: start, timeEnd: end })}`,
    )
  ).body.available;
const freeIds = async (what: 'labor-incharges' | 'equipment', q: string) =>
  (await ops.get(`/api/facilities/default/${what}/available?${q}`)).body.map((r: { id: string }) => r.id);

describe('cancelling an appointment', () => {
  it('frees the door time, labour and equipment of a cancelled appointment, so the time can be booked again, and audits the reason', async () => {
    // Prepare
    const slot = { scheduledDate: day(9), scheduledTimeStart: '10:00', scheduledTimeEnd: '11:30' };
    const q = window(day(9), '10:00', '11:30');
    const held = (
      await ops.post(
        '/api/appointments',
        booking({ ...slot, dockDoorId: 'door-03', laborInchargeId: 'labor-ramesh', poNumber: 'PO-CANCEL-1' }),
      )
    ).body;
    expect((await ops.post(`/api/appointments/${held.id}/equipment`, { equipmentId: 'equip-fl01' })).status).toBe(200);
    expect(await doorFree('door-03', day(9), '10:00', '11:30')).toBe(false);
    expect(await freeIds('labor-incharges', q)).not.toContain('labor-ramesh');
    expect(await freeIds('equipment', q)).not.toContain('equip-fl01');

    // Act
    const res = await cancel(ops, held.id, '  Consignee closed for stock-taking  ');

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'cancelled',
      cancelledAt: expect.any(String),
      cancellationReason: 'Consignee closed for stock-taking',
    });
    expect(await doorFree('door-03', day(9), '10:00', '11:30')).toBe(true);
    expect(await freeIds('labor-incharges', q)).toContain('labor-ramesh');
    expect(await freeIds('equipment', q)).toContain('equip-fl01');
    const again = await ops.post(
      '/api/appointments',
      booking({
        ...slot,
        dockDoorId: 'door-03',
        laborInchargeId: 'labor-ramesh',
        carrierId: 'carrier-deccan',
        driverId: null,
        poNumber: 'PO-CANCEL-2',
      }),
    );
    expect(again.status).toBe(201);
    expect((await ops.post(`/api/appointments/${again.body.id}/equipment`, { equipmentId: 'equip-fl01' })).status).toBe(
      200,
    );
    const trail = await listAudit('demo', { entityType: 'appointment', entityId: held.id });
    expect(trail[0]).toMatchObject({
      action: 'appointment.cancelled',
      actorName: 'operations',
      after: expect.objectContaining({ status: 'cancelled', cancellationReason: 'Consignee closed for stock-taking' }),
    });
  });

  it("gives a guest booking's place back to its slot", async () => {
    // Prepare
    const slotId = `${day(11)}_0900`;
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
        slotId,
      },
      { localAddress: '127.0.6.1' },
    );
    expect(guest.status).toBe(201);
    const bookedCount = async () =>
      (await ops.get(`/api/facilities/default/time-slots?date=${day(11)}`)).body.find(
        (s: { startTime: string }) => s.startTime === '09:00',
      ).bookedCount;
    expect(await bookedCount()).toBe(1);
    const appointment = (await ops.get(`/api/appointments?date=${day(11)}`)).body.find(
      (a: { bookingReference: string }) => a.bookingReference === guest.body.confirmationCode,
    );

    // Act
    const res = await cancel(ops, appointment.id, 'Guest called: truck broke down');

    // Assess
    expect(res.status).toBe(200);
    expect(await bookedCount()).toBe(0);
  });

  it.each([
    ['no reason', {}, 'Please give a reason for cancelling'],
    ['an empty reason', { reason: '' }, 'Please give a reason for cancelling'],
    ['a blank reason', { reason: '    ' }, 'Please give a reason for cancelling'],
    ['a two-letter reason', { reason: 'no' }, 'Please give a reason for cancelling (minimum 5 characters)'],
    ['a 501-character reason', { reason: 'x'.repeat(501) }, 'Must be at most 500 characters'],
  ])('refuses %s with 400 and changes nothing', async (_, body, message) => {
    // Prepare
    const id = await appointmentIn(ops, 'scheduled', {
      dockDoorId: 'door-04',
      scheduledDate: day(9),
      scheduledTimeStart: '08:00',
      scheduledTimeEnd: '08:30',
      poNumber: 'PO-NOREASON',
    });

    // Act
    const res = await ops.post(`/api/appointments/${id}/cancel`, body);

    // Assess
    expect(res.status).toBe(400);
    expect(res.body.errors.reason).toBe(message);
    expect((await ops.get(`/api/appointments/${id}`)).body).toMatchObject({
      status: 'scheduled',
      cancellationReason: null,
    });
    expect(await doorFree('door-04', day(9), '08:00', '08:30')).toBe(false);
    expect((await cancel(ops, id)).status).toBe(200); // frees door-04 for the next case
  });

  it.each([
    ['arrived', 'arrived'],
    ['loading', 'loading'],
    ['departed', 'departed'],
    ['no_show', 'no-show'],
    ['cancelled', 'cancelled'],
  ])('refuses to cancel a %s appointment (409)', async (status, label) => {
    // Prepare
    const id = await appointmentIn(ops, status, {
      dockDoorId: null,
      scheduledDate: day(10),
      scheduledTimeStart: '12:00',
      scheduledTimeEnd: '13:00',
    });

    // Act
    const res = await cancel(ops, id);

    // Assess
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`This appointment is ${label}; only a scheduled appointment can be cancelled`);
    expect((await ops.get(`/api/appointments/${id}`)).body.status).toBe(status);
  });

  it('lets only one of two simultaneous cancellations through', async () => {
    // Prepare
    const id = await appointmentIn(ops, 'scheduled', {
      dockDoorId: 'door-05',
      scheduledDate: day(10),
      scheduledTimeStart: '14:00',
      scheduledTimeEnd: '15:00',
    });

    // Act
    const results = await Promise.all([
      cancel(ops, id, 'Double click, first'),
      cancel(ops, id, 'Double click, second'),
    ]);

    // Assess
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const trail = await listAudit('demo', { entityType: 'appointment', entityId: id });
    expect(trail.filter((r) => r.action === 'appointment.cancelled')).toHaveLength(1);
  });
});

describe('who may cancel', () => {
  it('lets the driver cancel their own appointment', async () => {
    // Prepare
    const own = await driver.post(
      '/api/appointments',
      booking({
        carrierId: 'carrier-sahyadri',
        driverId: null,
        dockDoorId: 'door-06',
        scheduledDate: day(10),
        scheduledTimeStart: '09:00',
        scheduledTimeEnd: '10:00',
      }),
    );
    expect(own.status).toBe(201);

    // Act
    const res = await cancel(driver, own.body.id, 'Vehicle sent for repairs');

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', cancellationReason: 'Vehicle sent for repairs' });
    expect(await doorFree('door-06', day(10), '09:00', '10:00')).toBe(true);
  });

  it("does not let a driver cancel someone else's appointment (404), nor the spectator any (403)", async () => {
    // Prepare
    const id = await appointmentIn(ops, 'scheduled', {
      dockDoorId: 'door-08',
      scheduledDate: day(10),
      scheduledTimeStart: '09:00',
      scheduledTimeEnd: '10:00',
    });

    // Act
    const byDriver = await cancel(driver, id);
    const bySpectator = await cancel(spectator, id);
    const anonymous = await cancel(new Client(api.url), id);

    // Assess
    expect(byDriver.status).toBe(404);
    expect(bySpectator.status).toBe(403);
    expect(anonymous.status).toBe(401);
    expect((await ops.get(`/api/appointments/${id}`)).body.status).toBe('scheduled');
    expect(await doorFree('door-08', day(10), '09:00', '10:00')).toBe(false);
  });
});
