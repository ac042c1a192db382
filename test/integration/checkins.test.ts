// Check-in rules through the real local HTTP path: only on the appointment's day (from two hours
// before its start) on every path, punctuality, and a dock door given to a check-in later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import {
  bookFor,
  guestBooking,
  nextQuarter,
  openHub,
  outsiderClient,
  qrToken,
  tomorrowInIndia,
} from '../support/checkin-hub';
import { listAudit } from '../../functions/lib/audit';
import { transact } from '../../functions/lib/dynamo';
import { checkinChangePut, getCheckin } from '../../functions/checkins/checkin.store';

let api: TestApi;
let ops: Client;
let yard: Client;
let driver: Client;

beforeAll(async () => {
  api = await startTestApi();
  [ops, yard, driver] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  await Promise.all([ops.signIn('operations'), yard.signIn('yard_manager'), driver.signIn('driver')]);
});
afterAll(() => api.close());

describe('check-in only on the appointment day', () => {
  const scheduledWithoutCheckin = async (id: string) => {
    expect((await ops.get(`/api/appointments/${id}`)).body).toMatchObject({
      status: 'scheduled',
      arrivedAt: null,
      arrivalOutcome: null,
    });
    expect((await ops.get('/api/checkins')).body.some((c: { appointmentId: string }) => c.appointmentId === id)).toBe(
      false,
    );
  };

  it("refuses tomorrow's appointment on every path with the same reason, and changes nothing", async () => {
    // Prepare
    const a = await bookFor(ops);
    const guest = new Client(api.url);
    const slot = await guest.post('/api/bookings/slot', guestBooking(`${tomorrowInIndia}_1100`, '9822055555'), {
      localAddress: '127.0.9.2',
    });
    const reason = (start: string, opens: string) =>
      `Check-in for this appointment opens at ${opens} on ${tomorrowInIndia}, 2 hours before its ${start} start.`;
    // Act
    const staff = await ops.post('/api/checkins', {
      appointmentId: a.id,
      driverName: 'Suresh Kumar',
      vehicleLicense: 'MH04AB1234',
    });
    const app = await driver.post(`/api/appointments/${a.id}/checkin`, {});
    const gate = await guest.post('/api/checkins/qr', {
      token: await qrToken(ops, 'default'),
      bookingReference: slot.body.confirmationCode,
      mobileNumber: '9822055555',
    });
    const gateAsDriver = await driver.post('/api/checkins/qr', { token: await qrToken(ops, 'default') });
    // Assess
    expect([staff.status, app.status, gate.status]).toEqual([409, 409, 409]);
    expect(staff.body.message).toBe(reason('09:00', '07:00'));
    expect(app.body.message).toBe(reason('09:00', '07:00'));
    expect(gate.body.message).toBe(reason('11:00', '09:00'));
    expect(gateAsDriver.status).toBe(404);
    await scheduledWithoutCheckin(a.id);
  });

  it('refuses more than two hours before the start; from then on records an early or on-time arrival (staff)', async () => {
    // Prepare
    const site = await openHub(ops, 'Early Hub');
    const later = await site.appointment('14:00');
    const due = await site.appointment('12:00');
    const now = await site.appointment(nextQuarter(site.local().time));
    const checkIn = (id: string) =>
      ops.post('/api/checkins', { appointmentId: id, driverName: 'Suresh Kumar', vehicleLicense: 'MH04AB1234' });
    // Act
    const refused = await checkIn(later.id);
    const early = await checkIn(due.id);
    const onTime = await checkIn(now.id);
    // Assess
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Check-in for this appointment opens at 12:00 on ${site.local().date}, 2 hours before its 14:00 start.`,
    );
    await scheduledWithoutCheckin(later.id);
    expect([early.status, onTime.status]).toEqual([201, 201]);
    expect((await ops.get(`/api/appointments/${due.id}`)).body.arrivalOutcome).toBe('early');
    expect((await ops.get(`/api/appointments/${now.id}`)).body.arrivalOutcome).toBe('onTime');
  });

  it('applies the same rule in the driver app', async () => {
    // Prepare
    const site = await openHub(ops, 'Driver Hub');
    const later = await site.appointment('14:00');
    const due = await site.appointment('12:00');
    // Act
    const refused = await driver.post(`/api/appointments/${later.id}/checkin`, {});
    const ok = await driver.post(`/api/appointments/${due.id}/checkin`, {});
    // Assess
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Check-in for this appointment opens at 12:00 on /);
    expect(ok.status).toBe(201);
    expect((await ops.get(`/api/appointments/${due.id}`)).body).toMatchObject({
      status: 'arrived',
      arrivalOutcome: 'early',
    });
  });

  it("applies the same rule at the gate: a driver's one tap finds the appointment due now, not a later one", async () => {
    // Prepare
    const site = await openHub(ops, 'Scan Hub');
    const token = await qrToken(ops, site.facility.id);
    const later = await site.appointment('14:00');
    // Act
    const tooEarly = await driver.post('/api/checkins/qr', { token });
    const due = await site.appointment('12:00');
    const ok = await driver.post('/api/checkins/qr', { token });
    const byCode = await driver.post('/api/checkins/qr', { token, bookingReference: later.bookingReference });
    // Assess
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.message).toBe(
      `Check-in for this appointment opens at 12:00 on ${site.local().date}, 2 hours before its 14:00 start.`,
    );
    expect(ok.status).toBe(201);
    expect((await ops.get('/api/checkins')).body.find((c: { id: string }) => c.id === ok.body.id)).toMatchObject({
      appointmentId: due.id,
      checkinMethod: 'qr_code',
    });
    expect(byCode.status).toBe(409);
    await scheduledWithoutCheckin(later.id);
  });
});

describe('dock door for a check-in without one', () => {
  const assign = (client: Client, id: string, dockDoorId: unknown) =>
    client.request('PATCH', `/api/checkins/${id}/door`, { body: { dockDoorId } });

  it('gives a walk-in a free door later: check-in and appointment get it, the time is held, audited', async () => {
    // Prepare
    const walkIn = (
      await ops.post('/api/checkins/walk-in', {
        driverName: 'Door Later',
        vehicleLicense: 'MH04DL0001',
        carrierName: 'Tempo Co',
      })
    ).body;
    expect(walkIn.doorNumber).toBeNull();
    // Act
    const res = await assign(yard, walkIn.id, 'door-08');
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: walkIn.id, dockDoorId: 'door-08', doorNumber: 'D08' });
    const appointment = (await ops.get(`/api/appointments/${walkIn.appointmentId}`)).body;
    expect(appointment).toMatchObject({ dockDoorId: 'door-08', doorNumber: 'D08', status: 'arrived' });
    const next = (
      await ops.post('/api/checkins/walk-in', {
        driverName: 'Same Time',
        vehicleLicense: 'MH04ST0001',
        carrierName: 'Tempo Co',
      })
    ).body;
    expect((await assign(yard, next.id, 'door-08')).body.message).toBe('Door D08 is already booked at this time');
    expect((await listAudit('demo', { entityType: 'checkin', entityId: walkIn.id })).map((r) => r.action)).toContain(
      'checkin.door-assigned',
    );
    expect(
      (await listAudit('demo', { entityType: 'appointment', entityId: walkIn.appointmentId })).map((r) => r.action),
    ).toContain('appointment.door-assigned');
    const again = await assign(yard, walkIn.id, 'door-09');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This check-in already has door D08');
  });

  it('a change read before a door was given cannot erase that door (the whole check-in is written)', async () => {
    // Prepare: a status change reads the check-in, then a door is given before it writes
    const walkIn = (
      await ops.post('/api/checkins/walk-in', {
        driverName: 'Door Race',
        vehicleLicense: 'MH04DR0001',
        carrierName: 'Tempo Co',
      })
    ).body;
    const read = (await getCheckin('demo', walkIn.id))!;
    let door = '';
    for (const id of Array.from({ length: 12 }, (_, i) => `door-${String(i + 1).padStart(2, '0')}`))
      if (!door && (await assign(yard, walkIn.id, id)).status === 200) door = id;
    expect(door).not.toBe('');
    // Act: the status change writes what it read
    const stale = transact([checkinChangePut({ ...read, status: 'at_dock' }, read)], () => new Error('refused'));
    // Assess
    await expect(stale).rejects.toThrow('refused');
    expect(await getCheckin('demo', walkIn.id)).toMatchObject({ status: read.status, dockDoorId: door });
  });

  it('refuses a door held at that time, under maintenance or of another facility, and changes nothing', async () => {
    // Prepare
    const site = await openHub(ops, 'Door Hub');
    await site.appointment('12:00', {
      carrierId: 'carrier-ganga',
      driverId: 'driver-ajay',
      dockDoorId: site.doors.h1.id,
    });
    const a = await site.appointment('12:00');
    const checkin = (
      await ops.post('/api/checkins', { appointmentId: a.id, driverName: 'Suresh Kumar', vehicleLicense: 'MH04AB1234' })
    ).body;
    // Act
    const held = await assign(ops, checkin.id, site.doors.h1.id);
    const broken = await assign(ops, checkin.id, site.doors.broken.id);
    const elsewhere = await assign(ops, checkin.id, 'door-01');
    const empty = await assign(ops, checkin.id, '');
    const byDriver = await assign(driver, checkin.id, site.doors.h2.id);
    // Assess
    expect([held.status, broken.status, elsewhere.status, empty.status, byDriver.status]).toEqual([
      409, 409, 400, 400, 403,
    ]);
    expect(held.body.message).toBe('Door H1 is already booked at this time');
    expect(broken.body.message).toBe('Door H9 is under maintenance');
    expect(elsewhere.body.errors.dockDoorId).toBe('Dock door not found at this facility');
    expect(empty.body.errors.dockDoorId).toBe('Please select a dock door');
    expect((await ops.get(`/api/appointments/${a.id}`)).body.dockDoorId).toBeNull();
    expect(
      (await ops.get('/api/checkins')).body.find((c: { id: string }) => c.id === checkin.id).dockDoorId,
    ).toBeNull();
    // A free door of the facility is taken.
    expect((await assign(ops, checkin.id, site.doors.h2.id)).body.doorNumber).toBe('H2');
  });

  it("refuses a departed check-in, an unknown one and another tenant's", async () => {
    // Prepare
    const walkIn = (
      await ops.post('/api/checkins/walk-in', {
        driverName: 'Gone Away',
        vehicleLicense: 'MH04GA0001',
        carrierName: 'Tempo Co',
      })
    ).body;
    const waiting = (
      await ops.post('/api/checkins/walk-in', {
        driverName: 'Still Here',
        vehicleLicense: 'MH04SH0001',
        carrierName: 'Tempo Co',
      })
    ).body;
    await yard.request('PATCH', `/api/checkins/${walkIn.id}/status`, { body: { status: 'departed' } });
    const outsider = await outsiderClient(api.url);
    // Act
    const departed = await assign(ops, walkIn.id, 'door-10');
    const unknown = await assign(ops, 'no-such-checkin', 'door-10');
    const foreign = await assign(outsider, waiting.id, 'door-10');
    // Assess
    expect(departed.status).toBe(409);
    expect(departed.body.message).toBe('A check-in that is departed cannot be given a door');
    expect([unknown.status, foreign.status]).toEqual([404, 404]);
    expect(
      (await ops.get('/api/checkins')).body.find((c: { id: string }) => c.id === waiting.id).dockDoorId,
    ).toBeNull();
  });
});
