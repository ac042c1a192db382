// What other features and the app use of tenancy: the sign-up and invitation screens, the e-mail code
// card (a signed-up admin's pending screen), the top bar's organisation switch, the invitations panel
// (/users), the facility link card (/facilities) and the facility link lookup (guest booking from /book/<link>).
// Screens, cards and panels are fetched when shown: every staff screen's top bar loads this index for
// the organisation switch.
import { loadLater } from '../../lib/load-later';

export const SignupRoute = loadLater(async () => (await import('./routes/signup-route')).SignupRoute);
export const VerifyEmailCard = loadLater(async () => (await import('./components/verify-email-card')).VerifyEmailCard);
export const InviteRoute = loadLater(async () => (await import('./routes/invite-route')).InviteRoute);
export { TenantSwitch } from './components/tenant-switch';
export const InvitationsPanel = loadLater(
  async () => (await import('./components/invitations-panel')).InvitationsPanel,
);
export const FacilityLinkCard = loadLater(
  async () => (await import('./components/facility-link-card')).FacilityLinkCard,
);
// A new organisation's set-up checklist (issue #53), on the dashboard until every step is done.
export const SetupChecklist = loadLater(async () => (await import('./components/setup-checklist')).SetupChecklist, {
  fallback: null,
});
export { useFacilityLinkInfo } from './api/tenancy';
export { tenancyText } from './i18n';
