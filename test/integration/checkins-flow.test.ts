// Check-ins, QR links and the computed figures, through the real local HTTP path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { bookFor, guestBooking, openHub, outsiderClient, qrToken } from '../support/checkin-hub';
import { addDays, localDateTime } from '../../shared/time';
import { listDockDoors } from '../../functions/facilities';
import { listAppointmentsByDate } from '../../functions/appointments';
import { liveDoors } from '../../functions/yard/overview';

let api: TestApi;
let ops: Client;
let yard: Client;
let driver: Client;
const now = localDateTime(new Date(), 'Asia/Kolkata');
const tomorrow = addDays(now.date, 1);

beforeAll(async () => {
  api = await startTestApi();
  [ops, yard, driver] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  await Promise.all([ops.signIn('operations'), yard.signIn('yard_manager'), driver.signIn('driver')]);
});
afterAll(() => api.close());

const book = (over: Record<string, unknown> = {}) => bookFor(ops, over);

describe('check-in', () => {
  it('checks a scheduled appointment in, marks it arrived, and refuses a second check-in', async () => {
    const site = await openHub(ops, 'Quick Hub');
    const a = await site.appointment('12:00', { dockDoorId: site.doors.h1.id });
    const res = await ops.post('/api/checkins', {
      appointmentId: a.id,
      driverName: 'Suresh Kumar',
      vehicleLicense: 'mh04ab1234',
      dockDoorId: null,
      notes: 'Seal intact',
      status: 'checked_in',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'checked_in',
      checkinMethod: 'manual',
      vehicleLicense: 'MH04AB1234',
      doorNumber: 'H1',
      notes: 'Seal intact',
    });
    expect((await ops.get(`/api/appointments/${a.id}`)).body).toMatchObject({
      status: 'arrived',
      arrivalOutcome: 'early',
    });
    const again = await ops.post('/api/checkins', {
      appointmentId: a.id,
      driverName: 'Suresh Kumar',
      vehicleLicense: 'MH04AB1234',
    });
    expect(again.status).toBe(409);
    expect(
      (await ops.get('/api/checkins')).body.filter((c: { appointmentId: string }) => c.appointmentId === a.id),
    ).toHaveLength(1);
  });

  it.each([
    [{ driverName: 'A', vehicleLicense: 'B' }, 'appointmentId', 'Please select an appointment'],
    [{ appointmentId: 'x', vehicleLicense: 'B' }, 'driverName', 'Driver name is required'],
    [{ appointmentId: 'x', driverName: 'A' }, 'vehicleLicense', 'Vehicle license is required'],
  ])('refuses %j with the field message', async (body, field, message) => {
    const res = await ops.post('/api/checkins', body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it('walks the check-in through its statuses and the appointment follows; an illegal step is a 409', async () => {
    const a = await (await openHub(ops, 'Flow Hub')).appointment('12:00');
    const c = (
      await ops.post('/api/checkins', { appointmentId: a.id, driverName: 'Suresh', vehicleLicense: 'MH04AB1234' })
    ).body;
    const step = (status: string) => yard.request('PATCH', `/api/checkins/${c.id}/status`, { body: { status } });
    // The work is done at a door: a truck just checked in cannot have completed it (issue #28.2's one flow).
    expect((await step('completed')).status).toBe(409);
    for (const s of ['at_dock', 'unloading', 'completed', 'departed']) expect((await step(s)).status).toBe(200);
    expect((await ops.get(`/api/appointments/${a.id}`)).body).toMatchObject({
      status: 'departed',
      departedAt: expect.any(String),
    });
    expect((await step('checked_in')).status).toBe(409);
    expect(
      (await driver.request('PATCH', `/api/checkins/${c.id}/status`, { body: { status: 'at_dock' } })).status,
    ).toBe(403);
  });

  it('checks a walk-in in: an arrived walk_in appointment of 120 minutes with its check-in', async () => {
    const res = await ops.post('/api/checkins/walk-in', {
      driverName: 'Walk In Wala',
      vehicleLicense: 'GJ01ZZ0001',
      carrierName: 'Local Tempo Service',
      loadType: 'outbound',
      poNumber: 'PO-W1',
    });
    expect(res.status).toBe(201);
    const appointment = (await ops.get(`/api/appointments/${res.body.appointmentId}`)).body;
    expect(appointment).toMatchObject({
      bookedBy: 'walk_in',
      status: 'arrived',
      estimatedDuration: 120,
      carrierName: 'Local Tempo Service',
      poNumber: 'PO-W1',
    });
    expect(
      (await ops.post('/api/checkins/walk-in', { driverName: 'X', vehicleLicense: 'Y' })).body.errors.carrierName,
    ).toBe('Carrier name is required');
  });

  it("cannot check in another tenant's appointment", async () => {
    const outsider = await outsiderClient(api.url);
    const ours = await book({ scheduledTimeStart: '17:00', scheduledTimeEnd: '18:00' });
    const res = await outsider.post('/api/checkins', { appointmentId: ours.id, driverName: 'X', vehicleLicense: 'Y' });
    expect(res.status).toBe(404);
    expect((await ops.get(`/api/appointments/${ours.id}`)).body.status).toBe('scheduled');
  });

  it("lets a driver check in their own appointment from the app, and no one else's", async () => {
    const site = await openHub(ops, 'App Hub');
    const own = await site.appointment('12:00');
    const other = await site.appointment('12:00', { carrierId: 'carrier-ganga', driverId: 'driver-ajay' });
    const res = await driver.post(`/api/appointments/${own.id}/checkin`, { checkInTime: new Date().toISOString() });
    expect(res.status).toBe(201);
    expect(res.body.checkinMethod).toBe('tablet');
    expect((await driver.post(`/api/appointments/${other.id}/checkin`, {})).status).toBe(404);
    expect(
      (await driver.get('/api/checkins')).body.every((c: { driverId: string }) => c.driverId === 'driver-suresh'),
    ).toBe(true);
  });
});

describe('QR check-in', () => {
  it('gives a real QR code for a signed, expiring link; a guest checks in with booking code and mobile number', async () => {
    const qr = await ops.get('/api/facilities/default/qr-code');
    expect(qr.status).toBe(200);
    expect(qr.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(qr.body.checkinUrl).toMatch(/\/checkin\/qr\?t=[\w-]+(~[\w-]+){3}$/);
    const guest = new Client(api.url);
    expect(
      (await guest.get(`/api/checkins/qr-link?t=${new URL(qr.body.checkinUrl).searchParams.get('t')}`)).body
        .facilityName,
    ).toBe('Bhiwandi Distribution Centre');

    const site = await openHub(ops, 'Gate Hub');
    const token = await qrToken(ops, site.facility.id);
    const booked = await guest.post(
      '/api/bookings/slot',
      guestBooking(
        `${site.local().date}_1200`,
        '9822012345',
        (await ops.get(`/api/facilities/${site.facility.id}/link`)).body.token,
      ),
      { localAddress: '127.0.9.1' },
    );
    expect(booked.status).toBe(201);
    const wrongPhone = await guest.post('/api/checkins/qr', {
      token,
      bookingReference: booked.body.confirmationCode,
      mobileNumber: '9999999999',
    });
    expect(wrongPhone.status).toBe(404);
    const ok = await guest.post('/api/checkins/qr', {
      token,
      bookingReference: booked.body.confirmationCode.toLowerCase(),
      mobileNumber: '+91 98220 12345',
    });
    expect(ok.status).toBe(201);
    const checkin = (await ops.get('/api/checkins')).body.find((c: { id: string }) => c.id === ok.body.id);
    expect(checkin).toMatchObject({ checkinMethod: 'qr_code', vehicleLicense: 'MH43QR0001' });
  });

  it('refuses a tampered token', async () => {
    const qr = await ops.get('/api/facilities/default/qr-code');
    const token = new URL(qr.body.checkinUrl).searchParams.get('t')!;
    const [payload] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ t: 'demo', f: DEMO_FACILITY_ID, exp: 4102444800 })).toString('base64url')}.${token.split('.')[1]}`;
    const res = await new Client(api.url).get(`/api/checkins/qr-link?t=${forged}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not valid or has expired/);
    expect(payload).not.toBe(forged.split('.')[0]);
  });
});

