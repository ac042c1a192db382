// Driver check-in: by staff (quick or walk-in), by the driver in the app, or by QR code at the
// gate. Checking in marks the appointment arrived in the same transaction, with the door staff chose
// reserved by the one door rule (functions/appointments door-reservation.ts); from then on the truck
// moves through the on-site flow (on-site.ts).
import { consentPuts } from '../consent';
import { randomUUID } from 'node:crypto';
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError, ForbiddenError, NotFoundError } from '../lib/errors';
import {
  bookingReferencePut,
  findByBookingReference,
  getAppointment,
  listDriverAppointments,
  newAppointmentPut,
  arriveAtDoor,
  assertBookable,
  bookedDoor,
  claimVehicleDay,
  requestedDoor,
  withDoor,
} from '../appointments';
import { checkinPuts, isCheckedIn } from './checkin.store';
import { getFacility, resolveFacility, type Facility } from '../facilities';
import { notificationPut } from '../notifications';
import { normalizePhone } from '../users';
import { owns, type Viewer } from '../../shared/access';
import { appointmentEventItem, moveStatus, newAppointment, type ChangeContext } from '../appointments';
import type { Checkin } from '../../shared/contracts/checkins';
import { BLOCK_MINUTES, type Appointment } from '../../shared/contracts/appointments';
import { MINUTES_PER_DAY } from '../../shared/contracts/appointment-types';
import { fromMinutes, localDateTime, toMinutes, DEFAULT_TIME_ZONE } from '../../shared/time';
import { checkinWindow } from './rules';
import { gateDecisionPuts, gateStep } from './gate-step';
import type * as z from 'zod/mini';
import type { walkInCheckinSchema } from '../../shared/contracts/checkins';

type Method = Checkin['checkinMethod'];

interface CheckinInput {
  driverName?: string | null;
  vehicleLicense?: string | null;
  dockDoorId?: string | null;
  notes?: string | null;
  driverLicense?: string | null;
  ewayBill?: string | null;
  /** A synced gate time (offline-checkin.ts): kept on the check-in; `verified` false: not counted punctual. */
  gateTime?: { claimedAt: string; receivedAt: string; verified: boolean };
}

/**
 * Checks in for a scheduled appointment: check-in + appointment arrived, one transaction. Every
 * check-in path comes through here, so checkinWindow (its day only, from 2 hours before) holds for all.
 */
export async function checkInAppointment(
  ctx: ChangeContext,
  appointmentId: string,
  input: CheckinInput,
  method: Method,
  now = new Date(),
): Promise<Checkin> {
  const appointment = await getAppointment(ctx.tenantId, appointmentId);
  if (!appointment) throw new NotFoundError('Appointment not found');
  if (appointment.status === 'pending_approval')
    throw new ConflictError("This booking is awaiting the facility's approval; it can be checked in once approved");
  if (appointment.status !== 'scheduled')
    throw new ConflictError(
      `This appointment is ${appointment.status}; only a scheduled appointment can be checked in`,
    );
  if (await isCheckedIn(ctx.tenantId, appointmentId)) throw new ConflictError('This appointment is already checked in');
  const facility = await getFacility(ctx.tenantId, appointment.facilityId);
  const window = checkinWindow(
    facility?.timeZone ?? DEFAULT_TIME_ZONE,
    appointment.scheduledDate,
    appointment.scheduledTimeStart,
    now,
  );
  if (!window.open) throw new ConflictError(window.reason);
  // A door chosen at check-in becomes the appointment's (one it booked is kept otherwise); either way the
  // truck reaches it by the one door rule: not while another truck stands there, a late one from now.
  const given =
    input.dockDoorId && input.dockDoorId !== appointment.dockDoorId
      ? await requestedDoor(ctx.tenantId, appointment.facilityId, input.dockDoorId)
      : null;
  const atDoor = given ? { dockDoorId: given.id, doorNumber: given.doorNumber } : {};
  const arrival = await arriveAtDoor(
    given ?? (await bookedDoor(appointment)),
    { ...appointment, ...atDoor },
    appointment,
    now,
  );
  const gateCtx = {
    ...ctx,
    facilityId: appointment.facilityId,
    timeZone: facility?.timeZone ?? DEFAULT_TIME_ZONE,
    now,
  };
  const gate = await gateStep(gateCtx, appointment, input);
  const checkin = { ...newCheckin(ctx, { ...appointment, ...atDoor }, input, method, now), gate };
  await moveStatus(ctx, appointment, 'arrived', now, {
    changes: { ...atDoor, ...arrival.changes },
    door: arrival.reservation,
    unverifiedArrival: input.gateTime ? !input.gateTime.verified : false,
    extra: [
      ...checkinPuts(checkin),
      ...gateDecisionPuts(gateCtx, gate, appointment.id, checkin.id, checkin.vehicleLicense),
      notificationPut(
        ctx.tenantId,
        {
          type: 'checkin',
          title: 'Driver checked in',
          message: `${checkin.driverName}${checkin.vehicleLicense ? ` (${checkin.vehicleLicense})` : ''} checked in${checkin.doorNumber ? ` for dock ${checkin.doorNumber}` : ''}`,
        },
        now,
      ),
      auditPut(
        {
          tenantId: ctx.tenantId,
          actor: ctx.actor,
          action: 'checkin.created',
          entityType: 'checkin',
          entityId: checkin.id,
          after: { ...checkin },
        },
        now,
      ),
      appointmentEventItem(
        'checkin.created',
        { ...appointment, ...atDoor, status: 'arrived' },
        { checkinId: checkin.id, method, vehicleLicense: checkin.vehicleLicense },
        now,
      ),
    ],
  });
  return checkin;
}

