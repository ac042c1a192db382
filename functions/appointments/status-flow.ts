// The appointment's side of the on-site flow (TRUCK_STAGES in shared/contracts/appointments.ts; the
// check-in's side and the move of both are functions/checkins/on-site.ts): one transaction moves the
// appointment (guarded by the revision it was read with), frees what it holds when it ends (the rest
// of its door time when the truck leaves the door), updates the carrier's counters, closes a pending
// reschedule request and writes the notification and the audit record.
import { auditPut } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError, RevisionConflictError } from '../lib/errors';
import { revised } from '../lib/revision';
import { notificationPut } from '../notifications';
import { gatePassRevocationPut } from '../passes';
import { carrierOutcomeUpdate } from '../carriers';
import { releaseReference } from '../references';
import { releaseAnswers } from '../appointment-types';
import { assignmentDelete, dayBookingsUpdate, getFacility, slotPlaceUpdate } from '../facilities';
import { appointmentChangePut } from './appointment.store';
import {
  arriveAtDoor,
  bookedDoor,
  doorFreeItems,
  doorReleaseItems,
  NO_DOOR,
  withDoor,
  type DoorReservation,
} from './door-reservation';
import { releaseVehicleDay } from './vehicle-day';
import { decidedRequestPut, getRescheduleRequest } from './reschedule.store';
import type { ChangeContext, TransactItems } from './context';
import { assignmentsOf } from './equipment';
import { appointmentEventItem } from './events';
import { arrivalOutcome } from './rules';
import {
  canTransition,
  ON_SITE_STATUSES,
  statusLabel,
  type Appointment,
  type AppointmentStatus,
  type RescheduleRequest,
} from '../../shared/contracts/appointments';
import { DEFAULT_TIME_ZONE } from '../../shared/time';

const STATUS_TIMESTAMP: Partial<Record<AppointmentStatus, keyof Appointment>> = {
  arrived: 'arrivedAt',
  loading: 'loadingStartedAt',
  unloading: 'loadingStartedAt',
  departed: 'departedAt',
  cancelled: 'cancelledAt',
};

export interface StatusMove {
  /** Items of the caller in the same transaction (the check-in's own change). */
  extra?: TransactItems;
  /** Fields changed with the status (the reason of a cancellation, the door chosen at check-in). */
  changes?: Partial<Pick<Appointment, 'cancellationReason' | 'dockDoorId' | 'doorNumber' | 'approval' | 'doorTime'>>;
  /**
   * A door reserved with the move (door-reservation.ts), its refusals answered as such. An arrival
   * without one reaches the door it is booked at (arriveAtDoor), as a check-in does.
   */
  door?: DoorReservation;
  /** An arrival at a time the server cannot vouch for (a synced gate time, issue #52.4): never counted punctual. */
  unverifiedArrival?: boolean;
}

/**
 * One attempt of a status change of the appointment as read; a write that lost a race is a
 * RevisionConflictError for the caller's `changeAtRevision` to read again.
 */