describe('computed figures', () => {
  it('reports dashboard metrics and gate statistics from the data', async () => {
    const res = await ops.get('/api/dashboard/metrics');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalDocks: 12,
      activeAppointments: expect.any(Number),
      availableDocks: expect.any(Number),
      gate: { checkinsToday: expect.any(Number), manualCheckins: expect.any(Number) },
    });
    expect(res.body.availableDocks).toBeLessThanOrEqual(11); // D07 is under maintenance
  });

  it('shows the yard with doors, spots and recent activity', async () => {
    const res = await yard.get('/api/yard/overview');
    expect(res.status).toBe(200);
    expect(res.body.doors).toHaveLength(12);
    expect(res.body.spots).toHaveLength(20);
    expect(res.body.doors.find((d: { doorNumber: string }) => d.doorNumber === 'D07').status).toBe('maintenance');
    expect(res.body.availableSpots).toBe(16);
    expect(res.body.recentActivity.length).toBeGreaterThan(0);
  });

  it("shows on each door exactly what the day's whole list gives, read from the doors' index", async () => {
    // The yard reads only the day's appointments on site at a door (GSI3); the figure it shows must be
    // the one the whole day's list gives, through arrival, loading and departure.
    const sameAsWholeDay = async () => {
      const res = await yard.get('/api/yard/overview');
      const [doors, day] = await Promise.all([
        listDockDoors('demo', DEMO_FACILITY_ID),
        listAppointmentsByDate('demo', res.body.date, DEMO_FACILITY_ID),
      ]);
      const shown = res.body.doors as { id: string; status: string; appointmentId: string | null; move: unknown }[];
      // No yard move is under way: the demo hub does not drop trailers (issue #58.4).
      expect(shown.map((d) => d.move)).toEqual(shown.map(() => null));
      expect(shown.map((d) => ({ ...d, move: undefined }))).toEqual(liveDoors(doors, day));
      return shown;
    };
    // Prepare: a walk-in at a free door
    let walkIn: { appointmentId: string; dockDoorId: string } | null = null;
    for (let n = 1; n <= 12 && !walkIn; n++) {
      const res = await ops.post('/api/checkins/walk-in', {
        driverName: 'Index Check',
        vehicleLicense: `MH04IX${String(n).padStart(4, '0')}`,
        carrierName: 'Tempo Co',
        dockDoorId: `door-${String(n).padStart(2, '0')}`,
      });
      if (res.status === 201 || res.status === 200) walkIn = res.body;
    }
    expect(walkIn).not.toBeNull();
    const door = (list: Awaited<ReturnType<typeof sameAsWholeDay>>) => list.find((d) => d.id === walkIn!.dockDoorId)!;
    // Act + Assess, step by step
    expect(door(await sameAsWholeDay())).toMatchObject({ status: 'occupied', appointmentId: walkIn!.appointmentId });
    expect(
      (await ops.request('PATCH', `/api/appointments/${walkIn!.appointmentId}/status`, { body: { status: 'loading' } }))
        .status,
    ).toBe(200);
    expect(door(await sameAsWholeDay())).toMatchObject({ status: 'loading', appointmentId: walkIn!.appointmentId });
    expect(
      (
        await ops.request('PATCH', `/api/appointments/${walkIn!.appointmentId}/status`, {
          body: { status: 'departed' },
        })
      ).status,
    ).toBe(200);
    expect(door(await sameAsWholeDay()).appointmentId).toBeNull();
  });

  it('computes analytics for a range and refuses an unknown range', async () => {
    const res = await ops.get('/api/analytics?days=7');
    expect(res.status).toBe(200);
    expect(res.body.perDay).toHaveLength(7);
    expect(res.body).toHaveProperty('dockUtilization');
    expect((await ops.get('/api/analytics?days=8')).status).toBe(400);
  });

  it('gives the driver their own next appointment and figures', async () => {
    const res = await driver.get('/api/driver/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.driver.name).toBe('Suresh Kumar');
    // The facility shown is the next appointment's (the check-in tests book at facilities of their own).
    expect(res.body.facility).toMatchObject({
      name: res.body.nextAppointment?.facilityName ?? 'Bhiwandi Distribution Centre',
      mapsUrl: expect.stringContaining('google.com/maps'),
    });
    expect((await ops.get('/api/driver/dashboard')).status).toBe(403);
  });

  it('exports the daily report as CSV', async () => {
    await book({
      scheduledDate: tomorrow,
      scheduledTimeStart: '16:00',
      scheduledTimeEnd: '17:00',
      poNumber: '=HYPERLINK("x")',
    });
    const res = await ops.get(`/api/dashboard/daily-report?date=${tomorrow}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.text.split('\r\n')[0]).toBe(
      'Booking reference,Date,Start,End,Status,Load type,Carrier,Driver,Vehicle,Dock,PO,BOL,Arrived at,Punctuality,Departed at,Booking fields',
    );
    expect(res.text).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('lists notifications written with the changes', async () => {
    const list = (await ops.get('/api/notifications')).body;
    expect(list.map((n: { title: string }) => n.title)).toEqual(
      expect.arrayContaining(['Driver checked in', 'Appointment booked', 'Walk-in checked in']),
    );
    expect(new Date(list[0].sentAt).getTime()).toBeGreaterThanOrEqual(new Date(list[list.length - 1].sentAt).getTime());
  });
});
