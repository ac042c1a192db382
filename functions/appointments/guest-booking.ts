// Guest slot booking (spec doc 1 §5, Quick Slot Booking): no account; the slot's bookedCount goes up
// in the same transaction as the booking, conditioned on the capacity, and an Idempotency-Key makes
// a retry return the same confirmation.
import { createHash } from 'node:crypto';
import { auditPut } from '../lib/audit';
import { config } from '../lib/config';
import { getItem, transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { publish } from '../lib/events';
import { notificationPut } from '../insights';
import { appointmentItem, bookingReferencePut } from './appointment.store';
import { slotKeys, slotPlaceUpdate } from '../facilities';
import { slotsOf } from '../facilities';
import { parseSlotId } from '../facilities';
import { newAppointment } from './service';
import type { Facility } from '../facilities';
import type { z } from 'zod';
import type { guestBookingSchema } from '../../shared/contracts/appointments';

/** Guest slot booking: the slot's bookedCount goes up in the same transaction as the booking. */
export async function bookGuestSlot(facility: Facility, input: z.output<typeof guestBookingSchema>, idempotencyKey: string | undefined, now = new Date()) {
  const parsed = parseSlotId(input.slotId);
  if (!parsed) throw new BadRequestError('Please fill in all required fields and select a time slot', { slotId: 'Unknown slot' });
  const slot = (await slotsOf(facility, parsed.date, now)).find((s) => s.startTime === parsed.startTime);
  if (!slot) throw new NotFoundError('This slot does not exist');
  if (slot.isBlocked) throw new ConflictError('This slot is not available for booking');
  if (!slot.isAvailable) throw new ConflictError(slot.bookedCount >= slot.capacity ? 'This slot is fully booked. Please choose another slot.' : 'This slot is not available for booking');

  const tenantId = facility.tenantId;
  const bodyHash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
  const idemKey = idempotencyKey ? { PK: `IDEMPOTENCY#${createHash('sha256').update(`${tenantId}:${idempotencyKey}`).digest('hex')}`, SK: 'GUEST_BOOKING' } : null;
  if (idemKey) {
    const previous = await getItem<{ bodyHash: string; response: GuestBookingResult }>(idemKey, true);
    if (previous) return replay(previous, bodyHash);
  }

  const appointment = newAppointment(
    {
      tenantId,
      facilityId: facility.id,
      facilityName: facility.name,
      carrierName: input.ownerType === 'Driver' ? null : input.ownerName,
      driverName: input.driverName,
      driverPhone: input.mobileNumber,
      vehicleLicense: input.vehicleNumber,
      scheduledDate: slot.slotDate,
      scheduledTimeStart: slot.startTime,
      scheduledTimeEnd: slot.endTime,
      loadType: input.loadType,
      bookedBy: input.ownerType === 'Transporter' ? 'transporter' : input.ownerType === 'TruckOwner' ? 'truck_owner' : 'driver',
      bookingType: 'guest',
      slotId: slot.id,
      poNumber: input.poNumber,
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
      },
    },
    now,
  );
  const id = appointment.id;
  const result: GuestBookingResult = {
    confirmationCode: appointment.bookingReference,
    facilityName: facility.name,
    slotDate: slot.slotDate,
    startTime: slot.startTime,
    endTime: slot.endTime,
  };
  const items = [
    slotPlaceUpdate(tenantId, facility.id, slot),
    { ConditionCheck: { TableName: config.tableName, Key: slotKeys.holiday(tenantId, facility.id, slot.slotDate), ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { TableName: config.tableName, Item: appointmentItem(appointment), ConditionExpression: 'attribute_not_exists(PK)' } },
    auditPut({ tenantId, actor: null, action: 'appointment.guest-booked', entityType: 'appointment', entityId: id, after: { ...appointment } }, now),
    ...(idemKey
      ? [{ Put: { TableName: config.tableName, Item: { ...idemKey, bodyHash, response: result, expiresAt: Math.floor(now.getTime() / 1000) + 24 * 3600 }, ConditionExpression: 'attribute_not_exists(PK)' } }]
      : []),
    bookingReferencePut(appointment),
    notificationPut(tenantId, { type: 'appointment', title: 'Guest slot booked', message: `${appointment.vehicleLicense} (${appointment.driverName}) booked ${slot.slotDate} ${slot.startTime}` }, now),
  ];
  try {
    await transact(items, (index) => {
      if (index === 0) return new ConflictError('This slot is fully booked. Please choose another slot.');
      if (index === 1) return new ConflictError('The facility is closed on this date (holiday)');
      if (index === 4 && idemKey) return new IdempotentReplay();
      return new ConflictError('Please try again');
    });
  } catch (err) {
    if (err instanceof IdempotentReplay && idemKey) {
      const previous = await getItem<{ bodyHash: string; response: GuestBookingResult }>(idemKey, true);
      if (previous) return replay(previous, bodyHash);
    }
    throw err;
  }
  await publish({ type: 'appointment.booked', tenantId, detail: { appointmentId: id, facilityId: facility.id, date: slot.slotDate, guest: true } });
  return result;
}

export interface GuestBookingResult {
  confirmationCode: string;
  facilityName: string;
  slotDate: string;
  startTime: string;
  endTime: string;
}

class IdempotentReplay extends Error {}

function replay(previous: { bodyHash: string; response: GuestBookingResult }, bodyHash: string): GuestBookingResult {
  if (previous.bodyHash !== bodyHash) throw new ConflictError('This booking request was already used for a different booking');
  return previous.response;
}
