// Guest slot booking (Quick Slot Booking): no account; the slot's bookedCount goes up
// in the same transaction as the booking, conditioned on the capacity, and an Idempotency-Key makes
// a retry return the same confirmation (Powertools idempotency, functions/lib/idempotency.ts).
import { createHash } from 'node:crypto';
import { auditPut, type Actor } from '../lib/audit';
import { idempotent } from '../lib/idempotency';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { notificationPut } from '../notifications';
import { bookingReferencePut, getAppointment, newAppointmentPut } from './appointment.store';
import { bookedDayItems, HOLIDAY_CLOSED, slotPlaceUpdate } from '../facilities';
import { slotsOf } from '../facilities';
import { parseSlotId } from '../facilities';
import { newAppointment, referenceBooking } from './booking';
import { holdReference, transactWithHold } from '../references';
import { appointmentEventItem, guestBookedEventId } from './events';
import { assertBookable, initialStatus } from './booking-rules';
import { claimVehicleDay } from './vehicle-day';
import { answersTransaction, bookingAnswers, typedLoad, withAnswers } from '../appointment-types';
import { freeDoorFor, searchSlots } from './slot-search';
import { NO_DOOR, reserveDoor, withDoor } from './door-reservation';
import { NO_DOOR_FOR_TYPE } from './booking';
import { issueGatePass, newPassLink } from '../passes';
import { getTenant } from '../lib/tenants';
import { choicesToken, consentPuts } from '../consent';
import { qrSvg } from '../lib/qr';
import { logger } from '../lib/logger';
import { instantOf } from '../../shared/time';
import { facilityAddressLine } from '../../shared/contracts/facilities';
import type { Facility } from '../facilities';
import type * as z from 'zod/mini';
import { guestBookingSchema, type GuestBookingConfirmation } from '../../shared/contracts/appointments-guest';
import { parseBody, type ApiRequest } from '../lib/http';
import { IDEMPOTENCY_KEY_PATTERN } from '../../shared/ids';

type GuestBookingInput = z.output<typeof guestBookingSchema>;

/**
 * A booking through a facility's booking link (functions/booking-links): recorded as the link's, for its
 * carrier; or by a known driver in a chat (functions/chat, issue #56): no link, for the driver's carrier.
 */
export interface BookedVia {
  bookingLinkId: string | null;
  /** The driver record the booking is for (a known driver booking by chat): it shows in their app. */
  driverId?: string | null;
  carrierId: string | null;
  carrierName: string | null;
  actor: Actor;
}

/** A guest booking's body (the schema the booking form checks too) and its Idempotency-Key. */
export function guestBookingRequest(req: ApiRequest): { input: GuestBookingInput; key: string | undefined } {
  const input = parseBody(req, guestBookingSchema);
  const key = req.event.headers?.['idempotency-key'];
  if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new BadRequestError('Idempotency-Key must be 8-100 letters, digits, - or _');
  return { input, key };
}

/**
 * Guest slot booking: the slot's bookedCount goes up in the same transaction as the booking. With an
 * Idempotency-Key, a retry of the same request (per tenant) returns the first confirmation.
 */
export async function bookGuestSlot(
  facility: Facility,
  input: GuestBookingInput,
  idempotencyKey: string | undefined,
  now = new Date(),
  via?: BookedVia,
): Promise<GuestBookingConfirmation> {
  const booked = idempotencyKey
    ? await bookIdempotently(`${facility.tenantId}:${idempotencyKey}`, input, {
        facility,
        now,
        via,
        appointmentId: keyedAppointmentId(facility.tenantId, idempotencyKey),
      })
    : await bookOnce(input, { facility, now, via });
  return confirmationOf(facility, booked, now);
}

/**
 * The guest's confirmation panel, read after the booking (a retry answers the booking as it is now):
 * the company and facility, the door once assigned, and a gate pass while the booking is scheduled.
 */
