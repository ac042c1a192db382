// Routes of the gate function: gate compliance settings (ULIP) and today's gate decisions (issue #21).
// The checks themselves run inside the check-in paths; a hold's override is a check-in route
// (shared/routes/checkins.ts).
import type { ApiRoute } from './types';

export const gateRoutes = [
  { method: 'GET', path: '/api/gate/settings', fn: 'gate', action: 'getSettings', access: 'gate:configure' },
  { method: 'PUT', path: '/api/gate/settings', fn: 'gate', action: 'saveSettings', access: 'gate:configure' },
  { method: 'GET', path: '/api/gate/today', fn: 'gate', action: 'todayFigures', access: 'checkins:read' },
  // Gate passes (issue #31): what a gate device keeps to verify passes offline, key rotation, an appointment's pass.
  { method: 'GET', path: '/api/gate/pass-keys', fn: 'gate', action: 'passKeys', access: 'checkins:write' },
  { method: 'POST', path: '/api/gate/pass-keys/rotate', fn: 'gate', action: 'rotatePassKey', access: 'gate:configure' },
  { method: 'GET', path: '/api/appointments/{id}/gate-pass', fn: 'gate', action: 'gatePass', access: 'checkins:read' },
  // The public pass page of a pass link (booking message, guest confirmation): the signed link is the credential.
  { method: 'GET', path: '/api/passes/{token}', fn: 'gate', action: 'passByLink', access: 'public' },
  // The same pass's QR code as a PNG, for the WhatsApp confirmation's image (issue #56).
  { method: 'GET', path: '/api/passes/{token}/qr', fn: 'gate', action: 'passQr', access: 'public' },
  // The pass page is the booker's "manage my booking" page (issue #32): change the time, or cancel.
  { method: 'GET', path: '/api/passes/{token}/slots', fn: 'gate', action: 'passSlots', access: 'public' },
  {
    method: 'POST',
    path: '/api/passes/{token}/reschedule',
    fn: 'gate',
    action: 'rescheduleByPass',
    access: 'public',
  },
  { method: 'POST', path: '/api/passes/{token}/cancel', fn: 'gate', action: 'cancelByPass', access: 'public' },
] as const satisfies readonly ApiRoute[];
