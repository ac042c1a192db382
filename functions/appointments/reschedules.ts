// Reschedules: a request for a scheduled appointment, then approval (the appointment
// moves, its door time and slot place with it, in one transaction) or denial. The appointment records
// its one pending request, so the status change that starts it can close that request atomically.
import { gatePassRevocationPut } from '../passes';
import { randomUUID } from 'node:crypto';
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError, NotFoundError, RevisionConflictError } from '../lib/errors';
import { appointmentChangePut } from './appointment.store';
import { requestedDoor, reserveDoor, withDoor } from './door-reservation';
import { assignmentDelete, bookedDayItems, dayBookingsUpdate, resolveFacility } from '../facilities';
import { slotPlaceUpdate, slotsOf } from '../facilities';
import { decidedRequestPut, getRescheduleRequest, newRequestPut } from './reschedule.store';
import { checkAvailability } from './availability';
import { actorOf, findAppointmentToChange, loadAppointment, type TransactItems } from './context';
import { assignmentsOf } from './equipment';
import { appointmentEventItem } from './events';
import { decidedRequest } from './status-flow';
import { assertBookable, assertChangeable, bookerOf, bookingRulesOf } from './booking-rules';
import { claimVehicleDay } from './vehicle-day';
import { referenceBooking } from './booking';
import { loadEnd } from './slot-search';
import { typedLoad } from '../appointment-types';
import { recheckReference, transactWithHold } from '../references';
import type { Facility } from '../facilities';
import {
  isReschedulable,
  statusLabel,
  type Appointment,
  type RescheduleRequest,
} from '../../shared/contracts/appointments';
import type { SessionUser } from '../../shared/contracts/auth';
import type * as z from 'zod/mini';
import type { rescheduleInputSchema } from '../../shared/contracts/appointments';

export async function requestReschedule(
  user: SessionUser,
  id: string,
  input: z.output<typeof rescheduleInputSchema>,
  now = new Date(),
): Promise<RescheduleRequest> {
  const appointment = await findAppointmentToChange(user, id, 'You can reschedule only your own appointments');
  const { overrideCutoff, ...wish } = input;
  // The facility's rules: the current slot still open to changes, the new one open to this booker.
  const facility = await resolveFacility(user.tenantId, appointment.facilityId);
  const override = await assertChangeable(user, appointment, facility.timeZone, overrideCutoff, now);
  await assertBookable(
    bookerOf(user),
    facility,
    { date: input.newDate, start: input.newTimeStart },
    { license: appointment.vehicleLicense, exceptAppointmentId: appointment.id },
    now,
  );
  return fileRequest(
    user.tenantId,
    actorOf(user),
    appointment,
    {
      ...wish,
      requestedBy: user.permissions.includes('reschedules:decide')
        ? input.requestedBy
        : user.driverId
          ? 'driver'
          : input.requestedBy,
    },
    { ...NO_EXTRA, items: override },
    now,
  );
}

/** A guest's slot booking moves only to another open slot (its place in the slot moves with it). */
export const OPEN_SLOT_ONLY = 'A guest booking can move only to another open slot';
export const CHOOSE_OPEN_SLOT = 'Choose an open slot';

export type RescheduleWish = Pick<
  RescheduleRequest,
  'newDate' | 'newTimeStart' | 'newTimeEnd' | 'reason' | 'reasonDetails' | 'requestedBy'
>;

/** Extra items of a reschedule's transaction (a reslot link's single use), and the error when one fails. */
export interface ExtraItems {
  items: TransactItems;
  refusal: () => Error;
}
const NO_EXTRA: ExtraItems = { items: [], refusal: () => new RevisionConflictError() };

