// Routes of the carrier-identity function (issue #59): a carrier of the platform, its people and its
// hubs. The carrier's side is served to its own people's sessions (identity:*); the hub's side to the
// hub's staff who manage carriers (carriers:write) and read them (carriers:read).
import type { ApiRoute } from './types';

const fn = 'carrier-identity' as const;
export const carrierIdentityRoutes = [
  // Registration and mobile-number sign-in of the carrier's people (the auth sign-in code flow).
  { method: 'POST', path: '/api/carrier-identity/register', fn, action: 'register', access: 'public' },
  { method: 'POST', path: '/api/carrier-identity/mobile-code', fn, action: 'requestCode', access: 'public' },
  { method: 'POST', path: '/api/carrier-identity/mobile-code/verify', fn, action: 'verifyCode', access: 'public' },
  // The carrier's side.
  { method: 'GET', path: '/api/carrier-identity/me', fn, action: 'me', access: 'session' },
  // The language the person reads the product and gets messages in (the language switch of the carrier's screens).
  { method: 'PATCH', path: '/api/carrier-identity/me/language', fn, action: 'setLanguage', access: 'session' },
  { method: 'GET', path: '/api/carrier-identity/people', fn, action: 'listPeople', access: 'identity:read' },
  { method: 'POST', path: '/api/carrier-identity/people', fn, action: 'addDispatcher', access: 'identity:manage' },
  // A dispatcher or driver who left: their number no longer signs in, and may join another carrier.
  {
    method: 'DELETE',
    path: '/api/carrier-identity/people/{personId}',
    fn,
    action: 'removePerson',
    access: 'identity:manage',
  },
  { method: 'GET', path: '/api/carrier-identity/drivers', fn, action: 'listDrivers', access: 'identity:read' },
  { method: 'POST', path: '/api/carrier-identity/drivers', fn, action: 'addDriver', access: 'identity:manage' },
  { method: 'GET', path: '/api/carrier-identity/invitations', fn, action: 'listInvitations', access: 'identity:read' },
  {
    method: 'POST',
    path: '/api/carrier-identity/invitations/{hubId}/accept',
    fn,
    action: 'acceptInvitation',
    access: 'identity:manage',
  },
  { method: 'POST', path: '/api/carrier-identity/link-requests', fn, action: 'askToLink', access: 'identity:manage' },
  { method: 'GET', path: '/api/carrier-identity/hubs', fn, action: 'myHubs', access: 'identity:read' },
  { method: 'GET', path: '/api/carrier-identity/bookings', fn, action: 'listBookings', access: 'identity:read' },
  {
    method: 'POST',
    path: '/api/carrier-identity/hubs/{hubId}/bookings',
    fn,
    action: 'book',
    access: 'identity:book',
  },
  {
    method: 'POST',
    path: '/api/carrier-identity/hubs/{hubId}/bookings/{id}/cancel',
    fn,
    action: 'cancelBooking',
    access: 'identity:book',
  },
  {
    method: 'POST',
    path: '/api/carrier-identity/hubs/{hubId}/bookings/{id}/reschedule',
    fn,
    action: 'rescheduleBooking',
    access: 'identity:book',
  },
  { method: 'GET', path: '/api/carrier-identity/wallet', fn, action: 'wallet', access: 'identity:wallet' },
  // A driver's rights over their data (DPDP), asked of every linked hub that holds it.
  {
    method: 'POST',
    path: '/api/carrier-identity/privacy/erasure',
    fn,
    action: 'askErasure',
    access: 'identity:wallet',
  },
  { method: 'GET', path: '/api/carrier-identity/privacy/export', fn, action: 'exportData', access: 'identity:wallet' },
  // The hub's side.
  { method: 'GET', path: '/api/carrier-links', fn, action: 'hubLinks', access: 'carriers:read' },
  { method: 'POST', path: '/api/carrier-links/invitations', fn, action: 'invite', access: 'carriers:write' },
  {
    method: 'POST',
    path: '/api/carrier-links/requests/{identityId}/approve',
    fn,
    action: 'approveRequest',
    access: 'carriers:write',
  },
  { method: 'DELETE', path: '/api/carrier-links/{identityId}', fn, action: 'unlink', access: 'carriers:write' },
] as const satisfies readonly ApiRoute[];
