// The door planner on days worked by hand (issue #58): every strategy's doors and starts, and the
// refusals of a day that cannot be planned. Times are minutes from midnight (8 * 60 is 08:00).
import { describe, expect, it } from 'vitest';
import { planDay, planFaults } from '../../functions/planner';
import {
  PLAN_STRATEGIES,
  planInputSchema,
  type DoorPlan,
  type PlanDoor,
  type PlanInput,
  type PlanTruck,
} from '../../shared/contracts/planner';

const h = (hours: number, minutes = 0) => hours * 60 + minutes;

const door = (id: string, types: string[] | null, vehicles: PlanDoor['vehicleTypes'] = null): PlanDoor => ({
  id,
  name: id,
  appointmentTypeIds: types,
  vehicleTypes: vehicles,
  opensAt: h(6),
  closesAt: h(22),
});

const truck = (
  id: string,
  type: string,
  minutes: number,
  windowStart: number,
  eta: number,
  rest: Partial<PlanTruck> = {},
): PlanTruck => ({
  id,
  appointmentTypeId: type,
  vehicleType: 'Truck',
  durationMinutes: minutes,
  windowStart,
  windowEnd: windowStart + minutes,
  priority: 'normal',
  state: { kind: 'expected', etaMinute: eta },
  toldDoorId: null,
  ...rest,
});

const day = (doors: PlanDoor[], trucks: PlanTruck[], now = h(8)): PlanInput => ({
  facilityId: 'fac-1',
  date: '2026-12-07',
  nowMinute: now,
  doors,
  trucks,
  changePenaltyMinutes: 30,
});

async function plan(input: PlanInput, strategy: (typeof PLAN_STRATEGIES)[number]): Promise<DoorPlan> {
  const result = await planDay(input, strategy);
  if (!result.ok) throw new Error(result.message);
  expect(planFaults(planInputSchema.parse(input), result.plan)).toEqual([]);
  return result.plan;
}

const at = (p: DoorPlan, id: string) => {
  const t = p.trucks.find((x) => x.truckId === id)!;
  return { door: t.doorId, start: t.startMinute, wait: t.waitMinutes, changed: t.changed };
};

describe('planDay on 2 doors and 4 trucks worked by hand', () => {
  // Door A takes dry and cold loads, door B dry only; first in order is A.
  // d1 (dry, 60 min) and c1 (cold, 60 min) are both there at 08:00; d3 (dry, 90 min) at 08:30 and
  // d2 (dry, 30 min, booked 08:30) 10 minutes late at 08:40.
  // Best: c1 on A and d1 on B at 08:00, then at 09:00 d2 on A (waits 20) and d3 on B (waits 30): 50.
  // First free in order: d1 takes A, c1 waits for it till 09:00 (60), d3 takes B at 08:30 till
  // 10:00, d2 waits for A till 10:00 (80): 140 minutes.
  const input = day(
    [door('A', ['dry', 'cold']), door('B', ['dry'])],
    [
      truck('d1', 'dry', 60, h(8), h(8)),
      truck('c1', 'cold', 60, h(8), h(8)),
      truck('d2', 'dry', 30, h(8, 30), h(8, 40)),
      truck('d3', 'dry', 90, h(8, 30), h(8, 30)),
    ],
  );

  it('first free in order keeps trucks waiting 140 minutes', async () => {
    // Act
    const p = await plan(input, 'firstFree');
    // Assess
    expect(at(p, 'd1')).toMatchObject({ door: 'A', start: h(8), wait: 0 });
    expect(at(p, 'c1')).toMatchObject({ door: 'A', start: h(9), wait: 60 });
    expect(at(p, 'd3')).toMatchObject({ door: 'B', start: h(8, 30), wait: 0 });
    expect(at(p, 'd2')).toMatchObject({ door: 'A', start: h(10), wait: 80 });
    expect(p.totalWaitMinutes).toBe(140);
  });

  it.each(['greedy', 'solver'] as const)('%s finds the best plan: 50 minutes', async (strategy) => {
    // Act
    const p = await plan(input, strategy);
    // Assess
    expect(at(p, 'c1')).toMatchObject({ door: 'A', start: h(8), wait: 0 });
    expect(at(p, 'd1')).toMatchObject({ door: 'B', start: h(8), wait: 0 });
    expect(at(p, 'd2')).toMatchObject({ start: h(9), wait: 20 });
    expect(at(p, 'd3')).toMatchObject({ start: h(9), wait: 30 });
    expect(p.totalWaitMinutes).toBe(50);
    if (strategy === 'solver') expect(p.solver).toMatchObject({ status: 'optimal', gap: 0, fallbackWindows: 0 });
  });
});