/** Files a request for a reschedulable appointment without one pending: the new time must be open now. */
export async function fileRequest(
  tenantId: string,
  actor: Actor,
  appointment: Appointment,
  input: RescheduleWish,
  extra: ExtraItems,
  now: Date,
): Promise<RescheduleRequest> {
  const id = appointment.id;
  assertReschedulable(appointment);
  if (appointment.pendingRescheduleId)
    throw new ConflictError('This appointment already has a pending reschedule request');
  const facility = await resolveFacility(tenantId, appointment.facilityId);
  const newTimeEnd = await movedEnd(facility, appointment, input);
  const availability = await checkAvailability(
    {
      facility,
      date: input.newDate,
      timeStart: input.newTimeStart,
      timeEnd: newTimeEnd,
      dockDoorId: appointment.dockDoorId,
      excludeAppointmentId: id,
    },
    now,
  );
  if (!availability.available) throw new ConflictError(availability.reason ?? 'New time slot is not available');
  if (
    appointment.slotId &&
    !(await slotsOf(facility, input.newDate, now)).some(
      (s) => s.startTime === input.newTimeStart && s.endTime === input.newTimeEnd && s.isAvailable,
    )
  ) {
    throw new ConflictError(OPEN_SLOT_ONLY, { newTimeStart: CHOOSE_OPEN_SLOT });
  }
  const request: RescheduleRequest = {
    id: randomUUID(),
    tenantId,
    appointmentId: id,
    bookingReference: appointment.bookingReference,
    driverId: appointment.driverId,
    originalDate: appointment.scheduledDate,
    originalTimeStart: appointment.scheduledTimeStart,
    originalTimeEnd: appointment.scheduledTimeEnd,
    ...input,
    newTimeEnd,
    status: 'pending',
    createdAt: now.toISOString(),
    createdBy: actor.username,
    decidedAt: null,
    decidedBy: null,
    decisionReason: null,
  };
  await transact(
    [
      newRequestPut(request),
      // The appointment records its one pending request; unchanged since read, so still scheduled and without one.
      appointmentChangePut(
        { ...appointment, pendingRescheduleId: request.id, updatedAt: now.toISOString() },
        appointment,
      ),
      ...extra.items,
      auditPut(
        {
          tenantId,
          actor,
          action: 'reschedule.requested',
          entityType: 'appointment',
          entityId: id,
          after: { ...request },
        },
        now,
      ),
    ],
    (index) => (index >= 2 && index < 2 + extra.items.length ? extra.refusal() : new RevisionConflictError()),
  );
  return request;
}

/**
 * Where a moved load ends: a typed appointment is as long as its type's duration rule makes its
 * quantity now (issue #32); an untyped one as long as the time asked for.
 */
async function movedEnd(
  facility: Facility,
  a: Appointment,
  wish: { newTimeStart: string; newTimeEnd: string },
): Promise<string> {
  const load = await typedLoad(facility, a.typeId, a.quantity ?? null);
  return load ? loadEnd(wish.newTimeStart, load) : wish.newTimeEnd;
}

/** Only a scheduled appointment below its reschedule limit can move (issue #12: not once started). */
export function assertReschedulable(a: Appointment) {
  if (isReschedulable(a)) return;
  if (a.status !== 'scheduled')
    throw new ConflictError(
      `This appointment is ${statusLabel(a.status)}; only a scheduled appointment can be rescheduled`,
    );
  if (a.rescheduleCount >= a.maxReschedules)
    throw new ConflictError(`This appointment has already been rescheduled ${a.rescheduleCount} times (the limit)`);
  throw new ConflictError('This appointment cannot be rescheduled');
}

export async function pendingRequest(tenantId: string, requestId: string): Promise<RescheduleRequest> {
  const request = await getRescheduleRequest(tenantId, requestId);
  if (!request) throw new NotFoundError('Reschedule request not found');
  if (request.status !== 'pending')
    throw new ConflictError(
      `This request was already ${request.status}${request.decisionReason ? ` (${request.decisionReason})` : ''}`,
    );
  return request;
}

/** Approving moves the appointment: the old door time is freed and the new one reserved, at once. */
export async function approveReschedule(user: SessionUser, requestId: string, now = new Date()): Promise<Appointment> {
  const request = await pendingRequest(user.tenantId, requestId);
  return moveForRequest(
    user.tenantId,
    actorOf(user),
    request,
    decidedRequestPut(decidedRequest(request, 'approved', user.username, now)),
    NO_EXTRA,
    now,
  );
}

/**
 * Moves the appointment to the request's time in one transaction with `requestItem` (the request
 * decided, or filed already approved): the old door time is freed and the new one reserved.
 */