async function confirmationOf(
  facility: Facility,
  booked: GuestBookingResult,
  now: Date,
): Promise<GuestBookingConfirmation> {
  const [tenant, appointment] = await Promise.all([
    getTenant(facility.tenantId),
    getAppointment(facility.tenantId, booked.appointmentId),
  ]);
  // The booking is made: a pass, its link (through which the panel keeps it on the phone) or the
  // privacy choices link that cannot be made now must not turn it into an error for the guest. The
  // three are independent: made together, so the guest waits for the slowest, not for their sum.
  const unlessFailed =
    (what: string) =>
    (error: unknown): null => {
      logger.warn(`guest booking confirmed without ${what}`, { appointmentId: booked.appointmentId, error });
      return null;
    };
  const scheduled = appointment?.status === 'scheduled' ? appointment : null;
  const [choicesLink, pass, passLink] = await Promise.all([
    appointment?.driverPhone
      ? choicesToken(facility.tenantId, appointment.driverPhone).catch(unlessFailed('a choices link'))
      : null,
    scheduled && issueGatePass(scheduled, facility, now).catch(unlessFailed('a gate pass')),
    scheduled &&
      newPassLink(scheduled, facility, scheduled.guest?.language ?? null, null, now).catch(
        unlessFailed('a gate pass link'),
      ),
  ]);
  const slotDate = appointment?.scheduledDate ?? booked.slotDate;
  const startTime = appointment?.scheduledTimeStart ?? booked.startTime;
  const endTime = appointment?.scheduledTimeEnd ?? booked.endTime;
  return {
    confirmationCode: booked.confirmationCode,
    tenantName: tenant?.name ?? '',
    facilityName: facility.name,
    address: facilityAddressLine(facility) || null,
    timeZone: facility.timeZone,
    slotDate,
    startTime,
    endTime,
    startsAt: instantOf(slotDate, startTime, facility.timeZone).toISOString(),
    // A slot ends by the facility's closing time, on its own day (functions/facilities/slot-rules.ts).
    endsAt: instantOf(slotDate, endTime, facility.timeZone).toISOString(),
    doorNumber: appointment?.doorNumber ?? null,
    awaitingApproval: appointment?.status === 'pending_approval',
    gatePass: pass && {
      token: pass.token,
      qrSvg: await qrSvg(pass.token),
      expiresAt: new Date(pass.claims.exp * 1000).toISOString(),
    },
    passLink,
    choicesLink,
  };
}

const REUSED_KEY = 'This booking request was already used for a different booking';

const bookIdempotently = idempotent(bookOnce, {
  operation: 'guest-booking',
  expiresAfterSeconds: 24 * 3600,
  reusedKeyMessage: REUSED_KEY,
  tenantOf: ({ facility }) => facility.tenantId,
});

/**
 * The id of the booking an Idempotency-Key makes (a UUID from the tenant and the key). Powertools
 * forgets a key whose use case failed, so a retry runs it again: when the first try's transaction was
 * applied and only its answer lost ("may or may not have been saved"), the retry finds the booking by
 * this id and answers it, and the booking's own condition (no appointment with its id yet) keeps two
 * tries from both writing (issue #55: the chaos run's guest bookings were doubled).
 */
