// When automatic re-planning re-plans (issue #58.2), as pure rules: a truck's ETA that turns it late or
// early (REPLAN_TOLERANCE_MINUTES past or before its booked start), or moves that far again while it is
// late or early; an unload past its length; and which trucks of the plan it may apply by itself.
import { REPLAN_TOLERANCE_MINUTES, type PlanProposal, type ReplanCause } from '../../shared/contracts/planner';

type EtaClass = 'early' | 'onTime' | 'late';

export function etaClass(etaMs: number, dueMs: number, tolerance = REPLAN_TOLERANCE_MINUTES): EtaClass {
  const minutes = (etaMs - dueMs) / 60_000;
  return minutes >= tolerance ? 'late' : minutes <= -tolerance ? 'early' : 'onTime';
}

/**
 * Whether a new ETA re-plans the day, and why: it is late or early and was not (or was the other), or it
 * moved by the tolerance or more since the last estimate. An on-time ETA never re-plans.
 */
export function etaCause(
  beforeEta: string | null,
  afterEta: string,
  dueMs: number,
  tolerance = REPLAN_TOLERANCE_MINUTES,
): Extract<ReplanCause, 'late' | 'early'> | null {
  const after = etaClass(Date.parse(afterEta), dueMs, tolerance);
  if (after === 'onTime') return null;
  if (beforeEta === null) return after;
  const before = etaClass(Date.parse(beforeEta), dueMs, tolerance);
  if (before !== after) return after;
  return Math.abs(Date.parse(afterEta) - Date.parse(beforeEta)) >= tolerance * 60_000 ? after : null;
}

/** When a truck's work at its door should end: its start plus its length (null: not at work). */
export function workEndsAt(startedAt: string | null, lengthMinutes: number): number | null {
  return startedAt ? Date.parse(startedAt) + lengthMinutes * 60_000 : null;
}

/**
 * The trucks an automatic re-plan applies by itself: those the plan changes that are still on their way
 * (booked, not checked in). A truck that has checked in has been called; staff apply its change.
 */
export function autoAppliedTrucks(proposal: Pick<PlanProposal, 'trucks'>): string[] {
  return proposal.trucks.filter((t) => t.changed && t.proposed && t.state === 'expected').map((t) => t.appointmentId);
}
