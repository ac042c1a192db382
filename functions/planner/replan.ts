// Automatic re-planning (issue #58.2): at a facility that turned it on, a truck whose ETA turns it late
// or early (the trip watch's estimate, read from the table's stream by the 'planner-replan' worker) or an
// unload that overruns (the 'planner-overruns' watch) asks for a proposal of the day, as staff would; once
// the 'planner-proposals' worker has solved it, it is applied by itself to the trucks still on their way
// (booked, not checked in: replan-rules.ts autoAppliedTrucks), through the same door rule as staff's
// apply, by the system (an audit record without a person). One re-plan of a facility day at a time: a
// change meanwhile plans the day again once the one in flight is applied.
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { getFacility } from '../facilities';
import { getAppointment, listAppointmentsByDate } from '../appointments';
import { facilityTimeZone, instantOf, localDateTime, toMinutes } from '../../shared/time';
import type { PlanProposal, ReplanTrigger } from '../../shared/contracts/planner';
import { applyProposal, findProposal, requestProposal } from './proposals';
import { autoAppliedTrucks, etaCause, workEndsAt } from './replan-rules';
import { replansItself } from './settings';
import { replanningFacilities } from './settings.store';
import { claimReplan, markOverrun, releaseReplan } from './replan.store';

/** The system: automatic re-planning acts for nobody in particular. */
const systemOf = (tenantId: string) => ({ tenantId, actor: null });
const ON_THE_WAY = ['pending_approval', 'scheduled'];

/** Asks for a proposal of the facility's day for `trigger`, when the facility re-plans itself (else null). */
export async function replan(
  tenantId: string,
  facilityId: string,
  date: string,
  trigger: ReplanTrigger,
  now = new Date(),
): Promise<PlanProposal | null> {
  if (!(await replansItself(tenantId, facilityId))) return null;
  if (!(await claimReplan(tenantId, facilityId, date, now))) return null;
  try {
    return await requestProposal(systemOf(tenantId), facilityId, date, now, trigger);
  } catch (err) {
    await releaseReplan(tenantId, facilityId, date);
    // A day the planner refuses (no doors, a type no door takes, a past day) keeps today's plan.
    if (err instanceof ConflictError || err instanceof BadRequestError || err instanceof NotFoundError) {
      logger.info('automatic re-plan refused', { tenantId, facilityId, date, reason: err.message });
      return null;
    }
    throw err;
  }
}

/**
 * After the worker solved an automatic re-plan: applies it to the trucks still on their way, then frees
 * the facility day (planned again when a change came meanwhile).
 */
export async function applyReplan(tenantId: string, id: string, now = new Date()): Promise<void> {
  const proposal = await findProposal(tenantId, id);
  if (!proposal.trigger) return;
  try {
    const trucks = proposal.status === 'ready' ? autoAppliedTrucks(proposal) : [];
    if (trucks.length) await applyProposal(systemOf(tenantId), id, trucks, now);
  } finally {
    if (await releaseReplan(tenantId, proposal.facilityId, proposal.date))
      await replan(tenantId, proposal.facilityId, proposal.date, proposal.trigger, now);
  }
}

/** A trip as the table's stream shows it (functions/trips trip.store.ts). */
export interface TripImage {
  tenantId: string;
  appointmentId: string;
  facilityId: string;
  scheduledDate: string;
  scheduledTimeStart: string;
  state?: string;
  estimate?: { eta?: string | null } | null;
}

/** A trip's new estimate: re-plans its day when it turns the truck late or early (replan-rules.ts etaCause). */
export async function onTripChange(before: TripImage | null, after: TripImage, now = new Date()): Promise<void> {
  const eta = after.estimate?.eta;
  if (!eta || after.state === 'arrived') return;
  if (!(await replansItself(after.tenantId, after.facilityId))) return;
  const facility = await getFacility(after.tenantId, after.facilityId);
  if (!facility) return;
  const zone = facilityTimeZone(facility);
  const due = instantOf(after.scheduledDate, after.scheduledTimeStart, zone).getTime();
  const cause = etaCause(before?.estimate?.eta ?? null, eta, due);
  if (!cause) return;
  const appointment = await getAppointment(after.tenantId, after.appointmentId);
  if (!appointment || !ON_THE_WAY.includes(appointment.status)) return;
  await replan(
    after.tenantId,
    facility.id,
    appointment.scheduledDate,
    {
      cause,
      appointmentId: appointment.id,
      bookingReference: appointment.bookingReference,
      at: localDateTime(new Date(eta), zone).time,
    },
    now,
  );
}

/** Every facility that re-plans itself: an unload past its length re-plans its day, once per truck. */
export async function watchOverruns(now = new Date()): Promise<number> {
  let replans = 0;
  for (const { tenantId, facilityId } of await replanningFacilities()) {
    const facility = await getFacility(tenantId, facilityId);
    if (!facility) continue;
    const zone = facilityTimeZone(facility);
    const today = localDateTime(now, zone).date;
    for (const a of await listAppointmentsByDate(tenantId, today, facility.id)) {
      if ((a.status !== 'loading' && a.status !== 'unloading') || !a.dockDoorId) continue;
      const length = a.durationMinutes ?? toMinutes(a.scheduledTimeEnd) - toMinutes(a.scheduledTimeStart);
      const endsAt = workEndsAt(a.loadingStartedAt, Math.max(1, length));
      if (endsAt === null || now.getTime() <= endsAt || !(await markOverrun(tenantId, a.id, now))) continue;
      const trigger: ReplanTrigger = {
        cause: 'overrun',
        appointmentId: a.id,
        bookingReference: a.bookingReference,
        at: localDateTime(new Date(endsAt), zone).time,
      };
      if (await replan(tenantId, facility.id, today, trigger, now)) replans += 1;
    }
  }
  return replans;
}