function keyedAppointmentId(tenantId: string, idempotencyKey: string): string {
  const hex = createHash('sha256').update(`guest-booking\u0000${tenantId}\u0000${idempotencyKey}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The first try's booking, as a retry with its key answers it (null: no try was applied). */
async function bookedBefore(
  tenantId: string,
  appointmentId: string,
  input: GuestBookingInput,
): Promise<GuestBookingResult | null> {
  const booked = await getAppointment(tenantId, appointmentId);
  if (!booked) return null;
  if (booked.vehicleLicense !== input.vehicleNumber || booked.slotId !== input.slotId)
    throw new ConflictError(REUSED_KEY);
  return {
    appointmentId,
    confirmationCode: booked.bookingReference,
    slotDate: booked.scheduledDate,
    startTime: booked.scheduledTimeStart,
    endTime: booked.scheduledTimeEnd,
  };
}

interface BookingCall {
  facility: Facility;
  now: Date;
  via?: BookedVia;
  /** Made from the Idempotency-Key (keyedAppointmentId): the same for every try of one request. */
  appointmentId?: string;
}

async function bookOnce(input: GuestBookingInput, call: BookingCall): Promise<GuestBookingResult> {
  const { facility, appointmentId } = call;
  const before = appointmentId ? await bookedBefore(facility.tenantId, appointmentId, input) : null;
  if (before) return before;
  try {
    return await bookNew(input, call);
  } catch (err) {
    // A retry whose first try was answered "may or may not have been saved" (past its deadline) can run
    // while that try's transaction lands: the place it took makes this one "fully booked". The booking
    // the key made is then the answer, read, not a refusal of a booking the guest has (issue #55).
    if (!appointmentId || !(err instanceof ConflictError)) throw err;
    const meanwhile = await bookedBefore(facility.tenantId, appointmentId, input);
    if (meanwhile) return meanwhile;
    throw err;
  }
}

async function bookNew(
  input: GuestBookingInput,
  { facility, now, via, appointmentId }: BookingCall,
): Promise<GuestBookingResult> {
  const parsed = parseSlotId(input.slotId);
  if (!parsed)
    throw new BadRequestError('Please fill in all required fields and select a time slot', { slotId: 'Unknown slot' });
  const slot = (await slotsOf(facility, parsed.date, now)).find((s) => s.startTime === parsed.startTime);
  if (!slot) throw new NotFoundError('This slot does not exist');
  if (slot.isBlocked) throw new ConflictError('This slot is not available for booking');
  // A typed load is offered by slot search (a door that takes it free for its whole duration), untyped by the slot's places.
  const load = await typedLoad(facility, input.typeId, input.quantity);
  const offered =
    load && (await searchSlots(facility, parsed.date, load, now)).find((s) => s.startTime === slot.startTime);
  const door = load && offered ? await freeDoorFor(facility, slot.slotDate, slot.startTime, load) : null;
  if (load && !door) throw new ConflictError(NO_DOOR_FOR_TYPE, { slotId: NO_DOOR_FOR_TYPE });
  if (!load && !slot.isAvailable)
    throw new ConflictError(
      slot.bookedCount >= slot.capacity
        ? 'This slot is fully booked. Please choose another slot.'
        : 'This slot is not available for booking',
    );
  const rules = await assertBookable(
    { kind: 'guest' },
    facility,
    { date: slot.slotDate, start: slot.startTime },
    { license: input.vehicleNumber },
    now,
  );

  const tenantId = facility.tenantId;
  const appointment = newAppointment(
    {
      ...(appointmentId ? { id: appointmentId } : {}),
      tenantId,
      facilityId: facility.id,
      facilityName: facility.name,
      carrierId: via?.carrierId ?? null,
      driverId: via?.driverId ?? null,
      carrierName: via?.carrierName ?? (input.ownerType === 'Driver' ? null : input.ownerName),
      bookingLinkId: via?.bookingLinkId ?? null,
      // A booking link books for carriers: at a facility that approves carrier bookings, it waits too.
      status: via ? initialStatus(rules, { kind: 'guest' }) : 'scheduled',
      driverName: input.driverName,
      driverPhone: input.mobileNumber,
      vehicleLicense: input.vehicleNumber,
      scheduledDate: slot.slotDate,
      scheduledTimeStart: slot.startTime,
      scheduledTimeEnd: offered ? offered.endTime : slot.endTime,
      loadType: load?.type.direction ?? input.loadType,
      dockDoorId: door?.id ?? null,
      doorNumber: door?.doorNumber ?? null,
      typeId: load?.type.id ?? null,
      durationMinutes: load?.durationMinutes ?? null,
      estimatedDuration: load?.durationMinutes ?? 60,
      bookedBy:
        input.ownerType === 'Transporter' ? 'transporter' : input.ownerType === 'TruckOwner' ? 'truck_owner' : 'driver',
      bookingType: 'guest',
      slotId: slot.id,
      poNumber: input.poNumber,
      quantity: input.quantity,
      guest: {
        ownerType: input.ownerType,
        ownerName: input.ownerName,
        ownerContactNumber: input.ownerContactNumber,
        vehicleType: input.vehicleType,
        capacityTons: input.capacityTons,
        driverLicense: input.driverLicense,
        goodsType: input.goodsType,
        ewayBill: input.ewayBill,
        expectedArrivalDate: input.expectedArrivalDate,
        language: input.language,
      },
    },
    now,
  );
  const id = appointment.id;
  const result: GuestBookingResult = {
    appointmentId: id,
    confirmationCode: appointment.bookingReference,
    slotDate: slot.slotDate,
    startTime: slot.startTime,
    endTime: appointment.scheduledTimeEnd,
  };
  const answers = await bookingAnswers(facility, appointment.typeId ?? null, input.fields, 'carrier', appointment);
  appointment.fields = answers.fields;
  // After the answers: the customer's system (callback mode) is shown them.
  const hold = await holdReference(referenceBooking(appointment), now);
  appointment.referenceCheck = hold.check;
  const reservation = door ? await reserveDoor(door, appointment) : NO_DOOR;
  const vehicleDay = await claimVehicleDay(rules, appointment);
  // A typed load takes door time instead of a place of the slot.
  const place = load ? [] : [slotPlaceUpdate(tenantId, facility.id, slot)];
  const channel = input.facility ? 'booking_link' : 'guest_booking';
  const consent = await consentPuts(tenantId, input.mobileNumber, input.consent, channel, null, now);
  const items = [
    ...place,
    // The day is no holiday (after the place) and counts this booking, so a holiday cannot close it meanwhile.
    ...bookedDayItems(tenantId, facility.id, slot.slotDate),
    newAppointmentPut(appointment),
    ...vehicleDay.items,
    auditPut(
      {
        tenantId,
        actor: via?.actor ?? null,
        action: 'appointment.guest-booked',
        entityType: 'appointment',
        entityId: id,
        after: { ...appointment },
      },
      now,
    ),
    bookingReferencePut(appointment),
    appointmentEventItem(
      'appointment.created',
      appointment,
      // The guest's SMS is in the language they booked in and names the facility (issue #29.1).
      { bookingType: appointment.bookingType, guest: true, language: input.language, facilityName: facility.name },
      now,
      guestBookedEventId(appointment.id),
    ),
    notificationPut(
      tenantId,
      {
        type: 'appointment',
        title: appointment.status === 'pending_approval' ? 'Booking awaiting approval' : 'Guest slot booked',
        message: `${appointment.vehicleLicense} (${appointment.driverName}) booked ${slot.slotDate} ${slot.startTime}`,
      },
      now,
    ),
    ...consent,
  ];
  await answersTransaction(answers, () =>
    transactWithHold(
      hold,
      withAnswers(
        answers,
        withDoor(reservation, items, (index) => {
          if (index < place.length) return new ConflictError('This slot is fully booked. Please choose another slot.');
          if (index === place.length) return new ConflictError(HOLIDAY_CLOSED);
          const claim = index - place.length - 3;
          if (claim >= 0 && claim < vehicleDay.items.length) return vehicleDay.refusal(claim);
          return new ConflictError('Please try again');
        }),
      ),
    ),
  );
  return result;
}

/** What a booking (or its retry with the same Idempotency-Key) answers before the panel is read. */
interface GuestBookingResult {
  appointmentId: string;
  confirmationCode: string;
  slotDate: string;
  startTime: string;
  endTime: string;
}
