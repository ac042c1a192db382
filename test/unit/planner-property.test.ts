// The door planner's promise over generated days (issue #58): whatever the doors, trucks and live
// state, no plan of any strategy puts two trucks at one door at once, a truck at a door that cannot
// take its type or vehicle, a truck outside its door's hours or before it is ready; and a day with a
// truck no door takes is refused, never planned.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { doorTakes, planDay, planFaults } from '../../functions/planner';
import { PLAN_STRATEGIES, planInputSchema, type PlanDoor, type PlanTruck } from '../../shared/contracts/planner';
import { VEHICLE_TYPES } from '../../shared/contracts/appointments-guest';

const TYPES = ['dry', 'cold', 'bulk'];

const doorArb = (i: number) =>
  fc
    .record({
      appointmentTypeIds: fc.option(fc.subarray(TYPES, { minLength: 1 }), { nil: null }),
      vehicleTypes: fc.option(fc.subarray([...VEHICLE_TYPES], { minLength: 1 }), { nil: null }),
      opensAt: fc.integer({ min: 5 * 60, max: 9 * 60 }),
      hours: fc.integer({ min: 4, max: 14 }),
    })
    .map((d): PlanDoor => ({
      id: `door-${i}`,
      name: `D${i}`,
      appointmentTypeIds: d.appointmentTypeIds,
      vehicleTypes: d.vehicleTypes,
      opensAt: d.opensAt,
      closesAt: d.opensAt + d.hours * 60,
    }));

const truckArb = fc.record({
  type: fc.constantFrom(...TYPES),
  vehicle: fc.constantFrom(...VEHICLE_TYPES),
  minutes: fc.integer({ min: 10, max: 150 }),
  windowStart: fc.integer({ min: 6 * 60, max: 17 * 60 }),
  etaShift: fc.integer({ min: -90, max: 150 }),
  priority: fc.constantFrom('low', 'normal', 'high', 'urgent' as const),
  state: fc.constantFrom('expected', 'holding', 'atDoor'),
  told: fc.nat(),
});

const dayArb = fc
  .tuple(
    fc.integer({ min: 1, max: 4 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => doorArb(i + 1)))),
    fc.array(truckArb, { minLength: 1, maxLength: 14 }),
    fc.integer({ min: 6 * 60, max: 10 * 60 }),
  )
  .map(([doors, drawn, now]) => {
    const atDoor = new Set<string>();
    const trucks = drawn.map((t, i): PlanTruck => {
      const base = {
        id: `t${i}`,
        appointmentTypeId: t.type,
        vehicleType: t.vehicle,
        durationMinutes: t.minutes,
        windowStart: t.windowStart,
        windowEnd: t.windowStart + t.minutes,
        priority: t.priority,
        toldDoorId: t.told % 3 ? doors[t.told % doors.length]!.id : null,
      };
      // At most one truck at each door, there since before now.
      const door = doors[t.told % doors.length]!;
      if (t.state === 'atDoor' && !atDoor.has(door.id)) {
        atDoor.add(door.id);
        const started = now - 20;
        return {
          ...base,
          state: { kind: 'atDoor', doorId: door.id, startedMinute: started, expectedEndMinute: started + t.minutes },
        };
      }
      if (t.state === 'holding')
        return { ...base, state: { kind: 'holding', arrivedMinute: Math.max(0, now - Math.abs(t.etaShift)) } };
      return { ...base, state: { kind: 'expected', etaMinute: Math.max(0, t.windowStart + t.etaShift) } };
    });
    return { facilityId: 'fac-p', date: '2026-12-07', nowMinute: now, doors, trucks, changePenaltyMinutes: 30 };
  });

describe('planDay over generated days', () => {
  it.each(PLAN_STRATEGIES)(
    '%s never overlaps two trucks at a door nor uses a door that cannot take the truck',
    async (strategy) => {
      await fc.assert(
        fc.asyncProperty(dayArb, async (input) => {
          // Act
          const result = await planDay(input, strategy);
          // Assess
          const parsed = planInputSchema.parse(input);
          const untakeable = parsed.trucks.filter(
            (t) => t.state.kind !== 'atDoor' && !parsed.doors.some((d) => doorTakes(d, t)),
          );
          if (untakeable.length) {
            expect(result.ok).toBe(false);
            if (!result.ok) expect(result.problem.kind).toBe('no-door-takes');
            return;
          }
          expect(result.ok).toBe(true);
          if (result.ok) expect(planFaults(parsed, result.plan)).toEqual([]);
        }),
        { numRuns: strategy === 'solver' ? 60 : 300, seed: 58 },
      );
    },
    60_000,
  );
});
