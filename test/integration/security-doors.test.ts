// Issue #52.5 through the real local HTTP path: one truck per door in every case. A check-in that
// keeps its booked door meets the truck still standing there; a late truck given a door holds it from
// now, not its booked window; and trucks racing for a door are decided by the door's occupant record
// (a conditional write), not by a read of the eventually consistent at-door index. A truck on time
// after its window began is given the door without the quarter gone by, which another truck held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { bookFor, nextQuarter } from '../support/checkin-hub';
import { doorHolders } from '../../functions/appointments';
import { runCallForward } from '../../functions/holding/call-forward.worker';
import { fromMinutes, instantOf, localDateTime, toMinutes } from '../../shared/time';

let api: TestApi;
let admin: Client;
let ops: Client;
let yard: Client;

beforeAll(async () => {
  api = await startTestApi();
  [admin, ops, yard] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  await admin.signIn('admin');
  await ops.signIn('operations');
  await yard.signIn('yard_manager');
}, 180_000);
afterAll(() => api.close());

/** The whole-hour time zone in which it is `hour`:xx now (Etc/GMT-N is N hours ahead of UTC). */
function zoneAt(hour: number, now = new Date()): string {
  let offset = (10 - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  offset -= 10 - hour; // the same day, `10 - hour` hours earlier than where it is 10:xx
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

let hubs = 0;
/** A new facility open round the clock where it is `hour`:xx now, with doors D, E and F. */
async function hub(hour: number) {
  const created = await admin.post('/api/facilities', {
    name: `Door Hub ${++hubs}`,
    address: 'Plot 2, MIDC',
    operatingHoursStart: '00:00',
    operatingHoursEnd: '23:45',
    timeZone: zoneAt(hour),
  });
  expect(created.status, created.text).toBe(201);
  const facility = created.body as { id: string; revision?: number; timeZone: string };
  const door = async (doorNumber: string) =>
    (await ops.post('/api/dock-doors', { facilityId: facility.id, doorNumber, status: 'available' })).body as {
      id: string;
      doorNumber: string;
    };
  return { facility, d: await door('D'), e: await door('E'), f: await door('F') };
}

const at = (start: string, minutes: number) => fromMinutes(toMinutes(start) + minutes);
const checkIn = (appointmentId: string, dockDoorId?: string) =>
  ops.post('/api/checkins', {
    appointmentId,
    driverName: 'Suresh Kumar',
    vehicleLicense: 'MH04AB1234',
    ...(dockDoorId ? { dockDoorId } : {}),
  });
const checkinsAt = async (doorId: string) =>
  ((await ops.get('/api/checkins')).body as { dockDoorId: string | null; appointmentId: string; status: string }[])
    .filter((c) => c.dockDoorId === doorId && c.status !== 'departed' && c.status !== 'completed')
    .map((c) => c.appointmentId);

describe('one truck per door', () => {
  it('refuses door D to truck A, late for 08:00-09:00, when truck B is booked on D from now; B then checks in at D', async () => {
    // Prepare: booked while it is 07:xx at the hub; then the hub's clock is where it is 10:xx now.
    const { facility, d, e } = await hub(7);
    const date = localDateTime(new Date(), facility.timeZone).date;
    const a = await bookFor(ops, {
      facilityId: facility.id,
      scheduledDate: date,
      scheduledTimeStart: '08:00',
      scheduledTimeEnd: '09:00',
    });
    const now = localDateTime(new Date(), zoneAt(10)).time; // 10:xx
    const q = fromMinutes(Math.floor(toMinutes(now) / 15) * 15); // the quarter hour under way: 10:30 at 10:30
    const b = await bookFor(ops, {
      facilityId: facility.id,
      scheduledDate: date,
      scheduledTimeStart: q,
      scheduledTimeEnd: at(q, 60),
      dockDoorId: d.id,
    });
    const moved = await admin.request('PATCH', `/api/facilities/${facility.id}`, {
      body: { timeZone: zoneAt(10), revision: facility.revision ?? 0 },
    });
    expect(moved.status, moved.text).toBe(200);
    const refusal = `Door D is already booked at this time`;

    // Act + Assess: A is refused D at check-in, and when the yard gives it D afterwards.
    const givenAtCheckIn = await checkIn(a.id, d.id);
    expect([givenAtCheckIn.status, givenAtCheckIn.body.message]).toEqual([409, refusal]);
    const arrived = await checkIn(a.id);
    expect(arrived.status, arrived.text).toBe(201);
    const assigned = await yard.request('PATCH', `/api/checkins/${arrived.body.id}/door`, {
      body: { dockDoorId: d.id },
    });
    expect([assigned.status, assigned.body.message]).toEqual([409, refusal]);
    // Door E is free: A holds it from the quarter hour under way for its hour, not 08:00-09:00.
    const onE = await yard.request('PATCH', `/api/checkins/${arrived.body.id}/door`, { body: { dockDoorId: e.id } });
    expect(onE.status, onE.text).toBe(200);
    expect((await ops.get(`/api/appointments/${a.id}`)).body).toMatchObject({
      dockDoorId: e.id,
      doorTime: { date, start: q, end: at(q, 60) },
    });
    expect(await doorHolders('demo', facility.id, e.id, date, q, at(q, 60))).toEqual([a.id]);
    expect(await doorHolders('demo', facility.id, e.id, date, '08:00', '09:00')).toEqual([]);
    // B checks in at its booked door D: the one truck there.
    const bIn = await checkIn(b.id);
    expect(bIn.status, bIn.text).toBe(201);
    expect(await checkinsAt(d.id)).toEqual([b.id]);
    expect(await checkinsAt(e.id)).toEqual([a.id]);
  });

  it('refuses a check-in that keeps its booked door while the truck before it still stands there, on every path', async () => {
    // Prepare: X booked on F for the next quarter hour, Y right after it on F; X checks in (early) and stays.
    const { facility, f } = await hub(10);
    const local = localDateTime(new Date(), facility.timeZone);
    const nq = nextQuarter(local.time);
    const on = (start: string, minutes: number) =>
      bookFor(ops, {
        facilityId: facility.id,
        scheduledDate: local.date,
        scheduledTimeStart: start,
        scheduledTimeEnd: at(start, minutes),
        dockDoorId: f.id,
      });
    const x = await on(nq, 15);
    const y = await on(at(nq, 15), 60);
    const xIn = await checkIn(x.id);
    expect(xIn.status, xIn.text).toBe(201);
    const inUse = 'Door F is in use by another truck';

    // Act
    const byCheckIn = await checkIn(y.id);
    const byStatus = await yard.request('PATCH', `/api/appointments/${y.id}/status`, { body: { status: 'arrived' } });

    // Assess: refused on the door field, nothing changed; once X leaves, Y checks in at F.
    expect([byCheckIn.status, byCheckIn.body.message, byCheckIn.body.errors?.dockDoorId]).toEqual([409, inUse, inUse]);
    expect([byStatus.status, byStatus.body.message]).toEqual([409, inUse]);
    expect((await ops.get(`/api/appointments/${y.id}`)).body).toMatchObject({ status: 'scheduled', arrivedAt: null });
    expect(await checkinsAt(f.id)).toEqual([x.id]);
    const left = await yard.request('PATCH', `/api/checkins/${xIn.body.id}/status`, { body: { status: 'departed' } });
    expect(left.status, left.text).toBe(200);
    const yIn = await checkIn(y.id);
    expect(yIn.status, yIn.text).toBe(201);
    expect(await checkinsAt(f.id)).toEqual([y.id]);
  });

  it('lets exactly one of 6 trucks with windows that do not overlap check in at one door when they race for it', async () => {
    // Prepare: six quarter-hour appointments one after another, all open to check-in now; their door
    // blocks never collide, so only the door's occupant record can keep the other five out.
    const { facility, d } = await hub(10);
    const local = localDateTime(new Date(), facility.timeZone);
    const nq = nextQuarter(local.time);
    const trucks = [];
    for (let i = 0; i < 6; i++)
      trucks.push(
        await bookFor(ops, {
          facilityId: facility.id,
          scheduledDate: local.date,
          scheduledTimeStart: at(nq, 15 * i),
          scheduledTimeEnd: at(nq, 15 * i + 15),
        }),
      );

    // Act
    const results = await Promise.all(trucks.map((t) => checkIn(t.id, d.id)));

    // Assess
    const won = results.filter((r) => r.status === 201);
    expect(won, JSON.stringify(results.map((r) => [r.status, r.body.message]))).toHaveLength(1);
    for (const lost of results.filter((r) => r.status !== 201))
      expect([lost.status, lost.body.message]).toEqual([409, 'Door D is in use by another truck']);
    expect(await checkinsAt(d.id)).toEqual([won[0]!.body.appointmentId]);
    const appointments = await Promise.all(trucks.map(async (t) => (await ops.get(`/api/appointments/${t.id}`)).body));
    expect(appointments.filter((a) => a.dockDoorId === d.id).map((a) => a.id)).toEqual([won[0]!.body.appointmentId]);
    expect(appointments.filter((a) => a.status === 'scheduled')).toHaveLength(5);
  });

  it("calls a truck forward on time after its window began, though the quarter gone by was the missed truck's", async () => {
    // Prepare: G and H, booked 12:00-13:00 without a door, check in (early: it is 10:xx); the hub's
    // call forward is on, and D its one door in service. At 11:59:50 G is called to D (its quarters
    // 12:00-12:45) and does not come.
    const { facility, d, e, f } = await hub(10);
    for (const door of [e, f]) {
      const down = await ops.request('PATCH', `/api/facilities/${facility.id}/dock-doors/${door.id}`, {
        body: { status: 'maintenance' },
      });
      expect(down.status, down.text).toBe(200);
    }
    const date = localDateTime(new Date(), facility.timeZone).date;
    const noon = instantOf(date, '12:00', facility.timeZone).getTime();
    const on = await admin.request('PUT', `/api/holding/area?facilityId=${facility.id}`, {
      body: { name: 'Truck park', kind: 'on_site', callForward: true },
    });
    expect(on.status, on.text).toBe(200);
    const ids: string[] = [];
    for (const [carrierId, driverId] of [
      ['carrier-sahyadri', 'driver-suresh'],
      ['carrier-ganga', 'driver-ajay'],
    ]) {
      const booked = await bookFor(ops, {
        facilityId: facility.id,
        scheduledDate: date,
        scheduledTimeStart: '12:00',
        scheduledTimeEnd: '13:00',
        carrierId,
        driverId,
      });
      expect((await checkIn(booked.id)).status).toBe(201);
      ids.push(booked.id);
    }
    expect(await runCallForward(new Date(noon - 10_000))).toEqual({ facilities: 1, called: 1, missed: 0 });

    // Act: at 12:15:30 G's deadline has passed; H, 15 minutes after its start, is on time.
    const run = await runCallForward(new Date(noon + 15 * 60_000 + 30_000));

    // Assess: H is called to D and holds it from 12:15 for the rest of its window; 12:00-12:15 stays G's.
    expect(run).toEqual({ facilities: 1, called: 1, missed: 1 });
    const [gNow, hNow] = await Promise.all(ids.map(async (id) => (await ops.get(`/api/appointments/${id}`)).body));
    expect([gNow.dockDoorId, hNow.dockDoorId, hNow.doorTime ?? null]).toEqual([null, d.id, null]);
    expect(await doorHolders('demo', facility.id, d.id, date, '12:00', '12:15')).toEqual([gNow.id]);
    expect(await doorHolders('demo', facility.id, d.id, date, '12:15', '13:00')).toEqual([hNow.id]);
  });
});