export async function moveForRequest(
  tenantId: string,
  actor: Actor,
  request: RescheduleRequest,
  requestItem: TransactItems[number],
  extra: ExtraItems,
  now: Date,
): Promise<Appointment> {
  const requestId = request.id;
  const before = await loadAppointment(tenantId, request.appointmentId);
  assertReschedulable(before);
  const facility = await resolveFacility(tenantId, before.facilityId);
  const newTimeEnd = await movedEnd(facility, before, request);
  const availability = await checkAvailability(
    {
      facility,
      date: request.newDate,
      timeStart: request.newTimeStart,
      timeEnd: newTimeEnd,
      dockDoorId: before.dockDoorId,
      excludeAppointmentId: before.id,
    },
    now,
  );
  if (!availability.available) throw new ConflictError(`The new time is no longer available: ${availability.reason}`);
  const after: Appointment = {
    ...before,
    scheduledDate: request.newDate,
    scheduledTimeStart: request.newTimeStart,
    scheduledTimeEnd: newTimeEnd,
    rescheduleCount: before.rescheduleCount + 1,
    slotId: before.slotId ? `${request.newDate}_${request.newTimeStart.replace(':', '')}` : null,
    // Labour and equipment were reserved for the old time; they are assigned again for the new one.
    laborInchargeId: null,
    equipmentIds: [],
    pendingRescheduleId: null,
    updatedAt: now.toISOString(),
  };
  // The door moves with it by the one door rule (door-reservation.ts): the old quarter hours freed, the new ones held.
  const reservation = await reserveDoor(
    await requestedDoor(before.tenantId, before.facilityId, before.dockDoorId),
    after,
    before,
  );
  const slotItems: TransactItems = [];
  // A typed guest load holds door time, not a place of its slot (guest-booking.ts): only an untyped one moves a place.
  if (before.slotId && !before.typeId) {
    const slot = (await slotsOf(facility, request.newDate, now)).find((s) => s.startTime === request.newTimeStart);
    if (!slot) throw new ConflictError('The new slot does not exist any more');
    slotItems.push(
      slotPlaceUpdate(
        before.tenantId,
        before.facilityId,
        {
          slotDate: before.scheduledDate,
          startTime: before.scheduledTimeStart,
          endTime: before.scheduledTimeEnd,
          capacity: 0,
        },
        -1,
      ),
      slotPlaceUpdate(before.tenantId, before.facilityId, slot),
    );
  }
  // The customer's system is asked about the move (callback mode), before anything is written.
  const recheck = await recheckReference(
    { ...referenceBooking(before), check: before.referenceCheck ?? null },
    referenceBooking(after),
    now,
  );
  if (recheck.check) after.referenceCheck = recheck.check;
  const moves = assignmentsOf(before);
  // Moved to another day, the vehicle's day moves with it: the old one released, the new one claimed.
  const vehicleDay = await claimVehicleDay(await bookingRulesOf(tenantId, before.facilityId), after, before);
  // Moved to another day: the old day no longer counts it, the new one does (and must be no holiday).
  const dayItems =
    request.newDate === before.scheduledDate
      ? []
      : [
          dayBookingsUpdate(before.tenantId, before.facilityId, before.scheduledDate, -1),
          ...bookedDayItems(before.tenantId, before.facilityId, request.newDate),
        ];
  await transactWithHold(
    recheck,
    withDoor(
      reservation,
      [
        requestItem,
        // Unchanged since read: still scheduled, below the limit, and not moved by anyone else.
        appointmentChangePut(after, before),
        ...extra.items,
        ...vehicleDay.items,
        ...slotItems,
        ...moves.map((a) => assignmentDelete(before.tenantId, before.facilityId, a)),
        ...dayItems,
        appointmentEventItem(
          'appointment.rescheduled',
          after,
          { requestId, previousDate: before.scheduledDate, previousTimeStart: before.scheduledTimeStart },
          now,
        ),
        auditPut(
          {
            tenantId,
            actor,
            action: 'appointment.rescheduled',
            entityType: 'appointment',
            entityId: before.id,
            before: { ...before },
            after: { ...after, requestId },
          },
          now,
        ),
        // The pass of the old time no longer opens the gate; the new one carries the next version (issue #31).
        gatePassRevocationPut(before, 'rescheduled', now),
      ],
      (index) =>
        index === 0
          ? new ConflictError('This request was already decided')
          : index === 1
            ? new RevisionConflictError()
            : index < 2 + extra.items.length
              ? extra.refusal()
              : index < 2 + extra.items.length + vehicleDay.items.length
                ? vehicleDay.refusal(index - 2 - extra.items.length)
                : new ConflictError(
                    'The new time is no longer available. Please deny the request or ask for another time.',
                  ),
    ),
  );
  return after;
}
