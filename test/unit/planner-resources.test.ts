// Labour and equipment in the door plan (issue #58.1), on days worked by hand: a truck waits for a crew
// as it waits for a door, an item of equipment serialises the trucks that need it, a day whose type needs
// equipment the facility has none of is refused naming the type and the item, and planFaults names the
// limit a plan breaks. Then over generated days: no plan of any strategy works more trucks at once than
// the crews on shift, or more trucks needing an item than its count. Times are minutes from midnight.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { doorTakes, planDay, planFaults } from '../../functions/planner';
import {
  PLAN_STRATEGIES,
  planInputSchema,
  type CrewPeriod,
  type DoorPlan,
  type PlanDoor,
  type PlanInput,
  type PlanStrategy,
  type PlanTruck,
} from '../../shared/contracts/planner';
import { dayArb } from '../support/planner-days';

const h = (hours: number, minutes = 0) => hours * 60 + minutes;

const door = (id: string): PlanDoor => ({
  id,
  name: id,
  appointmentTypeIds: null,
  vehicleTypes: null,
  opensAt: h(6),
  closesAt: h(22),
});

const truck = (id: string, type: string, minutes: number, due: number, rest: Partial<PlanTruck> = {}): PlanTruck => ({
  id,
  appointmentTypeId: type,
  vehicleType: 'Truck',
  durationMinutes: minutes,
  windowStart: due,
  windowEnd: due + minutes,
  priority: 'normal',
  state: { kind: 'expected', etaMinute: due },
  toldDoorId: null,
  ...rest,
});

const day = (doors: PlanDoor[], trucks: PlanTruck[], rest: Partial<PlanInput> = {}): PlanInput => ({
  facilityId: 'fac-r',
  date: '2026-12-07',
  nowMinute: h(8),
  doors,
  trucks,
  changePenaltyMinutes: 30,
  ...rest,
});

async function plan(input: PlanInput, strategy: PlanStrategy): Promise<DoorPlan> {
  const result = await planDay(input, strategy);
  if (!result.ok) throw new Error(result.message);
  expect(planFaults(planInputSchema.parse(input), result.plan)).toEqual([]);
  return result.plan;
}

const startOf = (p: DoorPlan, id: string) => p.trucks.find((t) => t.truckId === id)!.startMinute;
const starts = (p: DoorPlan) => p.trucks.map((t) => t.startMinute).sort((a, b) => a - b);

describe('crews by hour', () => {
  // Three doors, three trucks of an hour each there at 08:00, and 2 crews on shift 08:00-12:00: two
  // are worked at 08:00, the third waits for a crew till 09:00 though a door stands free (60 minutes).
  const doors = [door('A'), door('B'), door('C')];
  const trucks = [truck('t1', 'dry', 60, h(8)), truck('t2', 'dry', 60, h(8)), truck('t3', 'dry', 60, h(8))];
  const twoCrews: CrewPeriod[] = [{ fromMinute: h(8), toMinute: h(12), crews: 2 }];

  it.each(PLAN_STRATEGIES)('%s: without a crew limit all three start at 08:00', async (strategy) => {
    const p = await plan(day(doors, trucks), strategy);
    expect(starts(p)).toEqual([h(8), h(8), h(8)]);
    expect(p.totalWaitMinutes).toBe(0);
  });

  it.each(PLAN_STRATEGIES)('%s: with 2 crews the third truck waits for one till 09:00', async (strategy) => {
    const p = await plan(day(doors, trucks, { crews: twoCrews }), strategy);
    expect(starts(p)).toEqual([h(8), h(8), h(9)]);
    expect(p.totalWaitMinutes).toBe(60);
  });

  it.each(['firstFree', 'greedy'] as const)('%s: the last in order is the one that waits', async (strategy) => {
    const p = await plan(day(doors, trucks, { crews: twoCrews }), strategy);
    expect(startOf(p, 't3')).toBe(h(9));
    expect(p.trucks.find((t) => t.truckId === 't3')!.waitMinutes).toBe(60);
  });

  // 3 crews till 12:00, 1 from 12:00 to 14:00, no limit after. Three trucks of an hour due 11:30: each
  // is still worked at 12:00, so one starts at 11:30 (till 12:30), the next at 12:30 (till 13:30), the
  // last at 13:30 (its half hour past 14:00 is unlimited): waits 0 + 60 + 120 = 180.
  it.each(PLAN_STRATEGIES)('%s: crews falling at noon serialise trucks that run past it', async (strategy) => {
    const late = [truck('a', 'dry', 60, h(11, 30)), truck('b', 'dry', 60, h(11, 30)), truck('c', 'dry', 60, h(11, 30))];
    const crews: CrewPeriod[] = [
      { fromMinute: h(8), toMinute: h(12), crews: 3 },
      { fromMinute: h(12), toMinute: h(14), crews: 1 },
    ];
    const p = await plan(day(doors, late, { crews }), strategy);
    expect(starts(p)).toEqual([h(11, 30), h(12, 30), h(13, 30)]);
    expect(p.totalWaitMinutes).toBe(180);
  });

  // A truck at door A since 07:30, due to end at 08:30, holds one of the 2 crews: of the two trucks
  // there at 08:00, one starts then and the other at 08:30 (30 minutes).
  it.each(PLAN_STRATEGIES)('%s: a truck already at a door holds a crew', async (strategy) => {
    const atDoor = truck('x', 'dry', 60, h(7, 30), {
      state: { kind: 'atDoor', doorId: 'A', startedMinute: h(7, 30), expectedEndMinute: h(8, 30) },
    });
    const p = await plan(
      day(doors, [atDoor, truck('t1', 'dry', 45, h(8)), truck('t2', 'dry', 45, h(8))], { crews: twoCrews }),
      strategy,
    );
    expect([startOf(p, 't1'), startOf(p, 't2')].sort((a, b) => a - b)).toEqual([h(8), h(8, 30)]);
    expect(p.totalWaitMinutes).toBe(30);
  });
});

