// What other domains may use of appointments (docs/architecture.md §1); nothing else of it is imported from outside.
export {
  appointmentChangePut,
  appointmentItem,
  bookingReferencePut,
  doorHolders,
  findByBookingReference,
  getAppointment,
  listAppointmentsAtDoors,
  listAppointmentsByDate,
  listAppointmentsOfDays,
  listAppointmentsStartingBy,
  listAppointmentsByPhone,
  listDriverAppointments,
  newAppointmentPut,
  setAppointmentGateHint,
} from './appointment.store';
// A change shown on an appointment without a write of it (a gate hold let through) is noted in its day's log.
export { scheduleChangePuts } from './day-changes.store';
export { isPunctual, withinOpeningHours } from './rules';
export { bookAppointment, newAppointment } from './booking';
export { contextOf, findAppointment, todayFor } from './context';
export type { ChangeContext, TransactItems } from './context';
export { moveStatus } from './status-flow';
// Standing appointments (issue #32) cancel their occurrences from a date on as any appointment is cancelled.
export { cancelAppointment, cancelByBooker } from './cancel';
// A platform carrier (functions/carrier-identity, issue #59) asks a hub for a new time as that hub's booker.
export { requestReschedule } from './reschedules';
export { arriveAtDoor, bookedDoor, requestedDoor, withDoor } from './door-reservation';
// A holding area's call forward (functions/holding, issue #58.3) takes a door back from a driver who did not come.
export { doorReleaseItems } from './door-reservation';
// Staff's door plan (issue #58.2) moves a booked truck's door and door time by the one door rule.
export { placeAtDoor } from './door-change';
// One open appointment per vehicle per day (issue #52.6): a walk-in asks and claims as a booking does.
export { assertBookable } from './booking-rules';
export { claimVehicleDay } from './vehicle-day';
export { appointmentEventItem, guestBookedEventId } from './events';
// A facility's booking rules: the reminder lead time the reminders worker reads (issue #32).
export { bookingRulesOf, isLateCancellation } from './booking-rules';
export { reconcileCounters } from './reconcile-counters';
// The one-off move of the date index to a key per facility (issue #60), run by scripts/migrate.ts.
export { reindexAppointments } from './reindex.store';
// The trip watch's one-tap reslot (issue #33) moves an appointment by the reschedule rules.
export { bookerSlots, rescheduleByBooker, rescheduleByLink, type BookerWish } from './reschedule-by-link';
// A booking through a facility's booking link (functions/booking-links) takes the guest path.
export { bookGuestSlot, guestBookingRequest } from './guest-booking';
// A booking link's page offers the starts its load fits, by the one slot search (issue #32).
export { searchSlots } from './slot-search';
// A person's erasure (issue #52): their appointments, by driver and by number, erased one by one.
export { appointmentsOfPerson, eraseFromAppointment, tracesOnAppointment } from './erase-person';
