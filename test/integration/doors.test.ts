// Issue #28.1 and #28.2 through the real local HTTP path: one door rule on every path that puts a
// truck at a door (never two trucks at one door, however many race for it; a door under maintenance
// refused everywhere; drivers do not pick doors) and one on-site flow for the appointment and its
// check-in (a change of either moves both; leaving the door frees the rest of its time).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { bookFor, nextQuarter, zoneAtTenNow } from '../support/checkin-hub';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { doorHolders } from '../../functions/appointments';
import { fromMinutes, localDateTime, toMinutes } from '../../shared/time';

let api: TestApi;
let admin: Client;
let ops: Client;
let yard: Client;
let driver: Client;
const timeZone = zoneAtTenNow();
const local = () => localDateTime(new Date(), timeZone);

beforeAll(async () => {
  api = await startTestApi();
  [admin, ops, yard, driver] = [new Client(api.url), new Client(api.url), new Client(api.url), new Client(api.url)];
  await Promise.all([
    admin.signIn('admin'),
    ops.signIn('operations'),
    yard.signIn('yard_manager'),
    driver.signIn('driver'),
  ]);
  // Walk-ins arrive at the default facility: its clock is set where it is 10:xx now, open round the clock.
  const facility = (await admin.get(`/api/facilities/${DEMO_FACILITY_ID}`)).body;
  const edit = await admin.request('PATCH', `/api/facilities/${DEMO_FACILITY_ID}`, {
    body: { timeZone, operatingHoursStart: '00:00', operatingHoursEnd: '23:45', revision: facility.revision ?? 0 },
  });
  expect(edit.status, edit.text).toBe(200);
}, 60_000);
afterAll(() => api.close());

