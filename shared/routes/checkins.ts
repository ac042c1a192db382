// Routes of the checkins function: Check-ins: staff, walk-in, driver app and the gate QR code.
import type { ApiRoute } from './types';

export const checkinsRoutes = [
  // A gate hold's override (issue #21): the gate's checks run inside the check-in paths.
  {
    method: 'POST',
    path: '/api/checkins/{id}/gate-override',
    fn: 'checkins',
    action: 'overrideGateHold',
    access: 'gate:override',
  },
  { method: 'GET', path: '/api/checkins', fn: 'checkins', action: 'listCheckins', access: 'checkins:read' },
  { method: 'POST', path: '/api/checkins', fn: 'checkins', action: 'quickCheckin', access: 'checkins:write' },
  {
    method: 'POST',
    path: '/api/checkins/walk-in',
    fn: 'checkins',
    action: 'walkInCheckin',
    access: 'appointments:write',
  },
  // The appointment's status moves its check-in with it (functions/checkins/on-site.ts), so the
  // checkins function serves it: appointments uses no checkins code (docs/architecture.md §1).
  {
    method: 'PATCH',
    path: '/api/appointments/{id}/status',
    fn: 'checkins',
    action: 'changeAppointmentStatus',
    access: 'appointments:write',
  },
  {
    method: 'PATCH',
    path: '/api/checkins/{id}/status',
    fn: 'checkins',
    action: 'changeCheckinStatus',
    access: 'appointments:write',
  },
  {
    method: 'PATCH',
    path: '/api/checkins/{id}/door',
    fn: 'checkins',
    action: 'assignCheckinDoor',
    access: 'checkins:write',
  },
  {
    method: 'POST',
    path: '/api/appointments/{id}/checkin',
    fn: 'checkins',
    action: 'selfCheckin',
    access: 'checkins:write',
  },
  { method: 'GET', path: '/api/facilities/{id}/qr-code', fn: 'checkins', action: 'qrCode', access: 'checkins:write' },
  { method: 'GET', path: '/api/checkins/qr-link', fn: 'checkins', action: 'qrLink', access: 'public' },
  { method: 'POST', path: '/api/checkins/qr', fn: 'checkins', action: 'qrCheckin', access: 'public' },
  {
    method: 'POST',
    path: '/api/checkins/gate-pass',
    fn: 'checkins',
    action: 'gatePassCheckin',
    access: 'checkins:write',
  },
] as const satisfies readonly ApiRoute[];
