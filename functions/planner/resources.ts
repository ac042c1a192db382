// Labour and equipment in the door plan (issue #58.1): at any minute, the trucks being worked at doors
// are at most the crews on shift then (a minute no crew period covers has no limit beyond its doors), and
// the trucks whose appointment type needs an item of equipment are at most its count. A profile counts,
// minute by minute, the trucks a plan works and those using each item; every strategy places a truck only
// where one more fits (a truck waits for a crew or a reefer plug as it waits for a door), the solver's
// model has a capacity row per slot, and planFaults (rules.ts) checks a plan against it. Pure.
import { fromMinutes } from '../../shared/time';
import type { ParsedPlanInput, PlannedTruck, PlanTruck } from '../../shared/contracts/planner';

/** Minutes the profile covers: the plan's two days and a truck's longest hold past them. */
const SPAN = 3 * 24 * 60 + 1;
const CREWS = '';

const roundUp = (m: number, grid: number) => Math.ceil(m / grid) * grid;

/** The equipment items a truck needs (its type's, one of each). */
export const needsOf = (input: ParsedPlanInput, truck: Pick<PlanTruck, 'appointmentTypeId'>): string[] => [
  ...new Set(input.needs[truck.appointmentTypeId] ?? []),
];

/** The first item a truck needs that the facility has none of (null: it has all it needs). */
export const missingItem = (input: ParsedPlanInput, truck: PlanTruck): string | null =>
  needsOf(input, truck).find((item) => !(input.equipment[item]! > 0)) ?? null;

/** The day's labour and equipment limits are in play: some crews are given, or some truck needs an item. */
export const hasResourceLimits = (input: ParsedPlanInput): boolean =>
  input.crews.length > 0 || input.trucks.some((t) => needsOf(input, t).length > 0);

export class ResourceProfile {
  private readonly caps = new Map<string, Float64Array>();
  private readonly used = new Map<string, Int32Array>();

  constructor(private readonly input: ParsedPlanInput) {
    if (input.crews.length) {
      const cap = new Float64Array(SPAN).fill(Infinity);
      for (const p of input.crews)
        for (let m = p.fromMinute; m < Math.min(p.toMinute, SPAN); m++) cap[m] = Math.min(cap[m]!, p.crews);
      this.caps.set(CREWS, cap);
      this.used.set(CREWS, new Int32Array(SPAN));
    }
    const items = new Set(input.trucks.flatMap((t) => needsOf(input, t)));
    for (const item of items) {
      this.caps.set(item, new Float64Array(SPAN).fill(input.equipment[item] ?? 0));
      this.used.set(item, new Int32Array(SPAN));
    }
  }

  /** What a truck uses: a crew (when crews are limited) and each item its type needs. */
  keysOf(truck: PlanTruck): string[] {
    return [...(this.caps.has(CREWS) ? [CREWS] : []), ...needsOf(this.input, truck)];
  }

  clone(): ResourceProfile {
    const copy = new ResourceProfile({ ...this.input, crews: [], trucks: [] });
    for (const [key, cap] of this.caps) copy.caps.set(key, cap);
    for (const [key, used] of this.used) copy.used.set(key, used.slice());
    return copy;
  }

  private change(truck: PlanTruck, start: number, length: number, by: number): void {
    for (const key of this.keysOf(truck)) {
      const used = this.used.get(key)!;
      for (let m = Math.max(0, start); m < Math.min(start + length, SPAN); m++) used[m]! += by;
    }
  }

  /** The truck is worked from `start` for `length` minutes. */
  add(truck: PlanTruck, start: number, length: number): void {
    this.change(truck, start, length, 1);
  }

  remove(truck: PlanTruck, start: number, length: number): void {
    this.change(truck, start, length, -1);
  }

  /** The first minute of [start, start + length) where one more such truck does not fit (-1: none). */
  private clash(truck: PlanTruck, start: number, length: number): number {
    let first = -1;
    for (const key of this.keysOf(truck)) {
      const cap = this.caps.get(key)!;
      const used = this.used.get(key)!;
      for (let m = Math.max(0, start); m < Math.min(start + length, SPAN); m++)
        if (used[m]! + 1 > cap[m]!) {
          if (first < 0 || m < first) first = m;
          break;
        }
    }
    return first;
  }

  /**
   * The earliest start from `from` (on a `grid` of minutes) where the truck fits for `length` minutes,
   * no later than `latest` (null: none).
   */
  earliest(truck: PlanTruck, from: number, length: number, grid: number, latest: number): number | null {
    for (let s = roundUp(from, grid); s <= latest;) {
      const m = this.clash(truck, s, length);
      if (m < 0) return s;
      s = roundUp(m + 1, grid);
    }
    return null;
  }

  /** Trucks using `key` that still fit in every minute of [from, to): its least room there. */
  room(key: string, from: number, to: number): number {
    const cap = this.caps.get(key)!;
    const used = this.used.get(key)!;
    let room = Infinity;
    for (let m = Math.max(0, from); m < Math.min(to, SPAN); m++) room = Math.min(room, cap[m]! - used[m]!);
    return room;
  }

  /**
   * Where a truck of the plan is worked beyond a limit: the first such minute of each of its resources,
   * with what is used and what there is (`item` null: the crews).
   */
  overuse(
    truck: PlanTruck,
    start: number,
    end: number,
  ): { item: string | null; minute: number; used: number; cap: number }[] {
    const out: { item: string | null; minute: number; used: number; cap: number }[] = [];
    for (const key of this.keysOf(truck)) {
      const cap = this.caps.get(key)!;
      const used = this.used.get(key)!;
      for (let m = Math.max(0, start); m < Math.min(end, SPAN); m++)
        if (used[m]! > cap[m]!) {
          out.push({ item: key === CREWS ? null : key, minute: m, used: used[m]!, cap: cap[m]! });
          break;
        }
    }
    return out;
  }
}

/** The trucks at doors, worked from their start till their unload's expected end. */
function addAtDoor(profile: ResourceProfile, input: ParsedPlanInput): void {
  for (const t of input.trucks)
    if (t.state.kind === 'atDoor')
      profile.add(t, t.state.startedMinute, Math.max(1, t.state.expectedEndMinute - t.state.startedMinute));
}

/** The day's profile with the trucks at doors in it, or null when no limit is in play. */
export function dayProfile(input: ParsedPlanInput): ResourceProfile | null {
  if (!hasResourceLimits(input)) return null;
  const profile = new ResourceProfile(input);
  addAtDoor(profile, input);
  return profile;
}

/** A plan's profile: every truck it places, for its start to its end (null when no limit is in play). */
export function planProfile(input: ParsedPlanInput, trucks: PlannedTruck[]): ResourceProfile | null {
  if (!hasResourceLimits(input)) return null;
  const profile = new ResourceProfile(input);
  const byId = new Map(input.trucks.map((t) => [t.id, t]));
  for (const p of trucks) {
    const truck = byId.get(p.truckId);
    if (truck) profile.add(truck, p.startMinute, p.endMinute - p.startMinute);
  }
  return profile;
}

/** A plan's fault for a limit it breaks (English, as planFaults' others). */
export function overuseFault(
  truckId: string,
  o: { item: string | null; minute: number; used: number; cap: number },
): string {
  const at = fromMinutes(o.minute % (24 * 60));
  return o.item === null
    ? `${truckId}: ${o.used} trucks worked at ${at} with ${o.cap} crews on shift`
    : `${truckId}: ${o.used} trucks need a ${o.item} at ${at}, and the facility has ${o.cap}`;
}
