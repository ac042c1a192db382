// The door plan's rules, shared by every strategy (issue #58): which door takes which truck, when a
// truck is ready and when it is due, what a plan costs, the refusals of bad input, and the check that
// a plan never puts two trucks at one door at once or a truck at a door that cannot take it, nor works
// more trucks at once than the crews on shift or an item of equipment's count (resources.ts).
import {
  PLANNER_TEXTS,
  type DoorPlan,
  type ParsedPlanInput,
  type PlanDoor,
  type PlannedTruck,
  type PlanProblem,
  type PlanResult,
  type PlanTruck,
} from '../../shared/contracts/planner';
import { missingItem, overuseFault, planProfile } from './resources';

/** A minute of waiting of a truck of each priority, against one of a normal truck. */
export const PRIORITY_WEIGHT: Record<PlanTruck['priority'], number> = { low: 1, normal: 1, high: 2, urgent: 4 };

/** The door takes the truck's appointment type and its vehicle. */
export const doorTakes = (door: PlanDoor, truck: PlanTruck) =>
  (door.appointmentTypeIds === null || door.appointmentTypeIds.includes(truck.appointmentTypeId)) &&
  (door.vehicleTypes === null || door.vehicleTypes.includes(truck.vehicleType));

/** The earliest the truck can start: it is there (or will be, by its ETA), and not before the plan's moment. */
export function readyMinute(truck: PlanTruck, now: number): number {
  const s = truck.state;
  if (s.kind === 'atDoor') return s.startedMinute;
  const there = s.kind === 'holding' ? s.arrivedMinute : (s.etaMinute ?? truck.windowStart);
  return Math.max(there, now);
}

/**
 * When its waiting starts: the later of its readiness and its booked start. An early truck may start
 * sooner on a door that would stand idle, but waiting for its own slot is not waiting the hub owes.
 */
export const dueMinute = (truck: PlanTruck, now: number) => Math.max(readyMinute(truck, now), truck.windowStart);

export const waitOf = (truck: PlanTruck, start: number, now: number) => Math.max(0, start - dueMinute(truck, now));

/** The minutes the truck holds its door: its length, or till its overrunning unload is expected to end. */
export function holdMinutes(truck: PlanTruck): number {
  const s = truck.state;
  return s.kind === 'atDoor' ? Math.max(1, s.expectedEndMinute - s.startedMinute) : truck.durationMinutes;
}

export const isChanged = (truck: PlanTruck, doorId: string) => truck.toldDoorId !== null && truck.toldDoorId !== doorId;

/** Why no plan can be made of this input (null: one can). */
export function inputProblem(input: ParsedPlanInput): PlanProblem | null {
  const open = input.doors.filter((d) => d.closesAt > d.opensAt);
  if (!open.length) return { kind: 'no-doors' };
  const doorIds = new Set(input.doors.map((d) => d.id));
  for (const truck of input.trucks) {
    if (truck.state.kind === 'atDoor') {
      if (!doorIds.has(truck.state.doorId))
        return { kind: 'unknown-door', truckId: truck.id, doorId: truck.state.doorId };
      continue;
    }
    if (!open.some((d) => doorTakes(d, truck)))
      return {
        kind: 'no-door-takes',
        truckId: truck.id,
        appointmentTypeId: truck.appointmentTypeId,
        vehicleType: truck.vehicleType,
      };
  }
  for (const truck of input.trucks) {
    if (truck.state.kind === 'atDoor') continue;
    const item = missingItem(input, truck);
    if (item !== null)
      return {
        kind: 'no-equipment',
        truckId: truck.id,
        appointmentTypeId: truck.appointmentTypeId,
        typeName: input.typeNames[truck.appointmentTypeId] ?? truck.appointmentTypeId,
        item,
      };
  }
  return null;
}

export function problemMessage(problem: PlanProblem): string {
  switch (problem.kind) {
    case 'no-doors':
      return PLANNER_TEXTS.noDoors;
    case 'no-door-takes':
      return PLANNER_TEXTS.noDoorTakes(problem.truckId, problem.appointmentTypeId, problem.vehicleType);
    case 'unknown-door':
      return PLANNER_TEXTS.unknownDoor(problem.truckId, problem.doorId);
    case 'no-equipment':
      return PLANNER_TEXTS.noEquipment(problem.truckId, problem.typeName, problem.item);
    case 'invalid-input':
      return PLANNER_TEXTS.invalidInput(problem.detail);
  }
}

export const refused = (problem: PlanProblem): PlanResult => ({ ok: false, problem, message: problemMessage(problem) });

/** One truck's place in a plan, with its wait and change worked out. */
export function placed(truck: PlanTruck, doorId: string, start: number, now: number): PlannedTruck {
  const fixed = truck.state.kind === 'atDoor';
  return {
    truckId: truck.id,
    doorId,
    startMinute: start,
    endMinute: start + holdMinutes(truck),
    waitMinutes: fixed ? 0 : waitOf(truck, start, now),
    changed: !fixed && isChanged(truck, doorId),
    fixed,
  };
}

/** A plan's trucks by door. */
export function byDoorOf(trucks: PlannedTruck[]): Map<string, PlannedTruck[]> {
  const map = new Map<string, PlannedTruck[]>();
  for (const p of trucks) map.set(p.doorId, [...(map.get(p.doorId) ?? []), p]);
  return map;
}

/** The trucks already at doors, kept where they are. */
export const atDoorTrucks = (input: ParsedPlanInput): PlannedTruck[] =>
  input.trucks.flatMap((t) =>
    t.state.kind === 'atDoor' ? [placed(t, t.state.doorId, t.state.startedMinute, input.nowMinute)] : [],
  );