let doorCount = 0;
/** A new door of the default facility, so that no seeded booking holds it. */
async function newDoor(status = 'available') {
  const res = await ops.post('/api/dock-doors', {
    facilityId: DEMO_FACILITY_ID,
    doorNumber: `T${++doorCount}`,
    status,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; doorNumber: string };
}

/** The driver account's appointment today from the next quarter hour, an hour long, without a door unless given. */
const soon = (over: Record<string, unknown> = {}) => {
  const start = nextQuarter(local().time);
  return bookFor(ops, {
    facilityId: DEMO_FACILITY_ID,
    dockDoorId: null,
    scheduledDate: local().date,
    scheduledTimeStart: start,
    scheduledTimeEnd: fromMinutes(toMinutes(start) + 60),
    ...over,
  });
};
const quickCheckIn = (client: Client, appointmentId: string, dockDoorId?: string) =>
  client.post('/api/checkins', {
    appointmentId,
    driverName: 'Suresh Kumar',
    vehicleLicense: 'MH04AB1234',
    ...(dockDoorId ? { dockDoorId } : {}),
  });
const walkIn = (n: number, dockDoorId?: string) =>
  ops.post('/api/checkins/walk-in', {
    driverName: `Walk ${n}`,
    vehicleLicense: `MH12WK${String(n).padStart(4, '0')}`,
    carrierName: 'Roadways',
    ...(dockDoorId ? { dockDoorId } : {}),
  });
const assignDoor = (checkinId: string, dockDoorId: string) =>
  yard.request('PATCH', `/api/checkins/${checkinId}/door`, { body: { dockDoorId } });
const appointmentStatus = (id: string, status: string) =>
  yard.request('PATCH', `/api/appointments/${id}/status`, { body: { status } });
const checkinStatus = (id: string, status: string) =>
  yard.request('PATCH', `/api/checkins/${id}/status`, { body: { status } });
const checkinOf = async (appointmentId: string) =>
  (await ops.get('/api/checkins')).body.find((c: { appointmentId: string }) => c.appointmentId === appointmentId);
const holdersAllDay = (doorId: string) => doorHolders('demo', DEMO_FACILITY_ID, doorId, local().date, '00:00', '23:45');
const yardDoor = async (doorId: string) =>
  (await ops.get('/api/yard/overview')).body.doors.find((d: { id: string }) => d.id === doorId);

describe('one door rule', () => {
  it('lets one truck at a door when 50 quick check-ins, walk-ins and door assignments race for 3 doors', async () => {
    // Prepare: 3 doors; 20 appointments to check in with a door; 15 trucks checked in without one.
    const doors = [await newDoor(), await newDoor(), await newDoor()];
    const toCheckIn = [];
    for (let i = 0; i < 20; i++) toCheckIn.push(await soon());
    const waiting = [];
    for (let i = 0; i < 15; i++) {
      const res = await quickCheckIn(ops, (await soon()).id);
      expect(res.status, res.text).toBe(201);
      waiting.push(res.body);
    }
    // Act
    const results = await Promise.all([
      ...toCheckIn.map((a, i) => quickCheckIn(ops, a.id, doors[i % 3]!.id)),
      ...Array.from({ length: 15 }, (_, i) => walkIn(i + 1, doors[i % 3]!.id)),
      ...waiting.map((c, i) => assignDoor(c.id, doors[i % 3]!.id)),
    ]);
    // Assess: every answer is a success or a clear 409 naming the door.
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s !== 200 && s !== 201 && s !== 409),
      JSON.stringify(results.filter((r) => r.status >= 400 && r.status !== 409).map((r) => r.body)),
    ).toEqual([]);
    const numbers = doors.map((d) => d.doorNumber).join('|');
    for (const loser of results.filter((r) => r.status === 409)) {
      expect(loser.body.message).toMatch(
        new RegExp(`^Door (${numbers}) is (already booked at this time|in use by another truck)$`),
      );
      expect(loser.body.errors.dockDoorId).toBe(loser.body.message);
    }
    expect(results.filter((r) => r.status < 300)).toHaveLength(3);
    // The stored check-ins, appointments and door blocks: exactly one truck per door.
    const checkins = (await ops.get('/api/checkins')).body as {
      appointmentId: string;
      dockDoorId: string | null;
      status: string;
    }[];
    const appointments = (await ops.get(`/api/appointments?date=${local().date}&facilityId=${DEMO_FACILITY_ID}`))
      .body as { id: string; dockDoorId: string | null; status: string }[];
    for (const door of doors) {
      const atDoor = checkins.filter((c) => c.dockDoorId === door.id);
      expect(atDoor).toHaveLength(1);
      const booked = appointments.filter((a) => a.dockDoorId === door.id);
      expect(booked.map((a) => [a.id, a.status])).toEqual([[atDoor[0]!.appointmentId, 'arrived']]);
      expect(await holdersAllDay(door.id)).toEqual([atDoor[0]!.appointmentId]);
    }
    // A losing quick check-in changed nothing: its appointment is still scheduled, without a door or check-in.
    const lostCheckIns = toCheckIn.filter((_, i) => results[i]!.status === 409);
    expect(lostCheckIns.length).toBeGreaterThan(0);
    for (const a of lostCheckIns) {
      expect((await ops.get(`/api/appointments/${a.id}`)).body).toMatchObject({
        status: 'scheduled',
        dockDoorId: null,
      });
      expect(checkins.some((c) => c.appointmentId === a.id)).toBe(false);
    }
  }, 120_000);

  it('refuses a door under maintenance on every path, in English and Hindi, and changes nothing', async () => {
    const broken = await newDoor('maintenance');
    const text = `Door ${broken.doorNumber} is under maintenance`;
    const a = await soon();
    const waitingCheckin = (await quickCheckIn(ops, (await soon()).id)).body;
    const tomorrow = new Date(Date.now() + 86_400_000);
    const refused = [
      await ops.post('/api/appointments', {
        facilityId: DEMO_FACILITY_ID,
        carrierId: 'carrier-sahyadri',
        scheduledDate: localDateTime(tomorrow, timeZone).date,
        scheduledTimeStart: '09:00',
        scheduledTimeEnd: '10:00',
        dockDoorId: broken.id,
      }),
      await quickCheckIn(ops, a.id, broken.id),
      await walkIn(99, broken.id),
      await assignDoor(waitingCheckin.id, broken.id),
    ];
    expect(refused.map((r) => [r.status, r.body.message])).toEqual(Array(4).fill([409, text]));
    const hindi = await ops.post(
      '/api/checkins',
      { appointmentId: a.id, driverName: 'Suresh Kumar', vehicleLicense: 'MH04AB1234', dockDoorId: broken.id },
      { headers: { 'accept-language': 'hi' } },
    );
    expect(hindi.body.message).toBe(`डॉक ${broken.doorNumber} रखरखाव में है`);
    expect((await ops.get(`/api/appointments/${a.id}`)).body).toMatchObject({ status: 'scheduled', dockDoorId: null });
    expect(await checkinOf(a.id)).toBeUndefined();
    expect((await checkinOf(waitingCheckin.appointmentId)).dockDoorId).toBeNull();
    expect(await holdersAllDay(broken.id)).toEqual([]);
  });

  it('refuses a door the driver picks at check-in (the yard assigns doors), in English and Hindi', async () => {
    const door = await newDoor();
    const a = await soon();
    const picked = await quickCheckIn(driver, a.id, door.id);
    expect([picked.status, picked.body.message]).toEqual([403, 'Only facility staff can assign a dock door']);
    const hindi = await driver.post(
      '/api/checkins',
      { appointmentId: a.id, driverName: 'Suresh Kumar', vehicleLicense: 'MH04AB1234', dockDoorId: door.id },
      { headers: { 'accept-language': 'hi' } },
    );
    expect(hindi.body.message).toBe('केवल सुविधा कर्मचारी डॉक दरवाज़ा दे सकते हैं');
    expect(await holdersAllDay(door.id)).toEqual([]);
    // Without a door, the driver checks in.
    expect((await quickCheckIn(driver, a.id)).status).toBe(201);
  });

  it("refuses a door while another truck stands at it, even after that truck's booked time", async () => {
    const door = await newDoor();
    const first = await soon();
    expect((await quickCheckIn(ops, first.id, door.id)).status).toBe(201);
    // A later appointment whose window does not overlap: the door's blocks are free, the truck is not gone.
    const start = fromMinutes(toMinutes(first.scheduledTimeEnd) + 15);
    const later = await soon({ scheduledTimeStart: start, scheduledTimeEnd: fromMinutes(toMinutes(start) + 30) });
    const refused = await quickCheckIn(ops, later.id, door.id);
    expect([refused.status, refused.body.message]).toEqual([409, `Door ${door.doorNumber} is in use by another truck`]);
  });
});

