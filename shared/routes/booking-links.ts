// Routes of the booking-links function (issue #32): staff who set up facilities make, list, revoke,
// re-code and send a facility's booking links; the public page (/book/<token>) opens one with its
// access code, reads the facility's open days and slots, and books.
import type { ApiRoute } from './types';

export const bookingLinksRoutes = [
  { method: 'GET', path: '/api/booking-links', fn: 'booking-links', action: 'listLinks', access: 'facilities:write' },
  { method: 'POST', path: '/api/booking-links', fn: 'booking-links', action: 'createLink', access: 'facilities:write' },
  {
    method: 'POST',
    path: '/api/booking-links/{id}/revoke',
    fn: 'booking-links',
    action: 'revokeLink',
    access: 'facilities:write',
  },
  {
    method: 'POST',
    path: '/api/booking-links/{id}/code',
    fn: 'booking-links',
    action: 'newCode',
    access: 'facilities:write',
  },
  {
    method: 'POST',
    path: '/api/booking-links/{id}/send',
    fn: 'booking-links',
    action: 'sendLink',
    access: 'facilities:write',
  },
  { method: 'POST', path: '/api/book/{token}', fn: 'booking-links', action: 'openLink', access: 'public' },
  { method: 'GET', path: '/api/book/{token}/holidays', fn: 'booking-links', action: 'holidays', access: 'public' },
  { method: 'GET', path: '/api/book/{token}/slots', fn: 'booking-links', action: 'slots', access: 'public' },
  { method: 'POST', path: '/api/book/{token}/booking', fn: 'booking-links', action: 'book', access: 'public' },
  // How the booking's confirmation message went (issue #53): which channel carried it, or why none did.
  {
    method: 'GET',
    path: '/api/book/{token}/booking/{reference}/delivery',
    fn: 'booking-links',
    action: 'delivery',
    access: 'public',
  },
] as const satisfies readonly ApiRoute[];
