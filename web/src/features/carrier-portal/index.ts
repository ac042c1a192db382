// What other features use of carrier self-service (issue #32): the mobile-code sign-in on the sign-in
// card, the booking rules section of /configuration, and the monthly carrier scorecard (staff's on
// /analytics, a carrier's own on /reschedule).
import { registerCatalogue } from '../../lib/i18n';
import { loadLater } from '../../lib/load-later';
import { carrierPortalText } from './i18n';

registerCatalogue(carrierPortalText);

// Each part is fetched when first shown, so the sign-in card, which imports this index for the
// mobile-code sign-in's texts, carries none of them: the mobile-code form waits in the card's own
// Suspense (most sign-ins are by password); the panels appear in place when loaded.
export const MobileSignIn = loadLater(async () => (await import('./components/mobile-sign-in')).MobileSignIn);
export const BookingRulesPanel = loadLater(
  async () => (await import('./components/booking-rules-panel')).BookingRulesPanel,
  { fallback: null },
);
export const ScorecardCard = loadLater(async () => (await import('./components/scorecard-card')).ScorecardCard, {
  fallback: null,
});
