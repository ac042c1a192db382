// Door plan proposals (issue #58.2): asked for by staff (the live day read and checked at once, a day
// the planner refuses answered with its message and nothing stored), solved by the 'planner-proposals'
// worker (solve.ts: the WebAssembly solver stays out of the request's function), read beside today's
// plan, and applied truck by truck: each change through the appointments' door rule (placeAtDoor for a
// booked truck, the check-in's door assignment for one waiting in holding), at the revision the plan
// was made from, so a truck changed since is refused alone with the reason while the others apply.
import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError, RevisionConflictError } from '../lib/errors';
import { getFacility } from '../facilities';
import { getAppointment, placeAtDoor, type ChangeContext } from '../appointments';
import { assignCheckinDoor, getAppointmentCheckin } from '../checkins';
import { facilityTimeZone, localDateTime, toMinutes } from '../../shared/time';
import {
  planInputSchema,
  PROPOSAL_TEXTS,
  type ApplyResult,
  type PlanProposal,
  type ProposalTruck,
  type ReplanTrigger,
} from '../../shared/contracts/planner';
import { inputProblem, problemMessage } from './rules';
import { readLiveDay } from './day-input';
import {
  getProposal,
  latestProposal,
  proposalView,
  putProposal,
  recordApplied,
  type AppliedOutcome,
} from './proposal.store';

/**
 * Reads the day, refuses one the planner cannot plan, and stores the proposal for the worker to solve
 * (with its trigger when automatic re-planning asked for it, replan.ts).
 */
export async function requestProposal(
  ctx: ChangeContext,
  facilityId: string,
  date: string,
  now = new Date(),
  trigger: ReplanTrigger | null = null,
): Promise<PlanProposal> {
  const day = await readLiveDay(ctx.tenantId, facilityId, date, now);
  const parsed = planInputSchema.safeParse(day.input);
  const problem = parsed.success
    ? inputProblem(parsed.data)
    : ({
        kind: 'invalid-input',
        detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      } as const);
  if (problem) throw new ConflictError(problemMessage(problem));
  const proposal: PlanProposal = {
    id: randomUUID(),
    facilityId: day.facility.id,
    date,
    status: 'solving',
    strategy: 'solver',
    solver: null,
    totalWaitMinutes: null,
    changes: null,
    message: null,
    createdAt: now.toISOString(),
    createdBy: ctx.actor?.username ?? null,
    solvedAt: null,
    trucks: day.trucks,
    trigger,
  };
  await putProposal({ ...proposal, tenantId: ctx.tenantId }, day.input);
  return proposal;
}

/** The latest proposal of the facility's day (its trucks' current and proposed door and start), or null. */
export async function latestOf(tenantId: string, facilityId: string, date: string): Promise<PlanProposal | null> {
  const stored = await latestProposal(tenantId, facilityId, date);
  return stored ? proposalView(stored) : null;
}

export async function findProposal(tenantId: string, id: string): Promise<PlanProposal> {
  const stored = await getProposal(tenantId, id);
  if (!stored) throw new NotFoundError(PROPOSAL_TEXTS.notFound);
  return proposalView(stored);
}

/** A refusal that is the truck's own (its door or stage): tried again after the others, then reported. */
class Refused extends Error {}

