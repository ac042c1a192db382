// What other features use of appointment-types (issue #32): the /configuration section of a facility's
// types and booking fields, and what a booking form needs of them.
import { registerCatalogue } from '../../lib/i18n';
import { appointmentTypesText } from './i18n';

registerCatalogue(appointmentTypesText);

export { BookingSetupPanel } from './components/booking-setup-panel';
export { BookingFields } from './components/booking-fields';
export { useBookingSetup } from './api/booking-setup';
export { BookingSearch } from './components/booking-search';
