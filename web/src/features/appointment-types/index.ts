// What other features use of appointment-types (issue #32): the /configuration section of a facility's
// types and booking fields, and what a booking form needs of them.
import { registerCatalogue } from '../../lib/i18n';
import { loadLater, type LoadedLater } from '../../lib/load-later';
import { appointmentTypesText } from './i18n';

registerCatalogue(appointmentTypesText);

// The set-up panel and the booking form's fields (their forms, react-hook-form and the contracts'
// schemas) are fetched when shown: the scheduling list imports this index for its search alone.
export const BookingSetupPanel = loadLater(
  async () => (await import('./components/booking-setup-panel')).BookingSetupPanel,
  { fallback: null },
);
/** Generic over the form's values; a booking form calls `BookingFields.preload()` as it loads. */
export const BookingFields = loadLater(async () => (await import('./components/booking-fields')).BookingFields, {
  fallback: null,
}) as unknown as typeof import('./components/booking-fields').BookingFields & LoadedLater<never>;
export { useBookingSetup } from './api/booking-setup';
export { BookingSearch } from './components/booking-search';