export async function applyProposal(
  ctx: ChangeContext,
  id: string,
  truckIds: string[] | undefined,
  now = new Date(),
): Promise<ApplyResult> {
  const proposal = await findProposal(ctx.tenantId, id);
  if (proposal.status === 'solving') throw new ConflictError(PROPOSAL_TEXTS.notReady);
  if (proposal.status === 'failed') throw new ConflictError(PROPOSAL_TEXTS.failed);
  const byId = new Map(proposal.trucks.map((t) => [t.appointmentId, t]));
  const asked = truckIds ?? proposal.trucks.filter((t) => t.changed).map((t) => t.appointmentId);
  const facility = await getFacility(ctx.tenantId, proposal.facilityId);
  const local = localDateTime(now, facilityTimeZone(facility));
  const nowMinute = local.date === proposal.date ? toMinutes(local.time) : local.date > proposal.date ? 24 * 60 : 0;
  const refused = new Map<string, string>();
  let pending: ProposalTruck[] = [];
  for (const truckId of new Set(asked)) {
    const truck = byId.get(truckId);
    if (!truck) refused.set(truckId, PROPOSAL_TEXTS.notInProposal(truckId));
    else if (!truck.changed || !truck.proposed) refused.set(truckId, PROPOSAL_TEXTS.noChange);
    else pending.push(truck);
  }
  // A truck changed since the plan (its revision differs: checked in, moved, cancelled) is refused alone.
  const current = await Promise.all(pending.map((t) => getAppointment(ctx.tenantId, t.appointmentId)));
  pending = pending.filter((t, i) => {
    const stale = (current[i]?.revision ?? 0) !== t.baseRevision || !current[i];
    if (stale) refused.set(t.appointmentId, PROPOSAL_TEXTS.changedSince);
    return !stale;
  });
  // Trucks moving later first: the door time a late truck leaves is then free for the one that takes it.
  pending.sort((a, b) => toMinutes(b.proposed!.start) - toMinutes(a.proposed!.start));
  const applied: string[] = [];
  const lastError = new Map<string, string>();
  for (let progress = true; progress && pending.length;) {
    progress = false;
    const next: ProposalTruck[] = [];
    for (const truck of pending) {
      try {
        await applyOne(ctx, proposal, truck, nowMinute, now);
        applied.push(truck.appointmentId);
        progress = true;
      } catch (err) {
        if (err instanceof Refused) refused.set(truck.appointmentId, err.message);
        else if (err instanceof RevisionConflictError) refused.set(truck.appointmentId, PROPOSAL_TEXTS.changedSince);
        else if (err instanceof ConflictError) {
          lastError.set(truck.appointmentId, err.message);
          next.push(truck);
        } else throw err;
      }
    }
    pending = next;
  }
  for (const truck of pending) refused.set(truck.appointmentId, lastError.get(truck.appointmentId) ?? '');
  const at = now.toISOString();
  const outcomes = new Map<string, AppliedOutcome>([
    ...applied.map((id) => [id, { outcome: 'applied', reason: null, at }] as const),
    ...[...refused].map(([id, reason]) => [id, { outcome: 'refused', reason, at }] as const),
  ]);
  await recordApplied(ctx.tenantId, proposal.id, outcomes);
  return {
    proposalId: proposal.id,
    applied,
    refused: [...refused].map(([appointmentId, reason]) => ({ appointmentId, reason })),
  };
}

async function applyOne(
  ctx: ChangeContext,
  proposal: PlanProposal,
  truck: ProposalTruck,
  nowMinute: number,
  now: Date,
): Promise<void> {
  const proposed = truck.proposed!;
  if (truck.state === 'expected') {
    await placeAtDoor(
      ctx,
      truck.appointmentId,
      { dockDoorId: proposed.doorId!, date: proposal.date, start: proposed.start, end: proposed.end },
      truck.baseRevision,
      now,
    );
    return;
  }
  if (truck.state === 'holding') {
    // A truck in holding reaches its door when the door frees: given it now only when its start has come.
    // A plan's minutes are whole (a check-in at 10:26:40 starts at 10:27), so a start in the minute after
    // this one has come: the driver takes longer than that to reach the door.
    if (toMinutes(proposed.start) > nowMinute + 1) throw new Refused(PROPOSAL_TEXTS.waitsInHolding);
    const checkin = await getAppointmentCheckin(ctx.tenantId, truck.appointmentId);
    if (!checkin) throw new Refused(PROPOSAL_TEXTS.changedSince);
    await assignCheckinDoor(ctx, checkin.id, proposed.doorId!, undefined, now);
    return;
  }
  throw new Refused(PROPOSAL_TEXTS.noChange);
}
