// What other domains may use of appointments (docs/architecture.md §1); nothing else of it is imported from outside.
export {
  appointmentChangePut,
  appointmentItem,
  blockPuts,
  bookingReferencePut,
  doorBlockKeys,
  doorHolders,
  findByBookingReference,
  getAppointment,
  listAppointmentsAtDoors,
  listAppointmentsByDate,
  listDriverAppointments,
  newAppointmentPut,
  setAppointmentGateHint,
} from './appointment.store';
export { isPunctual } from './rules';
export { bookAppointment, newAppointment } from './booking';
export { contextOf, findAppointment, todayFor } from './context';
export type { ChangeContext, TransactItems } from './context';
export { changeStatus, moveStatus } from './status-flow';
export { doorRefusal, requestedDoor, reserveDoor, withDoor } from './door-reservation';
export type { DoorReservation } from './door-reservation';
export { appointmentEventItem } from './events';
// A facility's booking rules: the reminder lead time the reminders worker reads (issue #32).
export { bookingRulesOf } from './booking-rules';
export { reconcileCounters } from './reconcile-counters';
export type { CounterCorrection } from './reconcile-counters';
// The trip watch's one-tap reslot (issue #33) moves an appointment by the reschedule rules.
export { type ExtraItems } from './reschedules';
export { rescheduleByLink } from './reschedule-by-link';
export { eraseDriverFromAppointments } from './erase-person';
