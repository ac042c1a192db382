// The door plan's proposals through the real local HTTP path (issue #58.2): staff ask for a plan of a
// facility's day, the 'planner-proposals' worker solves it (HiGHS), staff read it beside today's plan
// and apply it, each change through the appointments' door rule. Each case has a facility of its own
// where it is 10:xx now (open round the clock), so every time below is in the future of the plan's
// moment; the expected doors and starts are worked out by hand in each case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { signInAsAcmeAdmin } from '../support/tenancy';
import { waitFor } from '../support/wait-for';
import { nextQuarter, zoneAtTenNow } from '../support/checkin-hub';
import { saveTrip, type Trip } from '../../functions/trips/trip.store';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { listAudit } from '../../functions/lib/audit';
import { fromMinutes, instantOf, localDateTime, toMinutes } from '../../shared/time';
import type { PlanProposal, ProposalTruck } from '../../shared/contracts/planner';

let api: TestApi;
let staff: Client;
let outsider: Client;
const zone = zoneAtTenNow();
const today = localDateTime(new Date(), zone).date;
let plates = 0;

beforeAll(async () => {
  api = await startTestApi({ workers: ['planner-proposals'] });
  staff = new Client(api.url);
  outsider = new Client(api.url);
  await staff.signIn('admin');
  await signInAsAcmeAdmin(outsider);
}, 120_000);
afterAll(async () => api?.close());

/** A facility where it is 10:xx now, open 00:00-23:45, with the doors named. */
async function hub(name: string, doorNumbers: string[]) {
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
  return { id: created.body.id as string, doors };
}

