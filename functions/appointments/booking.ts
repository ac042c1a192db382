// Booking by staff and by drivers (guest booking has its own file): the door, labour and carrier
// counters are reserved in the appointment's own transaction with its audit record, with conditional
// writes, so concurrent requests can never double-book.
import { randomUUID } from 'node:crypto';
import { auditPut } from '../lib/audit';
import { BadRequestError, ConflictError, ForbiddenError, HttpError } from '../lib/errors';
import { notificationPut } from '../notifications';
import { carrierOutcomeUpdate, getCarrier, getDriver } from '../carriers';
import { bookedDayItems, getFacility, HOLIDAY_CLOSED, listResources, reserveResource } from '../facilities';
import { bookingReferencePut, newAppointmentPut } from './appointment.store';
import { requestedDoor, reserveDoor, withDoor } from './door-reservation';
import { checkAvailability } from './availability';
import { actorOf, type TransactItems } from './context';
import { appointmentEventItem } from './events';
import { bookingReference } from './rules';
import { assertBookable, bookerOf, initialStatus } from './booking-rules';
import { claimVehicleDay } from './vehicle-day';
import { holdReference, transactWithHold } from '../references';
import { answersTransaction, bookingAnswers, typedLoad, withAnswers, type TypedLoad } from '../appointment-types';
import { doorTakesType, freeDoorFor, loadEnd } from './slot-search';
import type { DockDoor, Facility } from '../facilities';
import type { FieldValue } from '../../shared/contracts/booking-fields';
import { actsForAll } from '../../shared/access';
import type { Appointment } from '../../shared/contracts/appointments';
import type { SessionUser } from '../../shared/contracts/auth';
import type * as z from 'zod/mini';
import type { appointmentInputSchema } from '../../shared/contracts/appointments';

export const MAX_RESCHEDULES = 2;

/** What the reference check of an appointment names (functions/references/holds.ts). */
export const referenceBooking = (a: Appointment) => ({
  tenantId: a.tenantId,
  facilityId: a.facilityId,
  appointmentId: a.id,
  bookingReference: a.bookingReference,
  carrierId: a.carrierId,
  driverId: a.driverId,
  poNumber: a.poNumber,
  quantity: a.quantity ?? null,
  bolNumber: a.bolNumber,
  scheduledDate: a.scheduledDate,
  scheduledTimeStart: a.scheduledTimeStart,
  scheduledTimeEnd: a.scheduledTimeEnd,
  typeId: a.typeId ?? null,
  fields: a.fields ?? [],
});

type AppointmentCore = Pick<
  Appointment,
  | 'tenantId'
  | 'facilityId'
  | 'facilityName'
  | 'scheduledDate'
  | 'scheduledTimeStart'
  | 'scheduledTimeEnd'
  | 'loadType'
  | 'bookedBy'
  | 'bookingType'
>;

/** A new appointment: the given facts, and every other field at its starting value. */
export function newAppointment(core: AppointmentCore & Partial<Appointment>, now: Date): Appointment {
  const iso = now.toISOString();
  return {
    id: randomUUID(),
    carrierId: null,
    carrierName: null,
    driverId: null,
    driverName: null,
    driverPhone: null,
    vehicleLicense: null,
    dockDoorId: null,
    doorNumber: null,
    laborInchargeId: null,
    priority: 'normal',
    bookingReference: bookingReference(core.scheduledDate),
    slotId: null,
    poNumber: null,
    bolNumber: null,
    palletCount: null,
    cartonCount: null,
    quantity: null,
    referenceCheck: null,
    estimatedDuration: 60,
    specialInstructions: null,
    handlingEquipmentNotes: null,
    equipmentIds: [],
    status: 'scheduled',
    canReschedule: true,
    rescheduleCount: 0,
    maxReschedules: MAX_RESCHEDULES,
    guest: null,
    arrivedAt: null,
    arrivalOutcome: null,
    loadingStartedAt: null,
    departedAt: null,
    cancelledAt: null,
    cancellationReason: null,
    pendingRescheduleId: null,
    createdAt: iso,
    createdBy: null,
    updatedAt: iso,
    ...core,
  };
}

const DOOR_TAKEN = 'Time slot is not available. Please select a different time.';

export const NOT_LINKED =
  'Your account is not linked to a carrier or driver yet. Ask your administrator to link it before booking.';

