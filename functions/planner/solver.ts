// The solver's plan (issue #58): a time-indexed MILP solved by HiGHS (the `highs` package, WebAssembly),
// window by window over the day (a rolling horizon), each window warm-started from the greedy plan and
// kept only when it costs less. Loaded by plan.ts on demand, so the WebAssembly stays out of any bundle
// that does not plan (it runs in a worker).
//
// The model of one window: a truck i, a door d that takes it and a start slot t (a 5-minute grid)
// give a binary x[i,d,t]. Each truck takes one (door, slot); each door holds at most one truck in each
// slot (a truck holds ceil(length / 5) slots), slots already held by earlier windows or trucks at doors
// are not offered. Cost: its priority weight times its wait from when it is due, plus the change
// penalty when d is not the door it was told. Each truck is offered its best few doors and a few slots
// (from a little before it is due to a little past its greedy wait; always the greedy plan's slot, so
// the greedy plan is a solution and the warm start), which keeps a window of 30 trucks (15 placed, 15
// seen ahead) on 20 doors near a thousand columns. The grid costs minutes: after the day is solved,
// compact() (rules.ts) moves each truck as early as its door's order allows.
//
// Labour and equipment (resources.ts): for each slot, the columns of trucks worked then are at most the
// crews on shift less those already working (trucks at doors, earlier windows), and likewise for each
// item of equipment among the trucks that need it; a column with no room left is not offered. The greedy
// plan of a window respects the same limits, so it stays a solution and the warm start.
import type { Highs } from 'highs';
import type { ParsedPlanInput, PlanTruck, SolverReport } from '../../shared/contracts/planner';
import { PLANNER_TEXTS } from '../../shared/contracts/planner';
import { doorReach, dueOrder, greedyPlan, type Placement } from './list-schedule';
import { doorTakes, dueMinute, isChanged, placed, PRIORITY_WEIGHT, readyMinute } from './rules';
import { dayProfile, type ResourceProfile } from './resources';

/** The solver's grid: minutes a slot lasts. */
export const GRID = 5;
/** Trucks a window places (tuned on the bench's 20-door day for 5 s on 2 busy cores). */
export const WINDOW_TRUCKS = 15;
/** Trucks after a window's that its model sees too (placed again by the next window): the horizon's look-ahead. */
export const LOOK_AHEAD = 15;
/** Start slots offered to a truck on each door, from when it is ready (or due, for an early truck). */
export const SLOTS_PER_DOOR = 12;
/** Slots before it is due offered to an early truck, and past the greedy plan's wait to any truck. */
export const EARLY_SLOTS = 4;
export const EXTRA_SLOTS = 3;
/** Doors offered to a truck: those where the greedy rule would place it best (its told door and its greedy door always). */
export const DOORS_PER_TRUCK = 8;

export type LoadSolver = () => Promise<Highs>;

let loaded: Promise<Highs> | null = null;
/**
 * HiGHS, compiled once per process and warmed up: the WebAssembly's first solve runs several times
 * slower than the next ones (the engine compiles its hot code then), so a small day is solved first,
 * once per process (a worker's cold start), not inside a plan's time limit.
 */
export const loadHighs: LoadSolver = () =>
  (loaded ??= import('highs').then(async (m) => {
    const highs = await m.default();
    await warmUp(highs);
    return highs;
  }));

/** A small generated day (6 doors, 40 trucks) solved to warm the solver up. */
async function warmUp(highs: Highs): Promise<void> {
  const doors = Array.from({ length: 6 }, (_, i) => ({
    id: `w${i}`,
    name: `W${i}`,
    appointmentTypeIds: i % 3 ? null : ['cold'],
    vehicleTypes: null,
    opensAt: 0,
    closesAt: 24 * 60,
  }));
  const trucks = Array.from({ length: 40 }, (_, i) => ({
    id: `t${i}`,
    appointmentTypeId: i % 4 ? 'dry' : 'cold',
    vehicleType: 'Truck' as const,
    durationMinutes: 30 + 15 * (i % 4),
    windowStart: 60 + 10 * i,
    windowEnd: 120 + 10 * i,
    priority: 'normal' as const,
    state: { kind: 'expected' as const, etaMinute: 60 + 10 * i + ((i * 37) % 60) - 20 },
    toldDoorId: `w${i % 6}`,
  }));
  const input = { facilityId: 'warm-up', date: '2026-01-01', nowMinute: 0, doors, trucks };
  await solverPlacement(
    { ...input, changePenaltyMinutes: 30, timeLimitSeconds: 5, crews: [], equipment: {}, needs: {}, typeNames: {} },
    trucks,
    new Map(doors.map((d) => [d.id, 0])),
    async () => highs,
  );
}

