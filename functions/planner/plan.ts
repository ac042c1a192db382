// A facility day's door plan by one of three strategies (issue #58), behind one function: the input is
// parsed and refused with a message naming the cause (no doors, a truck no door takes, a truck at an
// unknown door, a type that needs equipment the facility has none of), the trucks at doors stay, the
// rest are placed by the strategy within the crews and equipment of the day (resources.ts), and every
// plan is moved as early as its doors' order and those limits allow. Pure: no clock, no store; the
// solver is loaded on demand.
import {
  planInputSchema,
  type ParsedPlanInput,
  type PlanInput,
  type PlanResult,
  type PlanStrategy,
  type SolverReport,
} from '../../shared/contracts/planner';
import { firstFreePlan, greedyPlan, type Placement } from './list-schedule';
import { atDoorTrucks, compact, doorsFreeAt, inputProblem, planOf, refused } from './rules';
import { dayProfile } from './resources';
import type { LoadSolver } from './solver';

export interface PlanOptions {
  /** The solver to use (tests give one that fails); HiGHS by default. */
  loadSolver?: LoadSolver;
}

/** The door plan of `input` by `strategy`: a plan, or the reason there is none. */
export async function planDay(
  input: PlanInput,
  strategy: PlanStrategy,
  options: PlanOptions = {},
): Promise<PlanResult> {
  const t0 = performance.now();
  const parsed = planInputSchema.safeParse(input);
  if (!parsed.success)
    return refused({
      kind: 'invalid-input',
      detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    });
  const day: ParsedPlanInput = parsed.data;
  const problem = inputProblem(day);
  if (problem) return refused(problem);
  const waiting = day.trucks.filter((t) => t.state.kind !== 'atDoor');
  const freeAt = doorsFreeAt(day);
  let placement: Placement;
  let solver: SolverReport | null = null;
  if (strategy === 'firstFree') placement = firstFreePlan(day, waiting, freeAt, dayProfile(day));
  else if (strategy === 'greedy') placement = greedyPlan(day, waiting, freeAt, 1, undefined, dayProfile(day));
  else {
    const { solverPlacement } = await import('./solver');
    const solved = await solverPlacement(day, waiting, freeAt, options.loadSolver);
    placement = solved.placement;
    solver = solved.report;
  }
  const trucks = compact(day, [...atDoorTrucks(day), ...placement.placed]);
  return {
    ok: true,
    plan: planOf(day, strategy, trucks, placement.unplaced, { solver, seconds: (performance.now() - t0) / 1000 }),
  };
}