/** When each door is first free: its opening, the plan's moment, the end of the truck at it. */
export function doorsFreeAt(input: ParsedPlanInput): Map<string, number> {
  const free = new Map(input.doors.map((d) => [d.id, Math.max(d.opensAt, input.nowMinute)]));
  for (const p of atDoorTrucks(input)) free.set(p.doorId, Math.max(free.get(p.doorId) ?? 0, p.endMinute));
  return free;
}

/**
 * Moves every truck of a plan as early as its door, its readiness and the crews and equipment free then
 * allow, keeping each door's order: trucks are taken by start, and a start only moves earlier, so no two
 * trucks come to overlap, none ends later, and a later truck's place stays within the limits (the trucks
 * moved before it only free minutes from its start on).
 */
export function compact(input: ParsedPlanInput, trucks: PlannedTruck[]): PlannedTruck[] {
  const byId = new Map(input.trucks.map((t) => [t.id, t]));
  const free = new Map(input.doors.map((d) => [d.id, Math.max(d.opensAt, input.nowMinute)]));
  const profile = planProfile(input, trucks);
  const out: PlannedTruck[] = [];
  for (const p of [...trucks].sort((a, b) => a.startMinute - b.startMinute)) {
    if (p.fixed) {
      out.push(p);
      free.set(p.doorId, Math.max(free.get(p.doorId)!, p.endMinute));
      continue;
    }
    const truck = byId.get(p.truckId)!;
    const from = Math.max(free.get(p.doorId)!, readyMinute(truck, input.nowMinute));
    let start = Math.min(p.startMinute, from);
    if (profile && start < p.startMinute) {
      const length = p.endMinute - p.startMinute;
      profile.remove(truck, p.startMinute, length);
      start = profile.earliest(truck, start, length, 1, p.startMinute) ?? p.startMinute;
      profile.add(truck, start, length);
    }
    const moved = placed(truck, p.doorId, start, input.nowMinute);
    out.push(moved);
    free.set(p.doorId, moved.endMinute);
  }
  return out;
}

/** A plan's totals from its trucks. */
export function planOf(
  input: ParsedPlanInput,
  strategy: DoorPlan['strategy'],
  trucks: PlannedTruck[],
  unplaced: string[],
  rest: Pick<DoorPlan, 'solver' | 'seconds'>,
): DoorPlan {
  const byId = new Map(input.trucks.map((t) => [t.id, t]));
  let objective = 0;
  let totalWait = 0;
  let changes = 0;
  for (const p of trucks) {
    const truck = byId.get(p.truckId)!;
    objective += PRIORITY_WEIGHT[truck.priority] * p.waitMinutes + (p.changed ? input.changePenaltyMinutes : 0);
    totalWait += p.waitMinutes;
    if (p.changed) changes++;
  }
  const order = new Map(input.trucks.map((t, i) => [t.id, i]));
  trucks.sort((a, b) => order.get(a.truckId)! - order.get(b.truckId)!);
  return { strategy, trucks, unplaced, objective, totalWaitMinutes: totalWait, changes, ...rest };
}

/**
 * What is wrong with a plan (empty: nothing): two trucks at one door at once, a truck at a door that
 * cannot take it or outside its hours, one before it is ready, a truck planned twice or not at all.
 */
export function planFaults(input: ParsedPlanInput, plan: DoorPlan): string[] {
  const faults: string[] = [];
  const doors = new Map(input.doors.map((d) => [d.id, d]));
  const byId = new Map(input.trucks.map((t) => [t.id, t]));
  const seen = new Set<string>();
  for (const p of plan.trucks) {
    const truck = byId.get(p.truckId);
    const door = doors.get(p.doorId);
    if (!truck || !door) {
      faults.push(`${p.truckId}: unknown truck or door ${p.doorId}`);
      continue;
    }
    if (seen.has(p.truckId)) faults.push(`${p.truckId}: planned twice`);
    seen.add(p.truckId);
    if (p.fixed) continue;
    if (!doorTakes(door, truck)) faults.push(`${p.truckId}: door ${door.name} cannot take it`);
    if (p.startMinute < door.opensAt || p.endMinute > door.closesAt)
      faults.push(`${p.truckId}: outside door ${door.name}'s hours`);
    if (p.startMinute < readyMinute(truck, input.nowMinute)) faults.push(`${p.truckId}: starts before it is ready`);
    if (p.endMinute - p.startMinute !== truck.durationMinutes) faults.push(`${p.truckId}: wrong length`);
  }
  for (const t of input.trucks)
    if (!seen.has(t.id) && !plan.unplaced.includes(t.id)) faults.push(`${t.id}: neither planned nor unplaced`);
  const profile = planProfile(input, plan.trucks);
  if (profile)
    for (const p of plan.trucks) {
      const truck = byId.get(p.truckId);
      if (!truck || p.fixed) continue;
      for (const o of profile.overuse(truck, p.startMinute, p.endMinute)) faults.push(overuseFault(p.truckId, o));
    }
  for (const [doorId, list] of byDoorOf(plan.trucks)) {
    const sorted = [...list].sort((a, b) => a.startMinute - b.startMinute);
    for (let i = 1; i < sorted.length; i++)
      if (sorted[i]!.startMinute < sorted[i - 1]!.endMinute)
        faults.push(`door ${doorId}: ${sorted[i - 1]!.truckId} and ${sorted[i]!.truckId} overlap`);
  }
  return faults;
}
