// The door planner for `npm run bench` (issue #58): the generated days (planner-days.ts: 10, 20 and 40
// doors with 150, 300 and 600 trucks; 20 % late, 10 % early, 5 % overrunning) planned by first-free
// (today), greedy and the solver (HiGHS, within the day's 4.5 s limit, at the default 5-minute change
// penalty, and at 30 minutes to show what fewer changes cost in waiting): average and p95 wait, door utilisation, changes, solve time,
// and the faults of each plan (two trucks at a door, a door that cannot take a truck: always 0).
// Needs no stack: a pure section, run before the local stack starts.
import { loadHighs } from '../../functions/planner/solver';
import { planDay, planFaults } from '../../functions/planner';
import { planInputSchema, type DoorPlan, type PlanInput, type PlanStrategy } from '../../shared/contracts/planner';
import { BENCH_DAYS, generatedDay } from './planner-days';
import type { PureBenchSection } from './section';

/** The goal on the 20-door, 300-truck day: the solver's average wait this far below first-free's, within 5 s. */
export const PLANNER_GOAL = { waitCut: 0.25, seconds: 5 };

const RUNS: { label: string; strategy: PlanStrategy; penalty?: number }[] = [
  { label: 'first-free (today)', strategy: 'firstFree' },
  { label: 'greedy', strategy: 'greedy' },
  { label: 'solver', strategy: 'solver' },
  { label: 'solver, change penalty 30 min', strategy: 'solver', penalty: 30 },
];

const round = (v: number, digits = 1) => Number(v.toFixed(digits));

function figures(input: PlanInput, plan: DoorPlan) {
  const parsed = planInputSchema.parse(input);
  const waits = plan.trucks
    .filter((t) => !t.fixed)
    .map((t) => t.waitMinutes)
    .sort((a, b) => a - b);
  const opens = Math.min(...parsed.doors.map((d) => d.opensAt));
  const lastEnd = Math.max(...plan.trucks.map((t) => t.endMinute));
  const busy = plan.trucks.reduce((sum, t) => sum + (t.endMinute - t.startMinute), 0);
  return {
    avgWait: waits.reduce((a, b) => a + b, 0) / waits.length,
    p95Wait: waits[Math.min(waits.length - 1, Math.floor(waits.length * 0.95))]!,
    utilisation: busy / (parsed.doors.length * (lastEnd - opens)),
    faults: planFaults(parsed, plan).length,
  };
}

export const plannerBench: PureBenchSection = async () => {
  const t0 = performance.now();
  await loadHighs();
  const loadSeconds = (performance.now() - t0) / 1000;
  const rows: Record<string, unknown>[] = [];
  for (const shape of BENCH_DAYS) {
    const day = generatedDay(shape);
    for (const run of RUNS) {
      const input = run.penalty === undefined ? day : { ...day, changePenaltyMinutes: run.penalty };
      const result = await planDay(input, run.strategy);
      if (!result.ok) throw new Error(`${shape.doors} doors: ${result.message}`);
      const plan = result.plan;
      const f = figures(input, plan);
      rows.push({
        day: `${shape.doors} doors, ${day.trucks.length} trucks`,
        strategy: run.label,
        'avg wait min': round(f.avgWait),
        'p95 wait min': f.p95Wait,
        'utilisation %': round(f.utilisation * 100),
        changes: plan.changes,
        unplaced: plan.unplaced.length,
        'solve s': round(plan.seconds, 2),
        solver: plan.solver
          ? `${plan.solver.status}, gap ${round(plan.solver.gap * 100, 2)} %, ${plan.solver.fallbackWindows}/${plan.solver.windows} windows greedy`
          : '',
        faults: f.faults,
      });
    }
  }
  const goalDay = rows.find((r) => String(r.day).startsWith('20 doors'))!.day;
  const on = (label: string) => rows.find((r) => r.day === goalDay && r.strategy === label)!;
  const firstFree = on('first-free (today)')['avg wait min'] as number;
  const goal = (label: string) => {
    const row = on(label);
    const cut = firstFree > 0 ? 1 - (row['avg wait min'] as number) / firstFree : 0;
    return {
      cut: round(cut * 100),
      seconds: row['solve s'],
      met: cut >= PLANNER_GOAL.waitCut && (row['solve s'] as number) <= PLANNER_GOAL.seconds,
    };
  };
  return {
    title: `Door planner on generated days (seed fixed; plan made at 06:00 with every ETA known). Solver loaded once in ${round(loadSeconds, 2)} s. Goal on ${String(goalDay)}: solver's average wait >= ${PLANNER_GOAL.waitCut * 100} % below first-free within ${PLANNER_GOAL.seconds} s: solver ${JSON.stringify(goal('solver'))}, change penalty 30 min ${JSON.stringify(goal('solver, change penalty 30 min'))}`,
    rows,
    extra: { loadSeconds, goal: { solver: goal('solver'), changePenalty30: goal('solver, change penalty 30 min') } },
  };
};
