// Yard moves as tasks (issue #58.4) through the real local HTTP path and the 'yard-tasks' worker on the
// table's stream: at the demo hub (Bhiwandi: doors D01-D12, spots Y01-Y20 with Y02, Y05 and Y09 taken
// and Y14 under maintenance), a walk-in's trailer parked on a spot and given a door gets a spot -> door
// move; yard staff start and finish it and the yard view shows the trailer at its door; after its
// unloading the released door gets a door -> spot move to the free spot nearest the gate. Every
// expected door and spot is worked out by hand from the demo yard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { signInAsAcmeAdmin } from '../support/tenancy';
import { waitFor } from '../support/wait-for';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { makeYardTask } from '../support/yard-tasks';
import type { YardTask, YardTaskList } from '../../shared/contracts/yard';

let api: TestApi;
let admin: Client;
let yardStaff: Client;
let spectator: Client;
let driver: Client;
let outsider: Client;

beforeAll(async () => {
  api = await startTestApi({ workers: ['yard-tasks'] });
  admin = new Client(api.url);
  yardStaff = new Client(api.url);
  spectator = new Client(api.url);
  driver = new Client(api.url);
  outsider = new Client(api.url);
  await Promise.all([
    admin.signIn('admin'),
    yardStaff.signIn('yard_manager'),
    spectator.signIn('spectator'),
    driver.signIn('driver'),
  ]);
  await signInAsAcmeAdmin(outsider);
}, 120_000);
afterAll(async () => api?.close());

const TASKS = `/api/facilities/${DEMO_FACILITY_ID}/yard-tasks`;