/**
 * Staff (appointments:write) book for any carrier of their tenant; everyone else only for what their
 * account is linked to (issue #14.1): a driver for themself, a carrier-side booker for their own
 * carrier (any of its drivers); an account linked to nothing books nothing.
 */
function bookingParty(user: SessionUser, carrierId: string, driverId: string | null) {
  if (actsForAll(user)) return { carrierId, driverId };
  if (!user.carrierId) throw new ForbiddenError(NOT_LINKED);
  if (user.driverId) {
    if (carrierId !== user.carrierId || (driverId && driverId !== user.driverId))
      throw new ForbiddenError('Drivers can book appointments only for themselves');
    return { carrierId: user.carrierId, driverId: user.driverId };
  }
  if (carrierId !== user.carrierId) {
    const ownCarrierOnly = 'You can book appointments only for your own carrier';
    throw new HttpError(403, ownCarrierOnly, { carrierId: ownCarrierOnly });
  }
  return { carrierId, driverId };
}

/** `alsoWrite` adds the caller's items to the booking's own transaction (an integration's external-id mapping): all or nothing. */
export async function bookAppointment(
  user: SessionUser,
  // The PO quantity and the vehicle are optional to callers that build the input themselves (demo data, the bench).
  input: Omit<z.output<typeof appointmentInputSchema>, 'quantity' | 'vehicleLicense' | 'typeId' | 'fields'> & {
    quantity?: number | null;
    vehicleLicense?: string | null;
    typeId?: string | null;
    fields?: Record<string, FieldValue>;
  },
  now = new Date(),
  alsoWrite: (appointment: Appointment) => TransactItems = () => [],
): Promise<Appointment> {
  const tenantId = user.tenantId;
  const facility = await getFacility(tenantId, input.facilityId);
  if (!facility) throw new BadRequestError('Please select a facility', { facilityId: 'Facility not found' });
  const party = bookingParty(user, input.carrierId, input.driverId);
  const [carrier, driver, requested, load] = await Promise.all([
    getCarrier(tenantId, party.carrierId),
    party.driverId ? getDriver(tenantId, party.carrierId, party.driverId) : null,
    requestedDoor(tenantId, facility.id, input.dockDoorId),
    typedLoad(facility, input.typeId, input.quantity ?? null),
  ]);
  const timeEnd = load ? loadEnd(input.scheduledTimeStart, load) : input.scheduledTimeEnd;
  const door = load
    ? await typedDoor(requested, load, facility, input.scheduledDate, input.scheduledTimeStart)
    : requested;
  if (!carrier) throw new BadRequestError('Please select a carrier', { carrierId: 'Carrier not found' });
  if (party.driverId && !driver)
    throw new BadRequestError('The driver does not drive for this carrier', {
      driverId: 'The driver does not drive for this carrier',
    });
  if (
    input.laborInchargeId &&
    !(await listResources(tenantId, facility.id, 'labor')).some((l) => l.id === input.laborInchargeId)
  ) {
    throw new BadRequestError('Labour in-charge not found at this facility', {
      laborInchargeId: 'Labour in-charge not found at this facility',
    });
  }
  // The door is checked and reserved by the one door rule (reserveDoor), after the window itself.
  const availability = await checkAvailability(
    { facility, date: input.scheduledDate, timeStart: input.scheduledTimeStart, timeEnd },
    now,
  );
  if (!availability.available) throw new ConflictError(availability.reason ?? DOOR_TAKEN);
  const booker = bookerOf(user);
  const rules = await assertBookable(
    booker,
    facility,
    { date: input.scheduledDate, start: input.scheduledTimeStart },
    { license: input.vehicleLicense ?? null },
    now,
  );

  const appointment = newAppointment(
    {
      tenantId,
      facilityId: facility.id,
      facilityName: facility.name,
      carrierId: carrier.id,
      carrierName: carrier.name,
      driverId: driver?.id ?? null,
      driverName: driver?.name ?? null,
      driverPhone: driver?.phone ?? null,
      vehicleLicense: input.vehicleLicense ?? null,
      dockDoorId: door?.id ?? null,
      doorNumber: door?.doorNumber ?? null,
      laborInchargeId: input.laborInchargeId,
      scheduledDate: input.scheduledDate,
      scheduledTimeStart: input.scheduledTimeStart,
      scheduledTimeEnd: timeEnd,
      loadType: load?.type.direction ?? input.loadType,
      priority: input.priority,
      bookedBy: input.bookedBy,
      bookingType: 'staff',
      poNumber: input.poNumber,
      bolNumber: input.bolNumber,
      palletCount: input.palletCount,
      cartonCount: input.cartonCount,
      quantity: input.quantity ?? null,
      estimatedDuration: load?.durationMinutes ?? input.estimatedDuration,
      typeId: load?.type.id ?? null,
      durationMinutes: load?.durationMinutes ?? null,
      specialInstructions: input.specialInstructions,
      handlingEquipmentNotes: input.handlingEquipmentNotes,
      createdBy: user.username,
      status: initialStatus(rules, booker),
    },
    now,
  );
  const id = appointment.id;
  const answers = await bookingAnswers(
    facility,
    appointment.typeId ?? null,
    input.fields ?? {},
    actsForAll(user) ? 'staff' : 'carrier',
    appointment,
  );
  appointment.fields = answers.fields;
  const labour = input.laborInchargeId
    ? await reserveResource(tenantId, facility.id, {
        kind: 'labor',
        resourceId: input.laborInchargeId,
        appointmentId: id,
        date: input.scheduledDate,
        timeStart: input.scheduledTimeStart,
        timeEnd,
      })
    : [];
  if (!labour)
    throw new ConflictError('The labour in-charge is already assigned at this time', {
      laborInchargeId: 'Already assigned at this time',
    });
  const reservation = await reserveDoor(door, appointment);
  const vehicleDay = await claimVehicleDay(rules, appointment);
  const hold = await holdReference(referenceBooking(appointment), now);
  appointment.referenceCheck = hold.check;
  const items = [
    newAppointmentPut(appointment),
    ...labour,
    ...vehicleDay.items,
    carrierOutcomeUpdate(tenantId, carrier.id, 'booked'),
    bookingReferencePut(appointment),
    appointmentEventItem('appointment.created', appointment, { bookingType: appointment.bookingType }, now),
    notificationPut(
      tenantId,
      {
        type: 'appointment',
        title: appointment.status === 'pending_approval' ? 'Booking awaiting approval' : 'Appointment booked',
        message: `${carrier.name} booked ${appointment.scheduledDate} ${appointment.scheduledTimeStart}${door ? ` at dock ${door.doorNumber}` : ''}`,
      },
      now,
    ),
    auditPut(
      {
        tenantId,
        actor: actorOf(user),
        action: 'appointment.created',
        entityType: 'appointment',
        entityId: id,
        after: { ...appointment },
      },
      now,
    ),
    ...alsoWrite(appointment),
    // The day is no holiday and counts this booking, so a holiday cannot close it meanwhile.
    ...bookedDayItems(tenantId, facility.id, appointment.scheduledDate),
  ];
  await answersTransaction(answers, () =>
    transactWithHold(
      hold,
      withAnswers(
        answers,
        withDoor(reservation, items, (index) =>
          index === items.length - 2
            ? new ConflictError(HOLIDAY_CLOSED)
            : index >= 1 && index <= labour.length
              ? new ConflictError('The labour in-charge was just assigned elsewhere. Please choose again.')
              : index > labour.length && index <= labour.length + vehicleDay.items.length
                ? vehicleDay.refusal(index - 1 - labour.length)
                : new ConflictError(DOOR_TAKEN),
        ),
      ),
    ),
  );
  return appointment;
}

export const NO_DOOR_FOR_TYPE =
  'No door that takes this appointment type is free for the whole load. Please choose another time.';

/** The door of a typed load: the one asked for, if it takes the type; else a free one that does. */
async function typedDoor(
  requested: DockDoor | null,
  load: TypedLoad,
  facility: Facility,
  date: string,
  start: string,
): Promise<DockDoor> {
  if (requested) {
    if (doorTakesType(requested, load.type)) return requested;
    const message = `Door ${requested.doorNumber} does not take this appointment type`;
    throw new BadRequestError(message, { dockDoorId: message });
  }
  const free = await freeDoorFor(facility, date, start, load);
  if (!free) throw new ConflictError(NO_DOOR_FOR_TYPE, { scheduledTimeStart: NO_DOOR_FOR_TYPE });
  return free;
}
