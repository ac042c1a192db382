// Driver check-in: by staff (quick or walk-in), by the driver in the app, or by QR code at the
// gate. Checking in marks the appointment arrived in the same transaction, with the door staff chose
// reserved by the one door rule (functions/appointments door-reservation.ts); from then on the truck
// moves through the on-site flow (on-site.ts).
import { consentPuts } from '../consent';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../lib/errors';
import {
  bookingReferencePut,
  findByBookingReference,
  getAppointment,
  listDriverAppointments,
  newAppointmentPut,
  requestedDoor,
  reserveDoor,
  withDoor,
} from '../appointments';
import { checkinPuts, isCheckedIn } from './checkin.store';
import { ensureFacilityLink, facilityOfLink, getFacility, resolveFacility, type Facility } from '../facilities';
import { notificationPut } from '../notifications';
import { normalizePhone } from '../users';
import { findTenantSecret, tenantSecret } from '../tenancy';
import { owns, type Viewer } from '../../shared/access';
import { appointmentEventItem, moveStatus, newAppointment, type ChangeContext } from '../appointments';
import type { Checkin } from '../../shared/contracts/checkins';
import { BLOCK_MINUTES, type Appointment } from '../../shared/contracts/appointments';
import { MINUTES_PER_DAY } from '../../shared/contracts/appointment-types';
import { fromMinutes, localDateTime, toMinutes, DEFAULT_TIME_ZONE } from '../../shared/time';
import { checkinWindow } from './rules';
import { gateDecisionPuts, gateStep } from './gate-step';
import type * as z from 'zod';
import type { walkInCheckinSchema } from '../../shared/contracts/checkins';

type Method = Checkin['checkinMethod'];

interface CheckinInput {
  driverName?: string | null;
  vehicleLicense?: string | null;
  dockDoorId?: string | null;
  notes?: string | null;
  driverLicense?: string | null;
  ewayBill?: string | null;
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
  // A door chosen at check-in becomes the appointment's, reserved for its time (one it booked is kept otherwise).
  const door =
    input.dockDoorId && input.dockDoorId !== appointment.dockDoorId
      ? await requestedDoor(ctx.tenantId, appointment.facilityId, input.dockDoorId)
      : null;
  const atDoor = door ? { dockDoorId: door.id, doorNumber: door.doorNumber } : {};
  const reservation = door ? await reserveDoor(door, { ...appointment, ...atDoor }, appointment) : undefined;
  const gateCtx = {
    ...ctx,
    facilityId: appointment.facilityId,
    timeZone: facility?.timeZone ?? DEFAULT_TIME_ZONE,
    now,
  };
  const gate = await gateStep(gateCtx, appointment, input);
  const checkin = { ...newCheckin(ctx, { ...appointment, ...atDoor }, input, method, now), gate };
  await moveStatus(ctx, appointment, 'arrived', now, {
    changes: atDoor,
    door: reservation,
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
  const reservation = await reserveDoor(door, appointment);
  const consent = await consentPuts(ctx.tenantId, input.driverPhone, input.consent, 'gate_checkin', ctx.actor, now);
  const items = [
    newAppointmentPut(appointment),
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
  await transact(...withDoor(reservation, items, () => new ConflictError('Please try again')));
  return checkin;
}

// ---- QR check-in links: signed with a per-tenant key kept in the table ----

export const QR_LINK_HOURS = 24;

const tenantQrKey = (tenantId: string) => tenantSecret(tenantId, 'QRKEY');

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/**
 * The gate QR's link. Its payload names the facility by its revocable link token, not by its tenant and
 * facility ids, so scanning it reveals nothing a guest could book with beyond that link (issue #28.5).
 */
export async function createQrLink(facility: Facility, origin: string, now = new Date()) {
  const expiresAt = new Date(now.getTime() + QR_LINK_HOURS * 3600 * 1000);
  const link = await ensureFacilityLink(facility.tenantId, facility.id);
  const payload = Buffer.from(JSON.stringify({ l: link.token, exp: Math.floor(expiresAt.getTime() / 1000) })).toString(
    'base64url',
  );
  const token = `${payload}.${sign(await tenantQrKey(facility.tenantId), payload)}`;
  return { token, url: `${origin}/checkin/qr?t=${token}`, expiresAt: expiresAt.toISOString() };
}

/** The facility a QR token names, if its signature holds and it has not expired. */
export async function verifyQrToken(token: string, now = new Date()): Promise<Facility> {
  const invalid = new BadRequestError(
    'This check-in code is not valid or has expired. Please scan the code at the gate again.',
  );
  const [payload, signature] = token.split('.');
  if (!payload || !signature) throw invalid;
  let claims: { l?: string; exp?: number };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    throw invalid;
  }
  if (typeof claims.l !== 'string' || typeof claims.exp !== 'number') throw invalid;
  // Read-only: a forged or revoked link, or a tenant without a key, is simply invalid.
  const facility = await facilityOfLink(claims.l).catch(() => null);
  const key = facility && (await findTenantSecret(facility.tenantId, 'QRKEY'));
  if (!facility || !key) throw invalid;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid;
  if (claims.exp * 1000 < now.getTime()) throw invalid;
  return facility;
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
