// What other domains may use of appointments (docs/architecture.md §1); nothing else of it is imported from outside.
export { appointmentChangePut, appointmentItem, blockPuts, bookingReferencePut, doorBlockKeys, doorHolders, findByBookingReference, getAppointment, listAppointmentsByDate, listDriverAppointments } from './appointment.store';
export { isPunctual } from './rules';
export { bookAppointment, changeStatus, contextOf, findAppointment, newAppointment, todayFor } from './service';
export type { ChangeContext } from './service';
