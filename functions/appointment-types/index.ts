// What other domains may use of appointment-types (docs/architecture.md §1); nothing else of it is imported from outside.
export { answersTransaction, bookingAnswers, releaseAnswers, typedLoad, withAnswers } from './booking-terms';
export type { TypedLoad } from './booking-terms';
export { bookingSetup } from './setup';
export { hasAppointmentTypes } from './readiness';