describe('equipment', () => {
  // One reefer plug; cold trucks need it. c1 and c2 (cold, 45 min) and d1 (dry) are there at 08:00 on
  // three doors: d1 and one cold truck start at 08:00, the other cold truck at 08:45 when the plug frees.
  const doors = [door('A'), door('B'), door('C')];
  const trucks = [truck('c1', 'cold', 45, h(8)), truck('c2', 'cold', 45, h(8)), truck('d1', 'dry', 45, h(8))];
  const plugs = { equipment: { 'reefer plug': 1 }, needs: { cold: ['reefer plug'] } };

  it.each(PLAN_STRATEGIES)('%s: a reefer plug count of 1 serialises two reefer trucks', async (strategy) => {
    const p = await plan(day(doors, trucks, plugs), strategy);
    expect(startOf(p, 'd1')).toBe(h(8));
    expect([startOf(p, 'c1'), startOf(p, 'c2')].sort((a, b) => a - b)).toEqual([h(8), h(8, 45)]);
    expect(p.totalWaitMinutes).toBe(45);
  });

  // Crews and a plug together: 2 crews, 1 plug, three doors; d1, d2 (dry) and c1, c2 (cold), 60 minutes
  // each, all there at 08:00. Truck by truck, d1 and d2 take the crews at 08:00, c1 waits for one till
  // 09:00 and c2 for the plug till 10:00: 60 + 120 = 180. The solver pairs a dry and a cold truck each
  // hour (d1 + c1 at 08:00, d2 + c2 at 09:00): 60 + 60 = 120.
  it('the solver pairs crews and the plug better than truck by truck', async () => {
    const mixed = day(
      doors,
      [
        truck('d1', 'dry', 60, h(8)),
        truck('d2', 'dry', 60, h(8)),
        truck('c1', 'cold', 60, h(8)),
        truck('c2', 'cold', 60, h(8)),
      ],
      { ...plugs, crews: [{ fromMinute: h(8), toMinute: h(12), crews: 2 }] },
    );
    for (const strategy of ['firstFree', 'greedy'] as const) {
      const p = await plan(mixed, strategy);
      expect(['d1', 'd2', 'c1', 'c2'].map((id) => startOf(p, id))).toEqual([h(8), h(8), h(9), h(10)]);
      expect(p.totalWaitMinutes).toBe(180);
    }
    const solved = await plan(mixed, 'solver');
    expect([startOf(solved, 'c1'), startOf(solved, 'c2')].sort((a, b) => a - b)).toEqual([h(8), h(9)]);
    expect([startOf(solved, 'd1'), startOf(solved, 'd2')].sort((a, b) => a - b)).toEqual([h(8), h(9)]);
    expect(solved.totalWaitMinutes).toBe(120);
  });

  it.each(PLAN_STRATEGIES)('%s: two plugs let both start at 08:00', async (strategy) => {
    const p = await plan(day(doors, trucks, { ...plugs, equipment: { 'reefer plug': 2 } }), strategy);
    expect(starts(p)).toEqual([h(8), h(8), h(8)]);
  });

  it.each(PLAN_STRATEGIES)(
    '%s: a type that needs an item the facility has none of is refused, naming the type and the item',
    async (strategy) => {
      const result = await planDay(
        day(doors, trucks, {
          equipment: { 'reefer plug': 0, forklift: 2 },
          needs: { cold: ['forklift', 'reefer plug'] },
          typeNames: { cold: 'Frozen goods' },
        }),
        strategy,
      );
      expect(result).toEqual({
        ok: false,
        problem: {
          kind: 'no-equipment',
          truckId: 'c1',
          appointmentTypeId: 'cold',
          typeName: 'Frozen goods',
          item: 'reefer plug',
        },
        message:
          'Appointment c1 is of type Frozen goods, which needs a reefer plug, and this facility has none: add one to its equipment, or the plan stays as it is',
      });
    },
  );
});

