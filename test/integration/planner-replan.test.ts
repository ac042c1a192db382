// Automatic re-planning through the real local HTTP path (issue #58.2): a facility turns it on (its
// planner settings, GET/PUT /api/planner/settings); a trip's new ETA that makes its truck late or early
// (written as the trip watch writes it) is read from the table's stream by the 'planner-replan' worker,
// which asks for a proposal of the day; 'planner-proposals' solves it and applies it by itself to the
// trucks still on their way (booked, not checked in), never to a truck that has checked in. An unload
// past its length re-plans its day once (the 'planner-overruns' watch, run here at a chosen instant).
// Each case has a facility of its own where it is 10:xx now, open round the clock; the expected doors
// and starts are worked out by hand in each case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { signInAsAcmeAdmin } from '../support/tenancy';
import { waitFor } from '../support/wait-for';
import { nextQuarter, zoneAtTenNow } from '../support/checkin-hub';
import { saveTrip, type Trip } from '../../functions/trips/trip.store';
import { watchOverruns } from '../../functions/planner/replan';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { listAudit } from '../../functions/lib/audit';
import { fromMinutes, instantOf, localDateTime, toMinutes } from '../../shared/time';
import type { PlanProposal } from '../../shared/contracts/planner';

let api: TestApi;
let staff: Client;
let outsider: Client;
const zone = zoneAtTenNow();
const today = localDateTime(new Date(), zone).date;
let plates = 0;

beforeAll(async () => {
  api = await startTestApi({ workers: ['planner-proposals', 'planner-replan'] });
  staff = new Client(api.url);
  outsider = new Client(api.url);
  await staff.signIn('admin');
  await signInAsAcmeAdmin(outsider);
}, 120_000);
afterAll(async () => api?.close());

/** A facility where it is 10:xx now, open 00:00-23:45, with the doors named; re-planning itself when `auto`. */
async function hub(name: string, doorNumbers: string[], auto = true) {
  const created = await staff.post('/api/facilities', {
    name: `${name} ${Date.now()}`,
    address: 'Plot 7, MIDC',
    operatingHoursStart: '00:00',
    operatingHoursEnd: '23:45',
    timeZone: zone,
  });
  expect(created.status, created.text).toBe(201);
  const doors: Record<string, string> = {};
  for (const doorNumber of doorNumbers) {
    const door = await staff.post('/api/dock-doors', { facilityId: created.body.id, doorNumber });
    expect(door.status, door.text).toBe(201);
    doors[doorNumber] = door.body.id;
  }
  const id = created.body.id as string;
  if (auto) {
    const on = await staff.request('PUT', `/api/planner/settings?facilityId=${id}`, { body: { autoReplan: true } });
    expect(on.status, on.text).toBe(200);
  }
  return { id, doors };
}

