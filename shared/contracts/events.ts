// The domain events of the product: written as items in the same transaction as the change that
// causes them (functions/lib/events.ts domainEventItem), delivered from the table's stream to the
// bus, the driver notifier (messaging) and the outbound webhooks (integrations). A consumer may
// receive an event more than once and deduplicates by the event's id.
export const DOMAIN_EVENT_TYPES = [
  'appointment.created', // booked by staff, driver, guest or an external system; detail: appointmentId, facilityId, date
  'appointment.status-changed', // detail: appointmentId, from, to (arrived, loading, unloading, departed, no_show, ...)
  'appointment.rescheduled', // a reschedule was approved and applied; detail: appointmentId, requestId
  'appointment.reschedule-denied', // detail: appointmentId, requestId, reason
  'appointment.cancelled', // detail: appointmentId, reason
  'appointment.approved', // staff approved a carrier's booking awaiting approval (issue #32); detail: appointmentId
  'appointment.refused', // staff refused a carrier's booking awaiting approval; detail: appointmentId, reason
  'appointment.delayed', // not arrived N minutes after its start (scheduled job); detail: appointmentId, minutesLate
  'checkin.created', // the truck checked in; detail: checkinId, appointmentId, method
  'checkin.door-assigned', // a dock door was assigned; detail: checkinId, appointmentId, dockDoorId
  'loading.completed', // loading or unloading finished (check-in completed); detail: checkinId, appointmentId
  'goods.received', // WMS receipt; detail: receiptId/movementId, productId, binId, quantity, appointmentId?
  'user.approved', // registration approved; detail: userId
  'user.rejected', // registration rejected; detail: userId, reason
  // Detention (issue #57): a truck's free time ran out (detail: appointmentId, carrierId, startedAt, terms); a
  // truck left with its figures (sent again when a correction changes them); a carrier's monthly statement.
  'detention.started',
  'detention.closed',
  'statement.issued', // detail: statementId, number, carrierId, month, totals
] as const;

export type DomainEventType = (typeof DOMAIN_EVENT_TYPES)[number];