export async function moveStatus(
  ctx: ChangeContext,
  before: Appointment,
  to: AppointmentStatus,
  now: Date,
  { extra = [], changes: asked = {}, door: reserved, unverifiedArrival = false }: StatusMove = {},
): Promise<Appointment> {
  const id = before.id;
  if (!canTransition(before.status, to)) {
    throw new ConflictError(
      before.status === to
        ? `The appointment is already ${statusLabel(to)}`
        : `An appointment that is ${statusLabel(before.status)} cannot become ${statusLabel(to)}`,
    );
  }
  let [changes, door] = [asked, reserved];
  if (to === 'arrived' && !door) {
    const arrival = await arriveAtDoor(await bookedDoor(before), before, before, now);
    [changes, door] = [{ ...changes, ...arrival.changes }, arrival.reservation];
  }
  const facility = await getFacility(ctx.tenantId, before.facilityId);
  const iso = now.toISOString();
  const after: Appointment = revised(before, {
    ...before,
    ...changes,
    status: to,
    pendingRescheduleId: null,
    updatedAt: iso,
  });
  const stamp = STATUS_TIMESTAMP[to];
  if (stamp) (after as unknown as Record<string, unknown>)[stamp] = iso;
  const items: TransactItems = [];
  if (to === 'arrived') {
    after.arrivalOutcome = arrivalOutcome(
      facility?.timeZone ?? DEFAULT_TIME_ZONE,
      before.scheduledDate,
      before.scheduledTimeStart,
      now,
    );
    if (unverifiedArrival && after.arrivalOutcome !== 'late') after.arrivalOutcome = 'late';
    if (before.carrierId) items.push(carrierOutcomeUpdate(ctx.tenantId, before.carrierId, after.arrivalOutcome));
  }
  if (to === 'no_show' && before.carrierId) items.push(carrierOutcomeUpdate(ctx.tenantId, before.carrierId, 'noShow'));
  if (to === 'cancelled' || to === 'no_show')
    items.push(...releaseItems(before), ...releaseReference(before), ...(await releaseAnswers(before)));
  // The truck left its door (its work completed, or it departed): the rest of the door's time is free.
  if (to === 'departed' && ON_SITE_STATUSES.includes(before.status))
    items.push(...(await doorReleaseItems(before, facility?.timeZone ?? DEFAULT_TIME_ZONE, now)));
  // No longer open: the vehicle's day is free for another booking (vehicle-day.ts).
  if (to === 'departed' || to === 'cancelled' || to === 'no_show') items.push(...(await releaseVehicleDay(before)));
  // A cancelled booking no longer keeps its day from becoming a holiday.
  if (to === 'cancelled') items.push(dayBookingsUpdate(before.tenantId, before.facilityId, before.scheduledDate, -1));
  // Its gate pass no longer opens the gate (issue #31).
  if (to === 'cancelled') items.push(gatePassRevocationPut(before, 'cancelled', now));
  items.push(...(await closePendingReschedule(ctx, before, to, now)));
  const who = before.vehicleLicense ?? before.carrierName ?? before.driverName ?? before.bookingReference;
  const NOTICE: Partial<Record<AppointmentStatus, string>> = {
    scheduled: 'Booking approved',
    arrived: 'Truck arrived',
    departed: 'Truck departed',
    cancelled: changes.approval?.decision === 'refused' ? 'Booking refused' : 'Appointment cancelled',
    no_show: 'No-show',
  };
  items.push(appointmentEventItem('appointment.status-changed', after, { from: before.status, to }, now));
  if (to === 'cancelled')
    items.push(
      appointmentEventItem(
        'appointment.cancelled',
        after,
        // A refused booking's driver hears the refusal (appointment.refused), not a cancellation.
        { reason: after.cancellationReason, refused: changes.approval?.decision === 'refused' },
        now,
      ),
    );
  if (NOTICE[to])
    items.push(
      notificationPut(
        ctx.tenantId,
        {
          type: 'appointment',
          title: NOTICE[to],
          message: `${who} · ${before.scheduledTimeStart}${before.doorNumber ? ` · dock ${before.doorNumber}` : ''}`,
        },
        now,
      ),
    );
  const write = [
    appointmentChangePut(after, before),
    ...items,
    ...extra,
    auditPut(
      {
        tenantId: ctx.tenantId,
        actor: ctx.actor,
        action: `appointment.${to}`,
        entityType: 'appointment',
        entityId: id,
        before: { ...before },
        after: { ...after },
      },
      now,
    ),
  ];
  await transact(...withDoor(door ?? NO_DOOR, write, () => new RevisionConflictError()));
  return after;
}

/** Frees what an appointment holds: door quarter hours, slot place, labour and equipment. */
function releaseItems(a: Appointment): TransactItems {
  const items: TransactItems = [...doorFreeItems(a)];
  if (a.slotId)
    items.push(
      slotPlaceUpdate(
        a.tenantId,
        a.facilityId,
        { slotDate: a.scheduledDate, startTime: a.scheduledTimeStart, endTime: a.scheduledTimeEnd, capacity: 0 },
        -1,
      ),
    );
  for (const assignment of assignmentsOf(a)) items.push(assignmentDelete(a.tenantId, a.facilityId, assignment));
  return items;
}

/**
 * Once its appointment moves past scheduled, a pending reschedule request no longer applies: it is
 * closed as denied, with the reason, in the status change's own transaction (decidedRequestPut
 * refuses it if someone decided it meanwhile, and then nothing of the change is written).
 */
async function closePendingReschedule(
  ctx: ChangeContext,
  before: Appointment,
  to: AppointmentStatus,
  now: Date,
): Promise<TransactItems> {
  if (!before.pendingRescheduleId) return [];
  const request = await getRescheduleRequest(ctx.tenantId, before.pendingRescheduleId);
  if (!request || request.status !== 'pending') return [];
  const closed = decidedRequest(
    request,
    'denied',
    ctx.actor?.username ?? 'system',
    now,
    `No longer applicable: the appointment is ${statusLabel(to)}`,
  );
  return [
    decidedRequestPut(closed),
    auditPut(
      {
        tenantId: ctx.tenantId,
        actor: ctx.actor,
        action: 'reschedule.closed',
        entityType: 'appointment',
        entityId: before.id,
        before: { ...request },
        after: { ...closed },
      },
      now,
    ),
  ];
}

export function decidedRequest(
  request: RescheduleRequest,
  status: 'approved' | 'denied',
  by: string,
  now: Date,
  decisionReason: string | null = null,
): RescheduleRequest {
  return { ...request, status, decidedAt: now.toISOString(), decidedBy: by, decisionReason };
}