/** A staff booking today at the facility (at a door when one is named); its id. */
async function book(facilityId: string, start: string, end: string, dockDoorId?: string): Promise<string> {
  const res = await staff.post('/api/appointments', {
    facilityId,
    carrierId: 'carrier-sahyadri',
    scheduledDate: today,
    scheduledTimeStart: start,
    scheduledTimeEnd: end,
    vehicleLicense: `MH12PL${String(++plates).padStart(4, '0')}`,
    ...(dockDoorId ? { dockDoorId } : {}),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** The trip watch's estimate of a truck's arrival at `time` today (the facility's clock). */
async function etaAt(appointmentId: string, time: string) {
  const eta = instantOf(today, time, zone).toISOString();
  await saveTrip({
    tenantId: DEMO_TENANT_ID,
    appointmentId,
    estimate: { eta, low: eta, high: eta, confidence: 'high', basis: 'class_default', heldByNoEntry: false },
  } as unknown as Trip);
}

/** Asks for the plan of the facility's day and waits for the worker to solve it. */
async function solved(facilityId: string): Promise<PlanProposal> {
  const asked = await staff.post('/api/planner/proposals', { facilityId, date: today });
  expect(asked.status, asked.text).toBe(202);
  expect(asked.body.status).toBe('solving');
  return waitFor(
    async () => (await staff.get(`/api/planner/proposals/${asked.body.id}`)).body as PlanProposal,
    (p) => p.status !== 'solving',
    'the proposal to be solved',
    60_000,
  );
}

const truck = (p: PlanProposal, id: string) => p.trucks.find((t) => t.appointmentId === id)!;
const placedAt = (t: ProposalTruck) => ({ door: t.proposed?.doorNumber, start: t.proposed?.start });
const appointment = async (id: string) => (await staff.get(`/api/appointments/${id}`)).body;

describe('door plan proposals', () => {
  it('a late truck frees its door for the next, and applying moves both through the door rule', async () => {
    // P1 and P2. A is booked 12:00-13:00 at P1 but its ETA is 14:00; B (12:00-13:00) has no door; C
    // (12:00-13:00) holds P2. Best: B takes P1 at 12:00 (no wait), A comes to P1 at 14:00 when it arrives
    // (kept at its told door), C stays. First-free would have B wait for C's door till 13:00.
    const f = await hub('Late Hub', ['P1', 'P2']);
    const a = await book(f.id, '12:00', '13:00', f.doors.P1);
    const b = await book(f.id, '12:00', '13:00');
    const c = await book(f.id, '12:00', '13:00', f.doors.P2);
    await etaAt(a, '14:00');
    const proposal = await solved(f.id);
    expect(proposal.status).toBe('ready');
    expect(proposal.solver?.status).toBe('optimal');
    expect(proposal.solver?.gap).toBe(0);
    expect(placedAt(truck(proposal, a))).toEqual({ door: 'P1', start: '14:00' });
    expect(placedAt(truck(proposal, b))).toEqual({ door: 'P1', start: '12:00' });
    expect(placedAt(truck(proposal, c))).toEqual({ door: 'P2', start: '12:00' });
    expect(truck(proposal, a).current).toMatchObject({ doorNumber: 'P1', start: '12:00' });
    expect(truck(proposal, b).current).toMatchObject({ doorId: null, start: '12:00' });
    expect(
      proposal.trucks
        .filter((t) => t.changed)
        .map((t) => t.appointmentId)
        .sort(),
    ).toEqual([a, b].sort());
    expect(proposal.totalWaitMinutes).toBe(0);
    // The latest proposal of the day is this one.
    const latest = await staff.get(`/api/planner/proposals/latest?facilityId=${f.id}&date=${today}`);
    expect(latest.status).toBe(200);
    expect(latest.body.proposal.id).toBe(proposal.id);

    const applied = await staff.post(`/api/planner/proposals/${proposal.id}/apply`, {});
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.applied.sort()).toEqual([a, b].sort());
    expect(applied.body.refused).toEqual([]);
    expect(await appointment(a)).toMatchObject({ doorNumber: 'P1', doorTime: { start: '14:00', end: '15:00' } });
    expect(await appointment(b)).toMatchObject({ doorNumber: 'P1', doorTime: null });
    expect(await appointment(c)).toMatchObject({ doorNumber: 'P2' });
    // Each applied change is audited as the other paths' changes are.
    for (const id of [a, b]) {
      const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'appointment', entityId: id });
      expect(trail.map((e) => e.action)).toContain('appointment.door-planned');
    }
    const after = (await staff.get(`/api/planner/proposals/${proposal.id}`)).body as PlanProposal;
    expect(truck(after, a).applied).toMatchObject({ outcome: 'applied', reason: null });
    expect(truck(after, c).applied).toBeUndefined();
  });

  it('an early truck takes a free door', async () => {
    // Q1 is held 11:00-14:00 by F; E is booked 13:00-14:00 without a door and its ETA is 11:30. Q2 is free:
    // E starts there at 11:30 (its waiting for its own slot is not owed; at Q1 it would wait till 14:00).
    const f = await hub('Early Hub', ['Q1', 'Q2']);
    const held = await book(f.id, '11:00', '14:00', f.doors.Q1);
    const early = await book(f.id, '13:00', '14:00');
    await etaAt(early, '11:30');
    const proposal = await solved(f.id);
    expect(placedAt(truck(proposal, early))).toEqual({ door: 'Q2', start: '11:30' });
    expect(truck(proposal, early)).toMatchObject({ changed: true, waitMinutes: 0, state: 'expected' });
    expect(truck(proposal, held)).toMatchObject({ changed: false });
    const applied = await staff.post(`/api/planner/proposals/${proposal.id}/apply`, { truckIds: [early] });
    expect(applied.body).toEqual({ proposalId: proposal.id, applied: [early], refused: [] });
    expect(await appointment(early)).toMatchObject({
      doorNumber: 'Q2',
      doorTime: { date: today, start: '11:30', end: '12:30' },
    });
  });

  it('a truck waiting in holding is given the free door through its check-in', async () => {
    // W1 only. H is booked from the next quarter hour without a door and checks in now: it waits in
    // holding. W1 is free, so the plan starts it now at W1; applying gives the check-in its door.
    const f = await hub('Holding Hub', ['W1']);
    const start = nextQuarter(localDateTime(new Date(), zone).time);
    const h = await book(f.id, start, fromMinutes(toMinutes(start) + 60));
    const checkin = await staff.post('/api/checkins', {
      appointmentId: h,
      driverName: 'Hold Driver',
      vehicleLicense: 'MH12HD0001',
    });
    expect(checkin.status, checkin.text).toBe(201);
    const proposal = await solved(f.id);
    const held = truck(proposal, h);
    expect(held).toMatchObject({ state: 'holding', changed: true, waitMinutes: 0 });
    expect(held.current.doorId).toBeNull();
    expect(held.proposed!.doorNumber).toBe('W1');
    // It starts now: at the minute it checked in, or the next one (a plan's minutes are whole, a
    // check-in at 10:26:40 starts at 10:27 at the earliest).
    expect(toMinutes(held.proposed!.start)).toBeLessThanOrEqual(toMinutes(localDateTime(new Date(), zone).time) + 1);
    const applied = await staff.post(`/api/planner/proposals/${proposal.id}/apply`, {});
    expect(applied.body).toMatchObject({ applied: [h], refused: [] });
    expect(await appointment(h)).toMatchObject({ status: 'arrived', doorNumber: 'W1' });
    const trail = await listAudit(DEMO_TENANT_ID, { entityType: 'checkin', entityId: checkin.body.id });
    expect(trail.map((e) => e.action)).toContain('checkin.door-assigned');
  });

  it('a stale plan is refused for the changed truck only; the others apply', async () => {
    // R1 and R2, three trucks 12:00-13:00 without doors: two start at 12:00 (one per door), the third at
    // 13:00. X checks in after the plan: X alone is refused, with the reason; the other two are applied.
    const f = await hub('Stale Hub', ['R1', 'R2']);
    const ids = [await book(f.id, '12:00', '13:00'), await book(f.id, '12:00', '13:00')];
    const x = await book(f.id, '12:00', '13:00');
    const proposal = await solved(f.id);
    const starts = proposal.trucks.map((t) => `${t.proposed?.doorNumber} ${t.proposed?.start}`).sort();
    expect(starts.filter((s) => s.endsWith('12:00'))).toHaveLength(2);
    expect(starts.filter((s) => s.endsWith('13:00'))).toHaveLength(1);
    expect(new Set(starts).size).toBe(3);
    expect(proposal.totalWaitMinutes).toBe(60);
    const arrived = await staff.request('PATCH', `/api/appointments/${x}/status`, { body: { status: 'arrived' } });
    expect(arrived.status, arrived.text).toBe(200);
    const applied = await staff.post(`/api/planner/proposals/${proposal.id}/apply`, {});
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.refused).toEqual([
      {
        appointmentId: x,
        reason: 'This appointment changed after the plan was made (checked in, moved or cancelled); plan again',
      },
    ]);
    expect(applied.body.applied.sort()).toEqual([...ids].sort());
    for (const id of ids) expect((await appointment(id)).dockDoorId).toBe(truck(proposal, id).proposed!.doorId);
    // X is as the check-in left it: arrived, no door given by the plan.
    expect(await appointment(x)).toMatchObject({ status: 'arrived', dockDoorId: null });
  });

  it('two applies at once, each of its own truck, both keep their outcome on the proposal', async () => {
    // T1 and T2, two trucks 12:00-13:00 without doors: each gets a door at 12:00. Two staff apply one
    // truck each at the same moment; the proposal then records both as applied, neither write lost.
    const f = await hub('Twin Hub', ['T1', 'T2']);
    const [a, b] = [await book(f.id, '12:00', '13:00'), await book(f.id, '12:00', '13:00')];
    const proposal = await solved(f.id);
    const answers = await Promise.all(
      [a, b].map((id) => staff.post(`/api/planner/proposals/${proposal.id}/apply`, { truckIds: [id] })),
    );
    expect(answers.map((r) => r.body.applied)).toEqual([[a], [b]]);
    const after = (await staff.get(`/api/planner/proposals/${proposal.id}`)).body as PlanProposal;
    expect(truck(after, a).applied).toMatchObject({ outcome: 'applied', reason: null });
    expect(truck(after, b).applied).toMatchObject({ outcome: 'applied', reason: null });
  });

  it('a facility without doors gets the clear error, in English and Hindi, and nothing is stored', async () => {
    const f = await hub('Doorless Hub', []);
    await book(f.id, '12:00', '13:00');
    const en = await staff.post('/api/planner/proposals', { facilityId: f.id, date: today });
    expect(en.status).toBe(409);
    expect(en.body.message).toBe('No door is open at this facility on this day, so no plan can be made');
    const hi = await staff.post(
      '/api/planner/proposals',
      { facilityId: f.id, date: today },
      { headers: { 'accept-language': 'hi' } },
    );
    expect(hi.status).toBe(409);
    expect(hi.body.message).toBe('इस दिन इस सुविधा में कोई डॉक खुला नहीं है, इसलिए योजना नहीं बन सकती');
    const latest = await staff.get(`/api/planner/proposals/latest?facilityId=${f.id}&date=${today}`);
    expect(latest.body).toEqual({ proposal: null });
  });

  it('a type no open door takes is named, and nothing is stored', async () => {
    // U1 and U2; the type "Cold chain" is taken at U1 only, and U1 goes under maintenance.
    const f = await hub('Cold Hub', ['U1', 'U2']);
    const type = await staff.post(`/api/appointment-types/facilities/${f.id}/types`, {
      name: 'Cold chain',
      direction: 'inbound',
      vehicleTypes: [],
      doorIds: [f.doors.U1],
      durationRule: { kind: 'fixed', minutes: 60 },
    });
    expect(type.status, type.text).toBe(201);
    const cold = await staff.post('/api/appointments', {
      facilityId: f.id,
      carrierId: 'carrier-sahyadri',
      scheduledDate: today,
      scheduledTimeStart: '12:00',
      scheduledTimeEnd: '13:00',
      vehicleLicense: 'MH12CC0001',
      typeId: type.body.id,
    });
    expect(cold.status, cold.text).toBe(201);
    const down = await staff.request('PATCH', `/api/facilities/${f.id}/dock-doors/${f.doors.U1}`, {
      body: { status: 'maintenance' },
    });
    expect(down.status, down.text).toBe(200);
    const res = await staff.post('/api/planner/proposals', { facilityId: f.id, date: today });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `No door takes appointment ${cold.body.id} (type ${type.body.id}, vehicle Truck): give a door that type, or the plan stays as it is`,
    );
    const latest = await staff.get(`/api/planner/proposals/latest?facilityId=${f.id}&date=${today}`);
    expect(latest.body).toEqual({ proposal: null });
  });

  it("refuses another tenant's facility and proposal", async () => {
    const f = await hub('Own Hub', ['S1']);
    await book(f.id, '12:00', '13:00');
    const proposal = await solved(f.id);
    expect((await outsider.post('/api/planner/proposals', { facilityId: f.id, date: today })).status).toBe(404);
    expect((await outsider.get(`/api/planner/proposals/latest?facilityId=${f.id}&date=${today}`)).status).toBe(404);
    expect((await outsider.get(`/api/planner/proposals/${proposal.id}`)).status).toBe(404);
    const apply = await outsider.post(`/api/planner/proposals/${proposal.id}/apply`, {});
    expect(apply.status).toBe(404);
    // Nothing of it was applied.
    const after = (await staff.get(`/api/planner/proposals/${proposal.id}`)).body as PlanProposal;
    expect(after.trucks.every((t) => t.applied === undefined)).toBe(true);
  });
});