describe('planFaults names the limit a plan breaks', () => {
  const doors = [door('A'), door('B'), door('C')];
  const placedAt = (truckId: string, doorId: string, start: number) => ({
    truckId,
    doorId,
    startMinute: start,
    endMinute: start + 60,
    waitMinutes: 0,
    changed: false,
    fixed: false,
  });
  const planOf = (trucks: ReturnType<typeof placedAt>[]): DoorPlan => ({
    strategy: 'greedy',
    trucks,
    unplaced: [],
    objective: 0,
    totalWaitMinutes: 0,
    changes: 0,
    solver: null,
    seconds: 0,
  });

  it('three trucks worked at once with 2 crews on shift', () => {
    const input = planInputSchema.parse(
      day(doors, [truck('t1', 'dry', 60, h(8)), truck('t2', 'dry', 60, h(8)), truck('t3', 'dry', 60, h(8))], {
        crews: [{ fromMinute: h(8), toMinute: h(12), crews: 2 }],
      }),
    );
    const faults = planFaults(
      input,
      planOf([placedAt('t1', 'A', h(8)), placedAt('t2', 'B', h(8)), placedAt('t3', 'C', h(8))]),
    );
    expect(faults).toEqual([
      't1: 3 trucks worked at 08:00 with 2 crews on shift',
      't2: 3 trucks worked at 08:00 with 2 crews on shift',
      't3: 3 trucks worked at 08:00 with 2 crews on shift',
    ]);
  });

  it('two reefer trucks at once with one reefer plug', () => {
    const input = planInputSchema.parse(
      day(doors, [truck('c1', 'cold', 60, h(8)), truck('c2', 'cold', 60, h(8))], {
        equipment: { 'reefer plug': 1 },
        needs: { cold: ['reefer plug'] },
      }),
    );
    const faults = planFaults(input, planOf([placedAt('c1', 'A', h(8)), placedAt('c2', 'B', h(8, 30))]));
    expect(faults).toEqual([
      'c1: 2 trucks need a reefer plug at 08:30, and the facility has 1',
      'c2: 2 trucks need a reefer plug at 08:30, and the facility has 1',
    ]);
  });
});

describe('planDay over generated days with crews and equipment', () => {
  // The property test's days, with 0 to 3 crew periods of 0 to 3 crews and one or two reefer plugs that
  // cold trucks need (and forklifts that bulk trucks need).
  const limitsArb = fc.record({
    periods: fc.array(
      fc.record({
        from: fc.integer({ min: 5, max: 20 }),
        hours: fc.integer({ min: 1, max: 6 }),
        crews: fc.integer({ min: 0, max: 3 }),
      }),
      { maxLength: 3 },
    ),
    plugs: fc.integer({ min: 1, max: 2 }),
    forklifts: fc.integer({ min: 1, max: 3 }),
  });
  const limitedDayArb = fc.tuple(dayArb, limitsArb).map(([input, limits]) => ({
    ...input,
    crews: limits.periods.map((p) => ({ fromMinute: h(p.from), toMinute: h(p.from + p.hours), crews: p.crews })),
    equipment: { 'reefer plug': limits.plugs, forklift: limits.forklifts },
    needs: { cold: ['reefer plug'], bulk: ['forklift'] },
  }));

  it.each(PLAN_STRATEGIES)(
    '%s never works more trucks than the crews on shift, nor more needing an item than its count',
    async (strategy) => {
      await fc.assert(
        fc.asyncProperty(limitedDayArb, async (input) => {
          // Act
          const result = await planDay(input, strategy);
          // Assess
          const parsed = planInputSchema.parse(input);
          if (parsed.trucks.some((t) => t.state.kind !== 'atDoor' && !parsed.doors.some((d) => doorTakes(d, t)))) {
            expect(result.ok).toBe(false);
            return;
          }
          expect(result.ok).toBe(true);
          if (result.ok) expect(planFaults(parsed, result.plan)).toEqual([]);
        }),
        { numRuns: strategy === 'solver' ? 60 : 300, seed: 581 },
      );
    },
    60_000,
  );
});