/** The first slot from `from` where the door is free for `length` slots. */
function firstFreeSlot(taken: Set<number>, from: number, length: number): number {
  for (let s = from; ; s++) {
    let k = 0;
    while (k < length && !taken.has(s + k)) k++;
    if (k === length) return s;
  }
}

/** The doors a truck is offered in the model (see DOORS_PER_TRUCK). */
function candidateDoors(
  input: ParsedPlanInput,
  truck: PlanTruck,
  held: Map<string, Set<number>>,
  greedyDoor: string | null,
): Set<string> {
  const now = input.nowMinute;
  const ready = Math.ceil(readyMinute(truck, now) / GRID);
  const due = dueMinute(truck, now);
  const length = Math.ceil(truck.durationMinutes / GRID);
  const ranked = input.doors
    .filter((d) => doorTakes(d, truck))
    .map((door) => {
      const slot = firstFreeSlot(held.get(door.id)!, Math.max(ready, Math.ceil(door.opensAt / GRID)), length);
      const cost =
        PRIORITY_WEIGHT[truck.priority] * Math.max(0, slot * GRID - due) +
        (isChanged(truck, door.id) ? input.changePenaltyMinutes : 0);
      return { id: door.id, cost };
    })
    .sort((a, b) => a.cost - b.cost);
  const ids = new Set(ranked.slice(0, DOORS_PER_TRUCK).map((d) => d.id));
  if (greedyDoor) ids.add(greedyDoor);
  if (truck.toldDoorId && ranked.some((d) => d.id === truck.toldDoorId)) ids.add(truck.toldDoorId);
  return ids;
}

interface Column {
  truck: number;
  door: number;
  slot: number;
  cost: number;
}

/** One window's model in CPLEX LP text, with its columns in the order HiGHS numbers them. */
export function windowModel(
  input: ParsedPlanInput,
  trucks: PlanTruck[],
  held: Map<string, Set<number>>,
  greedy: Map<string, { doorId: string; slot: number }>,
  profile: ResourceProfile | null = null,
): { lp: string; columns: Column[] } {
  const now = input.nowMinute;
  const columns: Column[] = [];
  const cover = new Map<string, number[]>();
  // Per resource and slot: the room left (crews, or an item's count, less the trucks already worked
  // then) and the columns that use it.
  const room = new Map<string, number>();
  const roomAt = (key: string, slot: number) => {
    const k = `${key}\u0000${slot}`;
    if (!room.has(k)) room.set(k, profile!.room(key, slot * GRID, (slot + 1) * GRID));
    return room.get(k)!;
  };
  const uses = new Map<string, number[]>();
  trucks.forEach((truck, ti) => {
    const ready = Math.ceil(readyMinute(truck, now) / GRID);
    const due = dueMinute(truck, now);
    const length = Math.ceil(truck.durationMinutes / GRID);
    const hint = greedy.get(truck.id);
    // Slots from a little before it is due (an early truck may fill an idle door) to a little past the
    // greedy plan's wait: a truck the greedy plan does not keep waiting is offered few slots.
    const dueSlot = Math.max(ready, Math.ceil(due / GRID));
    const greedyWait = hint ? Math.max(0, hint.slot - dueSlot) : SLOTS_PER_DOOR;
    const from = Math.max(ready, dueSlot - EARLY_SLOTS);
    // With crews or equipment limited, a truck the greedy plan does not keep waiting may be best moved
    // later to free a crew or an item for another: it is offered the full span at least.
    const span = profile
      ? Math.max(SLOTS_PER_DOOR, Math.min(greedyWait + EXTRA_SLOTS, 2 * SLOTS_PER_DOOR))
      : Math.min(SLOTS_PER_DOOR, greedyWait + EXTRA_SLOTS);
    const to = dueSlot + span + 1;
    const offered = candidateDoors(input, truck, held, hint?.doorId ?? null);
    const keys = profile ? profile.keysOf(truck) : [];
    input.doors.forEach((door, di) => {
      if (!offered.has(door.id)) return;
      const taken = held.get(door.id)!;
      const slots = new Set<number>();
      const opens = Math.ceil(door.opensAt / GRID);
      slots.add(Math.max(ready, opens));
      for (let s = Math.max(from, opens); s < to; s++) slots.add(s);
      if (hint?.doorId === door.id) slots.add(hint.slot);
      for (const slot of slots) {
        if (slot * GRID + truck.durationMinutes > door.closesAt) continue;
        let free = true;
        for (let k = 0; k < length && free; k++) free = !taken.has(slot + k);
        for (let k = 0; k < length && free; k++) free = keys.every((key) => roomAt(key, slot + k) >= 1);
        if (!free) continue;
        const cost =
          PRIORITY_WEIGHT[truck.priority] * Math.max(0, slot * GRID - due) +
          (isChanged(truck, door.id) ? input.changePenaltyMinutes : 0) +
          // Among equal costs, the earlier start leaves the door free sooner.
          0.001 * (slot - ready);
        const c = columns.length;
        columns.push({ truck: ti, door: di, slot, cost });
        for (let k = 0; k < length; k++) {
          const key = `${di}:${slot + k}`;
          const list = cover.get(key);
          if (list) list.push(c);
          else cover.set(key, [c]);
          for (const resource of keys) {
            const at = `${resource}\u0000${slot + k}`;
            const using = uses.get(at);
            if (using) using.push(c);
            else uses.set(at, [c]);
          }
        }
      }
    });
  });
  const name = (c: number) => `x${c}`;
  const lines = ['Minimize', ' obj:'];
  for (let c = 0; c < columns.length; c++) lines.push(` + ${columns[c]!.cost.toFixed(3)} ${name(c)}`);
  lines.push('Subject To');
  const byTruck = trucks.map(() => [] as number[]);
  columns.forEach((col, c) => byTruck[col.truck]!.push(c));
  byTruck.forEach((cs, ti) => lines.push(` a${ti}: ${cs.map((c) => `+ ${name(c)}`).join(' ')} = 1`));
  let r = 0;
  for (const cs of cover.values())
    if (cs.length > 1) lines.push(` d${r++}: ${cs.map((c) => `+ ${name(c)}`).join(' ')} <= 1`);
  // Two columns of one truck never share a slot's room (one of them is chosen), so only distinct trucks count.
  let q = 0;
  for (const [at, cs] of uses) {
    const left = room.get(at)!;
    if (new Set(cs.map((c) => columns[c]!.truck)).size > left)
      lines.push(` r${q++}: ${cs.map((c) => `+ ${name(c)}`).join(' ')} <= ${left}`);
  }
  lines.push('Binary', ...columns.map((_, c) => ` ${name(c)}`), 'End');
  return { lp: lines.join('\n'), columns };
}

