// The domain events of appointments and check-ins (shared/contracts/events.ts), as transaction items
// written with the change that causes them (functions/lib/events.ts domainEventItem). Every one
// carries what its consumers (driver messages, outbound webhooks) need without reading the
// appointment again: ids, facility, day and time, door, carrier and driver.
import { domainEventItem } from '../lib/events';
import type { Appointment } from '../../shared/contracts/appointments';
import type { DomainEventType } from '../../shared/contracts/events';

/** The id of a guest booking's `appointment.created` event: the guest's page reads how its message went by it (issue #53). */
export const guestBookedEventId = (appointmentId: string) => `appointment-created-${appointmentId}`;

export function appointmentEventItem(
  type: DomainEventType,
  a: Appointment,
  extra: Record<string, unknown>,
  now: Date,
  id?: string,
) {
  return domainEventItem(
    {
      ...(id ? { id } : {}),
      type,
      tenantId: a.tenantId,
      // It names the driver (their number): on the appointment's event index, where an erasure finds it.
      about: a.id,
      detail: {
        appointmentId: a.id,
        bookingReference: a.bookingReference,
        facilityId: a.facilityId,
        scheduledDate: a.scheduledDate,
        scheduledTimeStart: a.scheduledTimeStart,
        scheduledTimeEnd: a.scheduledTimeEnd,
        status: a.status,
        dockDoorId: a.dockDoorId,
        doorNumber: a.doorNumber,
        carrierId: a.carrierId,
        driverId: a.driverId,
        driverPhone: a.driverPhone,
        // Issue #32: the type, the load and the custom fields as booked.
        typeId: a.typeId ?? null,
        quantity: a.quantity ?? null,
        durationMinutes: a.durationMinutes ?? null,
        fields: a.fields ?? [],
        // A guest has no driver record: their messages (approval, cancellation) go in the language they booked in.
        ...(a.guest?.language ? { language: a.guest.language } : {}),
        ...extra,
      },
    },
    now,
  );
}
