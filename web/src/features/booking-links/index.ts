// What other features and the app use of booking links (issue #32): the /book/<token> screen and the
// staff section of /configuration.
import { registerCatalogue } from '../../lib/i18n';
import { bookingLinksText } from './i18n';

registerCatalogue(bookingLinksText);

export { BookRoute } from './routes/book-route';
export { BookingLinksPanel } from './components/booking-links-panel';