interface WindowOutcome {
  chosen: Column[] | null;
  status: 'optimal' | 'feasible' | 'timeLimit' | 'failed';
  gap: number;
  detail: string | null;
}

/** Solves one window's model within `seconds`, from the greedy plan's columns. */
function solveWindow(highs: Highs, lp: string, columns: Column[], start: number[], seconds: number): WindowOutcome {
  const model = highs.createModel({ format: 'lp', data: lp });
  try {
    model.options.set({ output_flag: false, time_limit: Math.max(0.05, seconds), mip_rel_gap: 1e-4 });
    const warm = new Float64Array(columns.length);
    for (const c of start) warm[c] = 1;
    model.setSolution({ colValue: warm });
    model.run();
    const status = model.getModelStatus();
    const codes = highs.constants.modelStatus;
    const hasSolution = Number(model.info.get('primal_solution_status')) === 2;
    if (status === codes.timeLimit && !hasSolution) return { chosen: null, status: 'timeLimit', gap: 1, detail: null };
    if (!hasSolution || (status !== codes.optimal && status !== codes.timeLimit))
      return { chosen: null, status: 'failed', gap: 1, detail: `HiGHS model status ${status}` };
    const values = model.getSolution().colValue;
    const chosen = columns.filter((_, c) => values[c]! > 0.5);
    const reported = Number(model.info.get('mip_gap'));
    const gap = status === codes.optimal ? 0 : Number.isFinite(reported) ? reported : 1;
    return { chosen, status: status === codes.optimal ? 'optimal' : 'feasible', gap, detail: null };
  } catch (error) {
    return { chosen: null, status: 'failed', gap: 1, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    model.dispose();
  }
}

/**
 * The solver's placement of the trucks not at doors, window by window (see the top of this file);
 * `freeAt` gives each door's first free minute. Never worse than the greedy plan on the same grid.
 */
export async function solverPlacement(
  input: ParsedPlanInput,
  trucks: PlanTruck[],
  freeAt: Map<string, number>,
  loadSolver: LoadSolver = loadHighs,
  /** The crews and equipment in use (trucks at doors); the day's own by default, null: no limits. */
  profile: ResourceProfile | null = dayProfile(input),
): Promise<{ placement: Placement; report: SolverReport }> {
  const budget = input.timeLimitSeconds * 1000;
  const report: SolverReport = { status: 'optimal', gap: 0, windows: 0, fallbackWindows: 0, seconds: 0, message: null };
  let highs: Highs | null = null;
  try {
    highs = await loadSolver();
  } catch (error) {
    report.message = PLANNER_TEXTS.solverFailed(error instanceof Error ? error.message : String(error));
  }
  // The time limit counts from here: loading the solver is once per process, at a worker's cold start.
  const t0 = performance.now();
  // Slots held on each door: by the trucks at doors (their door's first free minute) and earlier windows.
  const held = new Map(input.doors.map((d) => [d.id, new Set<number>()]));
  const frontier = new Map(input.doors.map((d) => [d.id, Math.ceil(freeAt.get(d.id)! / GRID) * GRID]));
  for (const d of input.doors) for (let s = 0; s * GRID < frontier.get(d.id)!; s++) held.get(d.id)!.add(s);
  const reach = doorReach(input);
  const ordered = dueOrder(input, trucks);
  const out: Placement = { placed: [], unplaced: [] };
  const windows = Math.ceil(ordered.length / WINDOW_TRUCKS);
  for (let w = 0; w < windows; w++) {
    const batch = ordered.slice(w * WINDOW_TRUCKS, (w + 1) * WINDOW_TRUCKS + LOOK_AHEAD);
    const committed = new Set(batch.slice(0, WINDOW_TRUCKS).map((t) => t.id));
    // The greedy plan of the window on the grid, after the doors' last trucks so far: a solution of the model.
    const greedy = greedyPlan(input, batch, new Map(frontier), GRID, reach, profile?.clone() ?? null);
    const hints = new Map(greedy.placed.map((p) => [p.truckId, { doorId: p.doorId, slot: p.startMinute / GRID }]));
    const placeable = batch.filter((t) => hints.has(t.id));
    out.unplaced.push(...greedy.unplaced.filter((id) => committed.has(id)));
    let chosen: { truck: PlanTruck; doorId: string; slot: number }[] = placeable.map((t) => ({
      truck: t,
      ...hints.get(t.id)!,
    }));
    const left = budget - (performance.now() - t0);
    report.windows++;
    // A window the greedy plan leaves without a minute of waiting or a change needs no solver.
    const greedyFree = greedy.placed.every((p) => p.waitMinutes === 0 && !p.changed);
    if (greedyFree) {
      // The greedy plan is optimal here.
    } else if (highs && left > 0 && placeable.length) {
      const { lp, columns } = windowModel(input, placeable, held, hints, profile);
      const start = columns.flatMap((c, i) => {
        const hint = hints.get(placeable[c.truck]!.id)!;
        return input.doors[c.door]!.id === hint.doorId && c.slot === hint.slot ? [i] : [];
      });
      const outcome = solveWindow(highs, lp, columns, start, left / 1000 / (windows - w));
      const greedyCost = start.reduce((sum, c) => sum + columns[c]!.cost, 0);
      const solvedCost = outcome.chosen?.reduce((sum, c) => sum + c.cost, 0) ?? Infinity;
      if (outcome.chosen && outcome.chosen.length === placeable.length && solvedCost <= greedyCost + 1e-6) {
        chosen = outcome.chosen.map((c) => ({
          truck: placeable[c.truck]!,
          doorId: input.doors[c.door]!.id,
          slot: c.slot,
        }));
        if (outcome.status === 'feasible') report.status = report.status === 'fallback' ? 'fallback' : 'feasible';
        report.gap = Math.max(report.gap, outcome.gap);
      } else {
        report.fallbackWindows++;
        report.status = 'fallback';
        report.message ??=
          outcome.status === 'timeLimit' || outcome.chosen
            ? PLANNER_TEXTS.timeLimit
            : PLANNER_TEXTS.solverFailed(outcome.detail ?? 'no solution');
      }
    } else if (placeable.length) {
      report.fallbackWindows++;
      report.status = 'fallback';
      report.message ??= PLANNER_TEXTS.timeLimit;
    }
    for (const c of chosen) {
      if (!committed.has(c.truck.id)) continue;
      const length = Math.ceil(c.truck.durationMinutes / GRID);
      for (let k = 0; k < length; k++) held.get(c.doorId)!.add(c.slot + k);
      profile?.add(c.truck, c.slot * GRID, length * GRID);
      frontier.set(c.doorId, Math.max(frontier.get(c.doorId)!, (c.slot + length) * GRID));
      out.placed.push(placed(c.truck, c.doorId, c.slot * GRID, input.nowMinute));
    }
  }
  report.seconds = (performance.now() - t0) / 1000;
  return { placement: out, report };
}