async function tasks(): Promise<YardTaskList> {
  const res = await yardStaff.get(TASKS);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** A walk-in at the demo hub, its trailer parked on the spot, then given the door (as the plan's apply does). */
async function dropAndDoor(plate: string, spotId: string, dockDoorId: string) {
  const walkIn = await admin.post('/api/checkins/walk-in', {
    driverName: 'Yard Task Driver',
    vehicleLicense: plate,
    carrierName: 'Shree Tempo',
  });
  expect(walkIn.status, walkIn.text).toBe(201);
  const parked = await admin.request('PATCH', `/api/yard-spots/${spotId}/status`, {
    body: { status: 'occupied', assetId: plate },
  });
  expect(parked.status, parked.text).toBe(200);
  const door = await admin.request('PATCH', `/api/checkins/${walkIn.body.id}/door`, { body: { dockDoorId } });
  expect(door.status, door.text).toBe(200);
  return { checkinId: walkIn.body.id as string, appointmentId: walkIn.body.appointmentId as string };
}

async function overview() {
  const res = await yardStaff.get('/api/yard/overview');
  expect(res.status, res.text).toBe(200);
  const doors = res.body.doors as { doorNumber: string; status: string; assetId: string | null; move: unknown }[];
  const spots = res.body.spots as { spotNumber: string; status: string; currentAssetId: string | null }[];
  return {
    door: (n: string) => doors.find((d) => d.doorNumber === n)!,
    spot: (n: string) => spots.find((s) => s.spotNumber === n)!,
  };
}

describe('yard moves as tasks', () => {
  let toDoor: YardTask;
  let plate: string;
  let checkinId: string;

  it('a drop-trailer truck given a door gets a spot -> door task', async () => {
    // Prepare: trailers are not dropped until the hub says so (the default).
    const off = await tasks();
    expect(off).toEqual({ facilityId: DEMO_FACILITY_ID, dropTrailers: false, tasks: [] });
    const on = await admin.request('PUT', `/api/facilities/${DEMO_FACILITY_ID}/yard-settings`, {
      body: { dropTrailers: true },
    });
    expect(on.status, on.text).toBe(200);
    // Act: P1 parked on Y03 and given D01.
    plate = 'MH04YT0002';
    const dropped = await dropAndDoor(plate, 'spot-03', 'door-01');
    checkinId = dropped.checkinId;
    // Assess: one task, P1's.
    const list = await waitFor(tasks, (l) => l.tasks.length > 0, 'the spot -> door task');
    expect(list.dropTrailers).toBe(true);
    expect(list.tasks).toHaveLength(1);
    toDoor = list.tasks[0]!;
    expect(toDoor).toMatchObject({
      kind: 'to_door',
      state: 'open',
      appointmentId: dropped.appointmentId,
      assetId: plate,
      spotId: 'spot-03',
      spotNumber: 'Y03',
      dockDoorId: 'door-01',
      doorNumber: 'D01',
      startedAt: null,
      doneAt: null,
    });
    // The yard view: the trailer is still on Y03, D01 waits for it (no trailer shown at it yet).
    const before = await overview();
    expect(before.spot('Y03')).toMatchObject({ status: 'occupied', currentAssetId: plate });
    expect(before.door('D01')).toMatchObject({ assetId: null, move: { kind: 'to_door', spotNumber: 'Y03' } });
  });

  it('a task not started cannot be finished; a spectator and a driver may not start it', async () => {
    const early = await yardStaff.post(`/api/yard-tasks/${toDoor.id}/finish`, {});
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Start this yard task before finishing it');
    const watching = await spectator.post(`/api/yard-tasks/${toDoor.id}/start`, {});
    expect(watching.status).toBe(403);
    expect((await spectator.get(TASKS)).status).toBe(200);
    expect((await driver.post(`/api/yard-tasks/${toDoor.id}/start`, {})).status).toBe(403);
    expect((await driver.get(TASKS)).status).toBe(403);
    expect((await tasks()).tasks[0]!.state).toBe('open');
  });

  it("another tenant's admin finds neither the task nor the hub's list", async () => {
    const start = await outsider.post(`/api/yard-tasks/${toDoor.id}/start`, {});
    expect(start.status).toBe(404);
    expect(start.body.message).toBe('Yard task not found');
    expect((await outsider.get(TASKS)).status).toBe(404);
    expect((await tasks()).tasks[0]!.state).toBe('open');
  });

  it('yard staff start and finish it: the trailer leaves Y03 and stands at D01; finishing twice is refused', async () => {
    const started = await yardStaff.post(`/api/yard-tasks/${toDoor.id}/start`, {});
    expect(started.status, started.text).toBe(200);
    expect(started.body).toMatchObject({ state: 'started', startedBy: 'yard_manager' });
    const again = await yardStaff.post(`/api/yard-tasks/${toDoor.id}/start`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This yard task has already been started');

    const done = await yardStaff.post(`/api/yard-tasks/${toDoor.id}/finish`, {});
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ state: 'done', doneBy: 'yard_manager' });
    const after = await overview();
    expect(after.spot('Y03')).toMatchObject({ status: 'empty', currentAssetId: null });
    expect(after.door('D01')).toMatchObject({ status: 'occupied', assetId: plate, move: null });

    const twice = await yardStaff.post(`/api/yard-tasks/${toDoor.id}/finish`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This yard task is already done');
    const hindi = await yardStaff.request('POST', `/api/yard-tasks/${toDoor.id}/finish`, {
      body: {},
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.status).toBe(409);
    expect(hindi.body.message).toBe('यार्ड का यह काम पहले ही पूरा हो चुका है');
  });

  it('unloaded, its released door gets a door -> spot task to Y01 (the free spot nearest the gate)', async () => {
    for (const status of ['unloading', 'completed']) {
      const moved = await admin.request('PATCH', `/api/checkins/${checkinId}/status`, { body: { status } });
      expect(moved.status, moved.text).toBe(200);
    }
    const list = await waitFor(tasks, (l) => l.tasks.some((t) => t.kind === 'to_spot'), 'the door -> spot task');
    const back = list.tasks.find((t) => t.kind === 'to_spot')!;
    expect(back).toMatchObject({ state: 'open', assetId: plate, spotNumber: 'Y01', doorNumber: 'D01' });
    // The trailer stands at D01 until it is moved, though the appointment has left.
    expect((await overview()).door('D01')).toMatchObject({ status: 'occupied', assetId: plate });

    expect((await yardStaff.post(`/api/yard-tasks/${back.id}/start`, {})).status).toBe(200);
    const done = await yardStaff.post(`/api/yard-tasks/${back.id}/finish`, {});
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ state: 'done', spotNumber: 'Y01' });
    const after = await overview();
    expect(after.spot('Y01')).toMatchObject({ status: 'occupied', currentAssetId: plate });
    expect(after.door('D01')).toMatchObject({ status: 'available', move: null });
    // Both moves are done; the list shows them below the (now no) open ones, newest first.
    expect((await tasks()).tasks.map((t) => `${t.kind} ${t.state}`)).toEqual(['to_spot done', 'to_door done']);
  });

  it('a hub that does not drop trailers gets no move; a released door cancels a move to it not yet done', async () => {
    // Prepare: the hub stops dropping trailers; P3 is parked on Y04 and given D02.
    const off = await admin.request('PUT', `/api/facilities/${DEMO_FACILITY_ID}/yard-settings`, {
      body: { dropTrailers: false },
    });
    expect(off.status, off.text).toBe(200);
    const live = await dropAndDoor('MH04YT0003', 'spot-04', 'door-02');
    // P4 given D03 (no move either) and a move to D03 left open (as one made before the hub stopped).
    const leaving = await dropAndDoor('MH04YT0004', 'spot-06', 'door-03');
    const stale = await makeYardTask(DEMO_TENANT_ID, DEMO_FACILITY_ID, 'open', {
      appointmentId: leaving.appointmentId,
      assetId: 'MH04YT0004',
      dockDoorId: 'door-03',
      doorNumber: 'D03',
    });
    // Act: P4 leaves without its trailer reaching the door.
    const gone = await admin.request('PATCH', `/api/checkins/${leaving.checkinId}/status`, {
      body: { status: 'departed' },
    });
    expect(gone.status, gone.text).toBe(200);
    // Assess: the stale move is cancelled; the stream brought P3's and P4's door changes before, so
    // neither made a move.
    const list = await waitFor(
      tasks,
      (l) => l.tasks.some((t) => t.id === stale && t.state === 'cancelled'),
      'the stale move cancelled',
    );
    expect(list.dropTrailers).toBe(false);
    expect(list.tasks.filter((t) => [live.appointmentId, leaving.appointmentId].includes(t.appointmentId))).toEqual([
      expect.objectContaining({ id: stale, state: 'cancelled' }),
    ]);
    const refused = await yardStaff.post(`/api/yard-tasks/${stale}/start`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This yard task was cancelled');
  });
});
