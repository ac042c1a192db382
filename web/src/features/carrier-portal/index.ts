// What other features use of carrier self-service (issue #32): the mobile-code sign-in on the sign-in
// card, the booking rules section of /configuration, and the monthly carrier scorecard (staff's on
// /analytics, a carrier's own on /reschedule).
import { registerCatalogue } from '../../lib/i18n';
import { carrierPortalText } from './i18n';

registerCatalogue(carrierPortalText);

export { BookingRulesPanel } from './components/booking-rules-panel';
export { MobileSignIn } from './components/mobile-sign-in';
export { ScorecardCard } from './components/scorecard-card';