/** The check-in of an appointment as it will be (its door included). */
function newCheckin(ctx: ChangeContext, a: Appointment, input: CheckinInput, method: Method, now: Date): Checkin {
  const iso = now.toISOString();
  return {
    id: randomUUID(),
    tenantId: ctx.tenantId,
    facilityId: a.facilityId,
    appointmentId: a.id,
    bookingReference: a.bookingReference,
    driverId: a.driverId,
    driverName: input.driverName || a.driverName || 'Driver',
    vehicleLicense: input.vehicleLicense || a.vehicleLicense,
    carrierName: a.carrierName,
    dockDoorId: a.dockDoorId,
    doorNumber: a.doorNumber,
    notes: input.notes ?? null,
    status: 'checked_in',
    checkinMethod: method,
    checkInTime: iso,
    atDockAt: null,
    completedAt: null,
    departedAt: null,
    createdAt: iso,
    createdBy: ctx.actor?.username ?? null,
    ...(input.gateTime && { claimedAt: input.gateTime.claimedAt, receivedAt: input.gateTime.receivedAt }),
  };
}

export const WALK_IN_MINUTES = 120;

/** A walk-in: an appointment for now (two hours) and its check-in, written together. */
export async function checkInWalkIn(
  ctx: ChangeContext,
  input: z.output<typeof walkInCheckinSchema>,
  now = new Date(),
): Promise<Checkin> {
  const facility = await resolveFacility(ctx.tenantId, 'default');
  const local = localDateTime(now, facility.timeZone);
  const start = Math.floor(toMinutes(local.time) / BLOCK_MINUTES) * BLOCK_MINUTES;
  // A day's appointment ends by 23:59, so a walk-in late in the evening holds its door to the day's end
  // (at 23:50 its window is 23:45-23:59, the last quarter hour held; never an empty window).
  const end = Math.min(start + WALK_IN_MINUTES, MINUTES_PER_DAY - 1);
  const door = await requestedDoor(ctx.tenantId, facility.id, input.dockDoorId);
  // A walk-in is a booking too: where the facility holds a vehicle to one open appointment a day, a
  // vehicle that has one today is checked in for that one (issue #52.6), not walked in beside it.
  const rules = await assertBookable(
    { kind: 'staff' },
    facility,
    { date: local.date, start: fromMinutes(start) },
    { license: input.vehicleLicense },
    now,
  );
  const iso = now.toISOString();
  const gateCtx = { ...ctx, facilityId: facility.id, timeZone: facility.timeZone, now };
  const walkInId = randomUUID();
  const gate = await gateStep(gateCtx, { id: walkInId, vehicleLicense: input.vehicleLicense, guest: null }, input);
  const appointment = newAppointment(
    {
      id: walkInId,
      tenantId: ctx.tenantId,
      facilityId: facility.id,
      facilityName: facility.name,
      carrierName: input.carrierName,
      driverName: input.driverName,
      driverPhone: input.driverPhone,
      vehicleLicense: input.vehicleLicense,
      dockDoorId: door?.id ?? null,
      doorNumber: door?.doorNumber ?? null,
      scheduledDate: local.date,
      scheduledTimeStart: fromMinutes(start),
      scheduledTimeEnd: fromMinutes(end),
      loadType: input.loadType,
      bookedBy: 'walk_in',
      bookingType: 'walk_in',
      poNumber: input.poNumber,
      bolNumber: input.bolNumber,
      estimatedDuration: WALK_IN_MINUTES,
      status: 'arrived',
      canReschedule: false,
      maxReschedules: 0,
      arrivedAt: iso,
      createdBy: ctx.actor?.username ?? null,
    },
    now,
  );
  const checkin = { ...newCheckin(ctx, appointment, input, 'manual', now), gate };
  // Its window starts in the quarter hour under way, so a walk-in is never late: its door time is its window.
  const { reservation } = await arriveAtDoor(door, appointment, null, now);
  const vehicleDay = await claimVehicleDay(rules, appointment);
  const consent = await consentPuts(ctx.tenantId, input.driverPhone, input.consent, 'gate_checkin', ctx.actor, now);
  const items = [
    newAppointmentPut(appointment),
    ...vehicleDay.items,
    bookingReferencePut(appointment),
    ...checkinPuts(checkin),
    notificationPut(
      ctx.tenantId,
      {
        type: 'checkin',
        title: 'Walk-in checked in',
        message: `${checkin.driverName} (${checkin.vehicleLicense}) of ${input.carrierName}`,
      },
      now,
    ),
    auditPut(
      {
        tenantId: ctx.tenantId,
        actor: ctx.actor,
        action: 'appointment.walk-in',
        entityType: 'appointment',
        entityId: appointment.id,
        after: { ...appointment },
      },
      now,
    ),
    auditPut(
      {
        tenantId: ctx.tenantId,
        actor: ctx.actor,
        action: 'checkin.created',
        entityType: 'checkin',
        entityId: checkin.id,
        after: { ...checkin },
      },
      now,
    ),
    appointmentEventItem('appointment.created', appointment, { bookingType: appointment.bookingType }, now),
    appointmentEventItem(
      'checkin.created',
      appointment,
      { checkinId: checkin.id, method: 'manual', walkIn: true, vehicleLicense: checkin.vehicleLicense },
      now,
    ),
    ...gateDecisionPuts(gateCtx, gate, appointment.id, checkin.id, checkin.vehicleLicense),
    ...consent,
  ];
  const claimed = (index: number) => index >= 1 && index <= vehicleDay.items.length;
  await transact(
    ...withDoor(reservation, items, (index) =>
      claimed(index) ? vehicleDay.refusal(index - 1) : new ConflictError('Please try again'),
    ),
  );
  return checkin;
}

