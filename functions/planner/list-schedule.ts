// The two plans made truck by truck (issue #58): `firstFree`, today's rule (trucks as they arrive, each
// to the first door in order that takes it and is free, else the one that frees first), and `greedy`
// (trucks as they fall due, each to the door where its waiting plus a change costs least, keeping the
// doors few types can use for those types). The solver starts from the greedy plan and falls back to it.
// With labour and equipment limits (resources.ts), a truck starts at a door only when a crew and the
// items its type needs are free for its whole unload: it waits for them as it waits for a door.
import type { ParsedPlanInput, PlanDoor, PlannedTruck, PlanTruck } from '../../shared/contracts/planner';
import { doorTakes, dueMinute, isChanged, placed, PRIORITY_WEIGHT, readyMinute } from './rules';
import type { ResourceProfile } from './resources';

const roundUp = (m: number, grid: number) => Math.ceil(m / grid) * grid;

export interface Placement {
  placed: PlannedTruck[];
  unplaced: string[];
}

interface Option {
  door: PlanDoor;
  index: number;
  start: number;
}

/**
 * Places `trucks` in the order given, each after the last truck of its chosen door (`freeAt`, updated)
 * and when the crews and equipment it needs are free (`profile`, updated; null: no limits in play).
 * On a `grid` (minutes) the starts and the doors' holds are rounded up to it, as the solver's slots are.
 */
export function listSchedule(
  input: ParsedPlanInput,
  trucks: PlanTruck[],
  freeAt: Map<string, number>,
  choose: (truck: PlanTruck, options: Option[]) => Option,
  grid = 1,
  profile: ResourceProfile | null = null,
): Placement {
  const out: Placement = { placed: [], unplaced: [] };
  const lastClose = Math.max(...input.doors.map((d) => d.closesAt));
  for (const truck of trucks) {
    const ready = readyMinute(truck, input.nowMinute);
    const hold = roundUp(truck.durationMinutes, grid);
    const fits = new Map<number, number | null>();
    const fitFrom = (from: number) => {
      if (!fits.has(from))
        fits.set(from, profile!.earliest(truck, from, hold, grid, lastClose - truck.durationMinutes));
      return fits.get(from)!;
    };
    const options: Option[] = [];
    input.doors.forEach((door, index) => {
      if (!doorTakes(door, truck)) return;
      const from = roundUp(Math.max(ready, freeAt.get(door.id)!), grid);
      const start = profile ? fitFrom(from) : from;
      if (start !== null && start + truck.durationMinutes <= door.closesAt) options.push({ door, index, start });
    });
    if (!options.length) {
      out.unplaced.push(truck.id);
      continue;
    }
    const best = choose(truck, options);
    profile?.add(truck, best.start, hold);
    freeAt.set(best.door.id, best.start + hold);
    out.placed.push(placed(truck, best.door.id, best.start, input.nowMinute));
  }
  return out;
}

const byArrival = (input: ParsedPlanInput) => (a: PlanTruck, b: PlanTruck) =>
  readyMinute(a, input.nowMinute) - readyMinute(b, input.nowMinute) || a.windowStart - b.windowStart;

/**
 * Today's rule: as they arrive, the door told at booking when it is free, else the first door in order
 * free at arrival, else the one that frees first (the told door first among equals).
 */
export function firstFreePlan(
  input: ParsedPlanInput,
  trucks: PlanTruck[],
  freeAt: Map<string, number>,
  profile: ResourceProfile | null = null,
): Placement {
  const ordered = [...trucks].sort(byArrival(input));
  return listSchedule(
    input,
    ordered,
    freeAt,
    (truck, options) => {
      const ready = readyMinute(truck, input.nowMinute);
      const told = options.find((o) => o.door.id === truck.toldDoorId);
      if (told && told.start <= ready) return told;
      return (
        options.find((o) => o.start <= ready) ??
        options.reduce((a, b) => (b.start < a.start ? b : a), told ?? options[0]!)
      );
    },
    1,
    profile,
  );
}

/** How many of the day's trucks each door could take: the fewer, the more it is kept for those. */
export function doorReach(input: ParsedPlanInput): Map<string, number> {
  return new Map(input.doors.map((d) => [d.id, input.trucks.filter((t) => doorTakes(d, t)).length]));
}

/** The order the greedy plan (and the solver's windows) take trucks in: due first, then the urgent, then the fussy. */
export function dueOrder(input: ParsedPlanInput, trucks: PlanTruck[]): PlanTruck[] {
  const now = input.nowMinute;
  const doorsFor = new Map(trucks.map((t) => [t.id, input.doors.filter((d) => doorTakes(d, t)).length]));
  return [...trucks].sort(
    (a, b) =>
      dueMinute(a, now) - dueMinute(b, now) ||
      PRIORITY_WEIGHT[b.priority] - PRIORITY_WEIGHT[a.priority] ||
      doorsFor.get(a.id)! - doorsFor.get(b.id)! ||
      a.durationMinutes - b.durationMinutes,
  );
}

/** The greedy plan: see the top of this file. */
export function greedyPlan(
  input: ParsedPlanInput,
  trucks: PlanTruck[],
  freeAt: Map<string, number>,
  grid = 1,
  reach = doorReach(input),
  profile: ResourceProfile | null = null,
): Placement {
  const now = input.nowMinute;
  return listSchedule(
    input,
    dueOrder(input, trucks),
    freeAt,
    (truck, options) => {
      const due = dueMinute(truck, now);
      const cost = (o: Option) =>
        PRIORITY_WEIGHT[truck.priority] * Math.max(0, o.start - due) +
        (isChanged(truck, o.door.id) ? input.changePenaltyMinutes : 0);
      return options.reduce((a, b) => {
        const d = cost(b) - cost(a) || b.start - a.start || reach.get(b.door.id)! - reach.get(a.door.id)!;
        return d < 0 ? b : a;
      }, options[0]!);
    },
    grid,
    profile,
  );
}