describe('planDay with live state', () => {
  it.each(PLAN_STRATEGIES)('%s: a late truck frees its door for the next', async (strategy) => {
    // Prepare: at 09:00, z's unload at B overruns to 10:00; x, told A for 09:00, will come at 10:30;
    // y, told B for 09:00, is here.
    const input = day(
      [door('A', null), door('B', null)],
      [
        truck('z', 'dry', 60, h(8), h(8), {
          state: { kind: 'atDoor', doorId: 'B', startedMinute: h(8), expectedEndMinute: h(10) },
          toldDoorId: 'B',
        }),
        truck('x', 'dry', 60, h(9), h(10, 30), { toldDoorId: 'A' }),
        truck('y', 'dry', 60, h(9), h(9), { toldDoorId: 'B' }),
      ],
      h(9),
    );
    // Act
    const p = await plan(input, strategy);
    // Assess: y takes x's door at once rather than wait an hour for its own; x keeps A when it comes.
    expect(at(p, 'y')).toEqual({ door: 'A', start: h(9), wait: 0, changed: true });
    expect(at(p, 'x')).toEqual({ door: 'A', start: h(10, 30), wait: 0, changed: false });
    expect(at(p, 'z')).toMatchObject({ door: 'B', start: h(8) });
    expect(p.trucks.find((t) => t.truckId === 'z')).toMatchObject({ fixed: true, endMinute: h(10) });
    expect(p.changes).toBe(1);
  });

  it.each(PLAN_STRATEGIES)('%s: an early truck takes a free door', async (strategy) => {
    // Prepare: e is booked for 10:00 but in holding since 08:20; at 08:30 door A stands idle.
    const input = day(
      [door('A', null)],
      [truck('e', 'dry', 45, h(10), h(10), { state: { kind: 'holding', arrivedMinute: h(8, 20) } })],
      h(8, 30),
    );
    // Act
    const p = await plan(input, strategy);
    // Assess
    expect(at(p, 'e')).toMatchObject({ door: 'A', start: h(8, 30), wait: 0 });
  });

  it.each(PLAN_STRATEGIES)('%s never uses a door for a type it cannot take', async (strategy) => {
    // Prepare: C takes cold loads only and stands idle; three dry trucks queue for B.
    const input = day(
      [door('C', ['cold']), door('B', ['dry'])],
      [truck('a', 'dry', 60, h(8), h(8)), truck('b', 'dry', 60, h(8), h(8)), truck('c', 'dry', 30, h(8), h(8))],
    );
    // Act
    const p = await plan(input, strategy);
    // Assess
    expect(p.trucks.every((t) => t.doorId === 'B')).toBe(true);
    expect(p.trucks.map((t) => t.startMinute).sort((x, y) => x - y)).toEqual(
      strategy === 'firstFree' ? [h(8), h(9), h(10)] : [h(8), h(8, 30), h(9, 30)],
    );
  });

  it.each(PLAN_STRATEGIES)('%s never gives a vehicle a door too small for it', async (strategy) => {
    // Prepare: L takes no containers; a container comes at 08:00 while only L is free.
    const input = day(
      [door('L', null, ['Truck', 'Van']), door('H', null)],
      [
        truck('busy', 'dry', 60, h(7), h(7), {
          state: { kind: 'atDoor', doorId: 'H', startedMinute: h(7, 30), expectedEndMinute: h(8, 30) },
        }),
        truck('box', 'dry', 60, h(8), h(8), { vehicleType: 'Container' }),
      ],
    );
    // Act
    const p = await plan(input, strategy);
    // Assess
    expect(at(p, 'box')).toMatchObject({ door: 'H', start: h(8, 30), wait: 30 });
  });
});

describe('planDay refuses a day it cannot plan, naming the cause', () => {
  it('a day without doors', async () => {
    // Act
    const result = await planDay(day([], [truck('a', 'dry', 60, h(8), h(8))]), 'solver');
    // Assess
    expect(result).toEqual({
      ok: false,
      problem: { kind: 'no-doors' },
      message: 'No door is open at this facility on this day, so no plan can be made',
    });
  });

  it('an appointment type no door takes', async () => {
    // Act
    const result = await planDay(day([door('A', ['dry'])], [truck('r7', 'reefer', 60, h(8), h(8))]), 'greedy');
    // Assess
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toEqual({
      kind: 'no-door-takes',
      truckId: 'r7',
      appointmentTypeId: 'reefer',
      vehicleType: 'Truck',
    });
    expect(result.message).toBe(
      'No door takes appointment r7 (type reefer, vehicle Truck): give a door that type, or the plan stays as it is',
    );
  });

  it('a solver that fails: the greedy plan, with the cause', async () => {
    // Prepare
    const input = day([door('A', null)], [truck('a', 'dry', 60, h(8), h(8)), truck('b', 'dry', 60, h(8), h(8))]);
    // Act
    const result = await planDay(input, 'solver', {
      loadSolver: () => Promise.reject(new Error('WebAssembly.instantiate(): out of memory')),
    });
    // Assess
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.plan.solver).toMatchObject({
      status: 'fallback',
      fallbackWindows: 1,
      message: 'The solver failed (WebAssembly.instantiate(): out of memory); the plan was made greedily',
    });
    expect(result.plan.totalWaitMinutes).toBe(60);
  });
});
