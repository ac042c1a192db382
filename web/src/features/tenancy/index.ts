// What other features and the app use of tenancy: the sign-up and invitation screens, the e-mail code
// card (a signed-up admin's pending screen), the top bar's organisation switch, the invitations panel
// (/users), the facility link card (/facilities) and the facility link lookup (guest booking from /book/<link>).
export { SignupRoute } from './routes/signup-route';
export { VerifyEmailCard } from './components/verify-email-card';
export { InviteRoute } from './routes/invite-route';
export { TenantSwitch } from './components/tenant-switch';
export { InvitationsPanel } from './components/invitations-panel';
export { FacilityLinkCard } from './components/facility-link-card';
export { useFacilityLinkInfo } from './api/tenancy';
export { tenancyText } from './i18n';