async function book(facilityId: string, start: string, end: string, dockDoorId?: string): Promise<string> {
  const res = await staff.post('/api/appointments', {
    facilityId,
    carrierId: 'carrier-sahyadri',
    scheduledDate: today,
    scheduledTimeStart: start,
    scheduledTimeEnd: end,
    vehicleLicense: `MH14RP${String(++plates).padStart(4, '0')}`,
    ...(dockDoorId ? { dockDoorId } : {}),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** The trip watch's estimate of a truck's arrival at `time` today, written as the watch writes it. */
async function etaAt(facilityId: string, appointmentId: string, start: string, end: string, time: string) {
  const eta = instantOf(today, time, zone).toISOString();
  await saveTrip({
    tenantId: DEMO_TENANT_ID,
    appointmentId,
    facilityId,
    scheduledDate: today,
    scheduledTimeStart: start,
    scheduledTimeEnd: end,
    state: 'on_time',
    estimate: { eta, low: eta, high: eta, confidence: 'high', basis: 'class_default', heldByNoEntry: false },
  } as unknown as Trip);
}

const latest = async (facilityId: string) =>
  (await staff.get(`/api/planner/proposals/latest?facilityId=${facilityId}&date=${today}`)).body
    .proposal as PlanProposal | null;

/** Waits for the facility day's automatic proposal to be solved and applied (its first truck's outcome). */
const appliedReplan = (facilityId: string, truckId: string) =>
  waitFor(
    () => latest(facilityId),
    (p) => Boolean(p?.trucks.find((t) => t.appointmentId === truckId)?.applied),
    'the automatic re-plan to be applied',
    60_000,
  ) as Promise<PlanProposal>;

const appointment = async (id: string) => (await staff.get(`/api/appointments/${id}`)).body;
const truck = (p: PlanProposal, id: string) => p.trucks.find((t) => t.appointmentId === id)!;

describe('planner settings', () => {
  it('are off by default, turned on and off at the revision read, and refuse bad input changing nothing', async () => {
    const f = await hub('Settings Hub', ['S1'], false);
    const path = `/api/planner/settings?facilityId=${f.id}`;
    expect((await staff.get(path)).body).toMatchObject({ facilityId: f.id, autoReplan: false, revision: 0 });

    const bad = await staff.request('PUT', path, { body: { autoReplan: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ autoReplan: 'Automatic re-planning must be on or off' });
    const hindi = await staff.request('PUT', path, { body: {}, headers: { 'accept-language': 'hi' } });
    expect(hindi.status).toBe(400);
    expect(hindi.body.errors).toEqual({ autoReplan: 'अपने-आप दोबारा योजना चालू या बंद होनी चाहिए' });
    const noFacility = await staff.request('PUT', '/api/planner/settings', { body: { autoReplan: true } });
    expect(noFacility.status).toBe(400);
    expect((await staff.get(path)).body).toMatchObject({ autoReplan: false, revision: 0, updatedAt: null });

    const on = await staff.request('PUT', path, { body: { autoReplan: true, revision: 0 } });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toMatchObject({ facilityId: f.id, autoReplan: true, revision: 1, updatedBy: 'admin' });
    // A form loaded before that change is refused, with the settings as they are now.
    const stale = await staff.request('PUT', path, { body: { autoReplan: false, revision: 0 } });
    expect(stale.status).toBe(409);
    const off = await staff.request('PUT', path, { body: { autoReplan: false, revision: 1 } });
    expect(off.body).toMatchObject({ autoReplan: false, revision: 2 });
    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'planner-settings', entityId: f.id });
    expect(trail.map((e) => e.action)).toEqual(['planner.settings', 'planner.settings']);
  });

  it("refuses another tenant's facility", async () => {
    const f = await hub('Own Settings Hub', ['O1'], false);
    const path = `/api/planner/settings?facilityId=${f.id}`;
    expect((await outsider.get(path)).status).toBe(404);
    expect((await outsider.request('PUT', path, { body: { autoReplan: true } })).status).toBe(404);
    expect((await staff.get(path)).body).toMatchObject({ autoReplan: false, revision: 0 });
  });
});

describe('automatic re-planning', () => {
  it('a truck turning late re-plans its day and the plan is applied: the next truck takes its door', async () => {
    // P1 and P2. A is booked 12:00-13:00 at P1; B (12:00-13:00) has no door; C (12:00-13:00) holds P2.
    // A's ETA turns 14:00 (late by 120 min): the plan sends B to P1 at 12:00 and keeps A at P1 from 14:00
    // (when it arrives); C stays. A and B are on their way, so both are applied by themselves.
    const f = await hub('Late Replan Hub', ['P1', 'P2']);
    const a = await book(f.id, '12:00', '13:00', f.doors.P1);
    const b = await book(f.id, '12:00', '13:00');
    const c = await book(f.id, '12:00', '13:00', f.doors.P2);
    await etaAt(f.id, a, '12:00', '13:00', '14:00');
    const proposal = await appliedReplan(f.id, a);
    expect(proposal.trigger).toEqual({
      cause: 'late',
      appointmentId: a,
      bookingReference: expect.any(String),
      at: '14:00',
    });
    expect(proposal.createdBy).toBeNull();
    expect(truck(proposal, a).applied).toMatchObject({ outcome: 'applied', reason: null });
    expect(truck(proposal, b).applied).toMatchObject({ outcome: 'applied', reason: null });
    expect(truck(proposal, c).applied).toBeUndefined();
    expect(await appointment(a)).toMatchObject({ doorNumber: 'P1', doorTime: { start: '14:00', end: '15:00' } });
    expect(await appointment(b)).toMatchObject({ doorNumber: 'P1', doorTime: null });
    expect(await appointment(c)).toMatchObject({ doorNumber: 'P2' });
    // Applied by the system, audited as every door change is.
    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'appointment', entityId: b });
    expect(trail.find((e) => e.action === 'appointment.door-planned')).toMatchObject({
      actorId: null,
      actorName: null,
    });
  });

  it('an early truck takes a free door; a truck that has checked in is left for staff', async () => {
    // Q1 and Q2. F holds Q1 11:00-14:00; E is booked 13:00-14:00 without a door. H is booked from the next
    // quarter hour without a door and checks in now: it waits in holding (it has been called).
    // E's ETA turns 11:30 (early by 90 min): the plan starts E at 11:30 at Q2, applied by itself.
    // H is given a door in the proposal too, but it has checked in: it keeps no door until staff apply it.
    const f = await hub('Early Replan Hub', ['Q1', 'Q2']);
    await book(f.id, '11:00', '14:00', f.doors.Q1);
    const e = await book(f.id, '13:00', '14:00');
    const start = nextQuarter(localDateTime(new Date(), zone).time);
    const h = await book(f.id, start, fromMinutes(toMinutes(start) + 30));
    const checkin = await staff.post('/api/checkins', {
      appointmentId: h,
      driverName: 'Holding Driver',
      vehicleLicense: 'MH14HD0001',
    });
    expect(checkin.status, checkin.text).toBe(201);
    await etaAt(f.id, e, '13:00', '14:00', '11:30');
    const proposal = await appliedReplan(f.id, e);
    expect(proposal.trigger).toMatchObject({ cause: 'early', appointmentId: e, at: '11:30' });
    expect(truck(proposal, e)).toMatchObject({ changed: true, proposed: { doorNumber: 'Q2', start: '11:30' } });
    expect(truck(proposal, e).applied).toMatchObject({ outcome: 'applied' });
    expect(await appointment(e)).toMatchObject({ doorNumber: 'Q2', doorTime: { start: '11:30', end: '12:30' } });
    expect(truck(proposal, h)).toMatchObject({ state: 'holding', changed: true });
    expect(truck(proposal, h).applied).toBeUndefined();
    expect(await appointment(h)).toMatchObject({ status: 'arrived', dockDoorId: null });
  });

  it('an on-time ETA, or a facility that has not turned it on, re-plans nothing', async () => {
    // G1: re-planning off, a truck late by 2 h. N1: on, a truck 10 min late (under 15). Then, at N1, a
    // second truck late by 60 min: the stream is handled in order, so once its re-plan is there the
    // others were handled (and made none).
    const off = await hub('Off Replan Hub', ['G1'], false);
    const late = await book(off.id, '12:00', '13:00', off.doors.G1);
    await etaAt(off.id, late, '12:00', '13:00', '14:00');
    const on = await hub('On Time Hub', ['N1']);
    const onTime = await book(on.id, '12:00', '13:00', on.doors.N1);
    await etaAt(on.id, onTime, '12:00', '13:00', '12:10');
    const later = await book(on.id, '15:00', '16:00', on.doors.N1);
    await etaAt(on.id, later, '15:00', '16:00', '16:00');
    const proposal = await appliedReplan(on.id, later);
    expect(proposal.trigger).toMatchObject({ cause: 'late', appointmentId: later });
    expect(await latest(off.id)).toBeNull();
    expect(await appointment(late)).toMatchObject({ doorNumber: 'G1' });
    expect((await appointment(late)).doorTime ?? null).toBeNull();
    // The same ETA again (the watch's next run) re-plans nothing more.
    await etaAt(on.id, later, '15:00', '16:00', '16:05');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await latest(on.id))?.id).toBe(proposal.id);
  });

  it('an unload past its length re-plans its day once', async () => {
    // X1 and X2. U is booked from the next quarter hour for 60 min at X1, checks in and starts unloading
    // now. Two hours on, its unload has overrun: the watch asks for a plan of the day, once.
    const f = await hub('Overrun Hub', ['X1', 'X2']);
    const start = nextQuarter(localDateTime(new Date(), zone).time);
    const u = await book(f.id, start, fromMinutes(toMinutes(start) + 60), f.doors.X1);
    const arrived = await staff.request('PATCH', `/api/appointments/${u}/status`, { body: { status: 'arrived' } });
    expect(arrived.status, arrived.text).toBe(200);
    const unloading = await staff.request('PATCH', `/api/appointments/${u}/status`, { body: { status: 'unloading' } });
    expect(unloading.status, unloading.text).toBe(200);
    // Not yet past its length: nothing.
    await watchOverruns(new Date());
    expect(await latest(f.id)).toBeNull();
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect(await watchOverruns(later)).toBeGreaterThanOrEqual(1);
    const proposal = await waitFor(
      () => latest(f.id),
      (p) => p?.status === 'ready',
      'the overrun re-plan to be solved',
      60_000,
    );
    expect(proposal!.trigger).toEqual({
      cause: 'overrun',
      appointmentId: u,
      bookingReference: expect.any(String),
      at: localDateTime(new Date(Date.parse((await appointment(u)).loadingStartedAt) + 60 * 60_000), zone).time,
    });
    // U stands at its door: the plan keeps it there, unapplied.
    expect(truck(proposal!, u)).toMatchObject({ state: 'atDoor', changed: false });
    // Noticed once: the next run asks for nothing more.
    await watchOverruns(new Date(later.getTime() + 5 * 60_000));
    expect((await latest(f.id))?.id).toBe(proposal!.id);
  });
});
