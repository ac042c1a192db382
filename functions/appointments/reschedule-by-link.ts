// A driver's one-tap reslot (issue #33) and a booker's change on their gate pass page (issue #32),
// through the reschedule rules of reschedules.ts.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../lib/audit';
import { ConflictError, RevisionConflictError } from '../lib/errors';
import { resolveFacility, type Facility } from '../facilities';
import { typedLoad } from '../appointment-types';
import { searchSlots } from './slot-search';
import { fromMinutes, toMinutes } from '../../shared/time';
import { assertBookable, assertChangeable } from './booking-rules';
import { loadAppointment } from './context';
import { newRequestPut } from './reschedule.store';
import {
  assertReschedulable,
  CHOOSE_OPEN_SLOT,
  fileRequest,
  moveForRequest,
  OPEN_SLOT_ONLY,
  type ExtraItems,
  type RescheduleWish,
} from './reschedules';
import type { Appointment, RescheduleRequest } from '../../shared/contracts/appointments';

/**
 * A driver's one-tap reslot (issue #33, functions/trips): the same rules as a request and its
 * approval, by the link's actor; `approve` moves the appointment at once (the request filed already
 * approved, in the move's transaction), otherwise the request waits for staff. `extra` (the link's
 * single use) is written in the same transaction.
 */
export async function rescheduleByLink(
  tenantId: string,
  actor: Actor,
  appointmentId: string,
  wish: RescheduleWish,
  options: { approve: boolean; extra: ExtraItems },
  now = new Date(),
): Promise<{ outcome: 'moved' | 'requested'; appointment: Appointment }> {
  const appointment = await loadAppointment(tenantId, appointmentId);
  if (!options.approve) {
    await fileRequest(tenantId, actor, appointment, wish, options.extra, now);
    return { outcome: 'requested', appointment: await loadAppointment(tenantId, appointmentId) };
  }
  assertReschedulable(appointment);
  if (appointment.pendingRescheduleId)
    throw new ConflictError('This appointment already has a pending reschedule request');
  const request: RescheduleRequest = {
    id: randomUUID(),
    tenantId,
    appointmentId,
    bookingReference: appointment.bookingReference,
    driverId: appointment.driverId,
    originalDate: appointment.scheduledDate,
    originalTimeStart: appointment.scheduledTimeStart,
    originalTimeEnd: appointment.scheduledTimeEnd,
    ...wish,
    status: 'approved',
    createdAt: now.toISOString(),
    createdBy: actor.username,
    decidedAt: now.toISOString(),
    decidedBy: actor.username,
    decisionReason: null,
  };
  const moved = await moveForRequest(tenantId, actor, request, newRequestPut(request), options.extra, now);
  return { outcome: 'moved', appointment: moved };
}

/** What the booker asks for on their gate pass page: a new day and start; the length stays the appointment's. */
export interface BookerWish {
  newDate: string;
  newTimeStart: string;
  reason?: RescheduleRequest['reason'];
}

/**
 * The booker's own reschedule by their gate pass link (issue #32): the facility's rules for a carrier's
 * own change (the change cut-off with no staff override, the lead time and day-before cut-off of the new
 * slot), then the move by the reschedule rules, or a request for staff where the facility approves
 * carrier bookings. The new start must be one the booker is offered (bookerSlots).
 */
export async function rescheduleByBooker(
  tenantId: string,
  actor: Actor,
  appointmentId: string,
  wish: BookerWish,
  now = new Date(),
): Promise<{ outcome: 'moved' | 'requested'; appointment: Appointment }> {
  const appointment = await loadAppointment(tenantId, appointmentId);
  assertReschedulable(appointment);
  const facility = await resolveFacility(tenantId, appointment.facilityId);
  await assertChangeable(null, appointment, facility.timeZone, false, now);
  const rules = await assertBookable(
    { kind: 'guest' },
    facility,
    { date: wish.newDate, start: wish.newTimeStart },
    { license: appointment.vehicleLicense, exceptAppointmentId: appointment.id },
    now,
  );
  const offered = (await offeredSlots(facility, appointment, wish.newDate, now)).find(
    (s) => s.startTime === wish.newTimeStart,
  );
  if (!offered) throw new ConflictError(OPEN_SLOT_ONLY, { newTimeStart: CHOOSE_OPEN_SLOT });
  // A slot booking takes the new slot's end; another keeps its length (a typed load's end is its type's rule).
  const newTimeEnd = appointment.slotId
    ? offered.endTime
    : fromMinutes(
        toMinutes(wish.newTimeStart) +
          toMinutes(appointment.scheduledTimeEnd) -
          toMinutes(appointment.scheduledTimeStart),
      );
  return rescheduleByLink(
    tenantId,
    actor,
    appointmentId,
    {
      newDate: wish.newDate,
      newTimeStart: wish.newTimeStart,
      newTimeEnd,
      reason: wish.reason ?? 'schedule_change',
      reasonDetails: 'Changed by the booker on the gate pass page',
      requestedBy: 'carrier',
    },
    { approve: !rules.approvalRequired, extra: { items: [], refusal: () => new RevisionConflictError() } },
    now,
  );
}

/** The slots a booker is offered on a day: open ones, for a typed load those with a door free for its whole duration. */
export async function bookerSlots(tenantId: string, appointmentId: string, date: string, now = new Date()) {
  const appointment = await loadAppointment(tenantId, appointmentId);
  return offeredSlots(await resolveFacility(tenantId, appointment.facilityId), appointment, date, now);
}

async function offeredSlots(facility: Facility, appointment: Appointment, date: string, now: Date) {
  return searchSlots(facility, date, await typedLoad(facility, appointment.typeId, appointment.quantity ?? null), now);
}
