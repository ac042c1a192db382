// Generated days of the door planner (issue #58), for the property tests: 1 to 4 doors (some taking only
// some types or vehicles, open 4 to 14 hours), 1 to 14 trucks (expected with an ETA early or late, in
// holding, or at most one at each door since before now). Used by planner-property.test.ts and
// planner-resources.test.ts (which adds crews and equipment to them).
import fc from 'fast-check';
import type { PlanDoor, PlanTruck } from '../../shared/contracts/planner';
import { VEHICLE_TYPES } from '../../shared/contracts/appointments-guest';

export const TYPES = ['dry', 'cold', 'bulk'];

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

export const dayArb = fc
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