/**
 * Check-in from a scanned QR code: a signed-in driver checks in their own scheduled appointment of
 * that facility that is due now; anyone else proves the booking with its reference and mobile number.
 */
export async function checkInByQr(
  facility: Facility,
  who: Viewer & { actor: Actor | null },
  proof: { bookingReference?: string; mobileNumber?: string },
  now = new Date(),
): Promise<Checkin> {
  let appointment: Appointment | null = null;
  if (proof.bookingReference) {
    appointment = await findByBookingReference(facility.tenantId, proof.bookingReference);
    const phone = proof.mobileNumber ? normalizePhone(proof.mobileNumber) : null;
    const matchesPhone = appointment?.driverPhone && phone && normalizePhone(appointment.driverPhone) === phone;
    const matchesDriver = appointment && owns(who, appointment);
    if (!appointment || appointment.facilityId !== facility.id || !(matchesPhone || matchesDriver)) {
      throw new NotFoundError('No booking matches this code and mobile number at this facility');
    }
  } else if (who.driverId) {
    appointment = dueNow(facility, await listDriverAppointments(facility.tenantId, who.driverId), now);
  } else {
    throw new ForbiddenError('Enter your booking code and mobile number to check in');
  }
  return checkInAppointment({ tenantId: facility.tenantId, actor: who.actor }, appointment.id, {}, 'qr_code', now);
}

/** The driver's scheduled appointment at the facility that checkinWindow lets in now; else why not. */
function dueNow(facility: Facility, appointments: Appointment[], now: Date): Appointment {
  const scheduled = appointments
    .filter((a) => a.facilityId === facility.id && a.status === 'scheduled')
    .sort((a, b) =>
      `${a.scheduledDate}${a.scheduledTimeStart}`.localeCompare(`${b.scheduledDate}${b.scheduledTimeStart}`),
    );
  const windows = scheduled.map((a) => ({
    appointment: a,
    window: checkinWindow(facility.timeZone, a.scheduledDate, a.scheduledTimeStart, now),
  }));
  const due = windows.find((w) => w.window.open);
  if (due) return due.appointment;
  const laterToday = windows.find((w) => !w.window.open && w.window.opensLaterToday);
  if (laterToday && !laterToday.window.open) throw new ConflictError(laterToday.window.reason);
  throw new NotFoundError('You have no appointment to check in for at this facility today');
}