describe('one on-site flow', () => {
  it('frees the door when the truck departs: the rest of its window can be booked, the yard shows it free', async () => {
    const door = await newDoor();
    const a = await soon();
    const checkin = (await quickCheckIn(ops, a.id, door.id)).body;
    expect((await yardDoor(door.id)).status).toBe('occupied');
    const rest = {
      scheduledTimeStart: fromMinutes(toMinutes(a.scheduledTimeStart) + 15),
      scheduledTimeEnd: a.scheduledTimeEnd,
    };
    const refusedWhileThere = await ops.post('/api/appointments', {
      facilityId: DEMO_FACILITY_ID,
      carrierId: 'carrier-sahyadri',
      scheduledDate: a.scheduledDate,
      ...rest,
      dockDoorId: door.id,
    });
    expect(refusedWhileThere.status).toBe(409);
    // Act
    const departed = await checkinStatus(checkin.id, 'departed');
    // Assess
    expect(departed.status, departed.text).toBe(200);
    expect((await ops.get(`/api/appointments/${a.id}`)).body).toMatchObject({
      status: 'departed',
      departedAt: expect.any(String),
    });
    expect((await yardDoor(door.id)).status).toBe('available');
    expect(await holdersAllDay(door.id)).toEqual([]);
    const booked = await ops.post('/api/appointments', {
      facilityId: DEMO_FACILITY_ID,
      carrierId: 'carrier-sahyadri',
      scheduledDate: a.scheduledDate,
      ...rest,
      dockDoorId: door.id,
    });
    expect(booked.status, booked.text).toBe(201);
  });

  it("moves the check-in with the appointment's status, and the appointment with the check-in's", async () => {
    const door = await newDoor();
    const a = await soon();
    const checkin = (await quickCheckIn(ops, a.id, door.id)).body;
    // The appointment starts loading: its check-in is loading too (at the dock from then).
    expect((await appointmentStatus(a.id, 'loading')).status).toBe(200);
    expect(await checkinOf(a.id)).toMatchObject({ status: 'loading', atDockAt: expect.any(String) });
    // The check-in completes: the appointment is over and the door free; the check-in then departs.
    expect((await checkinStatus(checkin.id, 'completed')).status).toBe(200);
    expect((await ops.get(`/api/appointments/${a.id}`)).body.status).toBe('departed');
    expect((await yardDoor(door.id)).status).toBe('available');
    expect((await checkinStatus(checkin.id, 'departed')).status).toBe(200);
    // A departed appointment moves no more, from either side.
    const again = await appointmentStatus(a.id, 'departed');
    expect([again.status, again.body.message]).toEqual([409, 'The appointment is already departed']);
    expect((await checkinStatus(checkin.id, 'loading')).body.message).toBe(
      'A check-in that is departed cannot become loading',
    );
  });

  it('departs the check-in when the appointment is marked departed', async () => {
    const a = await soon();
    const checkin = (await quickCheckIn(ops, a.id)).body;
    expect((await appointmentStatus(a.id, 'unloading')).status).toBe(200);
    expect((await appointmentStatus(a.id, 'departed')).status).toBe(200);
    expect(await checkinOf(a.id)).toMatchObject({ id: checkin.id, status: 'departed', departedAt: expect.any(String) });
  });
});
