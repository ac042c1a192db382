// A proposal solved (issue #58.2), by the 'planner-proposals' worker only: planDay with the MILP solver
// (HiGHS, WebAssembly, loaded on demand by plan.ts), which falls back to the greedy plan past its time
// limit or when it fails; the result, with the solver's status and gap, is written on the proposal
// while it is solving (a proposal handed twice is solved once). A refused day (changed between the
// request's check and now) marks the proposal failed with the planner's message. A proposal of automatic
// re-planning is then applied (replan.ts applyReplan).
import { fromMinutes } from '../../shared/time';
import type { PlanProposal, ProposalTruck } from '../../shared/contracts/planner';
import { planDay } from './plan';
import { getProposal, proposalInput, proposalView, saveSolved } from './proposal.store';
import { applyReplan } from './replan';

const LAST_MINUTE = 24 * 60 - 1;
const clock = (m: number) => fromMinutes(Math.min(m, LAST_MINUTE));

export async function solveProposal(tenantId: string, id: string, now = () => new Date()): Promise<void> {
  const stored = await getProposal(tenantId, id);
  if (!stored || stored.status !== 'solving') return;
  const input = proposalInput(stored);
  const proposal: PlanProposal = proposalView(stored);
  const result = await planDay(input, 'solver');
  if (!result.ok) {
    const saved = await saveSolved(tenantId, id, {
      status: 'failed',
      strategy: 'solver',
      solver: null,
      totalWaitMinutes: null,
      changes: null,
      message: result.message,
      solvedAt: now().toISOString(),
      trucks: proposal.trucks,
    });
    if (saved && stored.trigger) await applyReplan(tenantId, id, now());
    return;
  }
  const { plan } = result;
  const doorName = new Map(input.doors.map((d) => [d.id, d.name]));
  const planned = new Map(plan.trucks.map((t) => [t.truckId, t]));
  const trucks = proposal.trucks.map((t): ProposalTruck => {
    const p = planned.get(t.appointmentId);
    if (!p) return { ...t, proposed: null, waitMinutes: null, changed: false };
    const proposed = {
      doorId: p.doorId,
      doorNumber: doorName.get(p.doorId) ?? null,
      start: clock(p.startMinute),
      end: clock(p.endMinute),
    };
    const changed =
      t.state !== 'atDoor' && !p.fixed && (proposed.doorId !== t.current.doorId || proposed.start !== t.current.start);
    return { ...t, proposed, waitMinutes: p.waitMinutes, changed };
  });
  const saved = await saveSolved(tenantId, id, {
    status: 'ready',
    strategy: plan.strategy,
    solver: plan.solver,
    totalWaitMinutes: plan.totalWaitMinutes,
    changes: trucks.filter((t) => t.changed).length,
    message: plan.solver?.message ?? null,
    solvedAt: now().toISOString(),
    trucks,
  });
  // Automatic re-planning (replan.ts): applied at once to the trucks still on their way, by this worker.
  if (saved && stored.trigger) await applyReplan(tenantId, id, now());
}
