// The door planner's generated days (issue #58), for its bench section and its tests: a hub open
// 06:00-22:00 whose doors take different appointment types and vehicles, its trucks booked on the
// quarter-hour grid at the first free door that takes them (today's booking rule, so the booked day
// has no wait at all), then disturbed with a fixed seed: 20 % late, 10 % early, 5 % overrunning their
// unload (the plan is made at opening, with every truck's ETA and each overrun's length known).
import { seededRandom } from '../../functions/local/seeded-random';
import type { PlanDoor, PlanInput, PlanTruck } from '../../shared/contracts/planner';

const OPENS = 6 * 60;
const CLOSES = 22 * 60;
/** Appointment types: their share of trucks and their lengths in minutes. */
const TYPES = [
  { id: 'palletised-in', share: 0.4, minutes: [30, 45, 45, 60] },
  { id: 'loose-in', share: 0.2, minutes: [60, 90, 90, 120] },
  { id: 'outbound', share: 0.3, minutes: [30, 45, 60] },
  { id: 'reefer', share: 0.1, minutes: [30, 45, 60] },
] as const;

export interface DayShape {
  doors: number;
  trucks: number;
  seed: number;
  late?: number;
  early?: number;
  overrun?: number;
}

/**
 * Doors: every fifth a cold-chain door (reefer and palletised only), every fourth too low for a
 * container; the others take every dry type.
 */
function doorsOf(count: number): PlanDoor[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `door-${i + 1}`,
    name: `D${String(i + 1).padStart(2, '0')}`,
    appointmentTypeIds: i % 5 === 0 ? ['reefer', 'palletised-in'] : ['palletised-in', 'loose-in', 'outbound'],
    vehicleTypes: i % 4 === 3 ? ['Truck', 'Van', 'Tanker', 'Trailer'] : null,
    opensAt: OPENS,
    closesAt: CLOSES,
  }));
}

export function generatedDay(shape: DayShape): PlanInput {
  const random = seededRandom(shape.seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const doors = doorsOf(shape.doors);
  const held = new Map(doors.map((d) => [d.id, [] as [number, number][]]));
  const free = (doorId: string, from: number, to: number) => held.get(doorId)!.every(([a, b]) => to <= a || from >= b);
  const trucks: PlanTruck[] = [];
  for (let n = 0; n < shape.trucks; n++) {
    let r = random();
    const type = TYPES.find((t) => (r -= t.share) < 0) ?? TYPES[0];
    const minutes = pick(type.minutes);
    const vehicleType = random() < 0.15 ? 'Container' : pick(['Truck', 'Truck', 'Trailer', 'Van'] as const);
    const truck = { id: `appt-${n + 1}`, appointmentTypeId: type.id, vehicleType } as PlanTruck;
    const takes = doors.filter(
      (d) =>
        d.appointmentTypeIds!.includes(type.id) && (d.vehicleTypes === null || d.vehicleTypes.includes(vehicleType)),
    );
    // Today's booking: a quarter hour (busier in the morning), the first door in order free for the load.
    for (let attempt = 0; attempt < 400; attempt++) {
      const u = attempt < 200 ? Math.min(random(), random() * 1.4) : random();
      const start = OPENS + Math.floor((u * (CLOSES - OPENS - minutes)) / 15) * 15;
      const door = takes.find((d) => free(d.id, start, start + minutes));
      if (!door) continue;
      held.get(door.id)!.push([start, start + minutes]);
      Object.assign(truck, {
        durationMinutes: minutes,
        windowStart: start,
        windowEnd: start + minutes,
        priority: random() < 0.02 ? 'urgent' : random() < 0.1 ? 'high' : 'normal',
        toldDoorId: door.id,
      });
      break;
    }
    if (truck.toldDoorId === undefined) continue; // the day is full: this truck was never booked
    const draw = random();
    const late = shape.late ?? 0.2;
    const early = shape.early ?? 0.1;
    const eta =
      draw < late
        ? truck.windowStart + 15 + Math.floor(random() * 106)
        : draw < late + early
          ? truck.windowStart - 15 - Math.floor(random() * 76)
          : truck.windowStart - 10 + Math.floor(random() * 21);
    truck.state = { kind: 'expected', etaMinute: Math.max(0, eta) };
    if (random() < (shape.overrun ?? 0.05)) truck.durationMinutes = Math.round(minutes * (1.3 + random() * 0.7));
    trucks.push(truck);
  }
  return {
    facilityId: `bench-${shape.doors}-${shape.trucks}`,
    date: '2026-12-07',
    nowMinute: OPENS,
    doors,
    trucks,
    timeLimitSeconds: 4.5,
  };
}

/** The bench's days: 10, 20 and 40 doors with 150, 300 and 600 trucks. */
export const BENCH_DAYS: DayShape[] = [
  { doors: 10, trucks: 150, seed: 58_010 },
  { doors: 20, trucks: 300, seed: 58_020 },
  { doors: 40, trucks: 600, seed: 58_040 },
];
