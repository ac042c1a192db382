// Routes of the trips function (issue #33): a facility's trip watch settings, the watched trips of a
// day and one appointment's trip (screens), and the public one-tap reslot page (a signed link, no sign-in).
import type { ApiRoute } from './types';

export const tripsRoutes = [
  {
    method: 'GET',
    path: '/api/trips/settings',
    fn: 'trips',
    action: 'getWatchSettings',
    access: 'settings:configure',
  },
  {
    method: 'PUT',
    path: '/api/trips/settings',
    fn: 'trips',
    action: 'saveWatchSettings',
    access: 'settings:configure',
  },
  { method: 'GET', path: '/api/trips', fn: 'trips', action: 'listTrips', access: 'reference:read' },
  {
    method: 'GET',
    path: '/api/trips/appointments',
    fn: 'trips',
    action: 'tripsOfAppointments',
    access: 'reference:read',
  },
  {
    method: 'GET',
    path: '/api/appointments/{id}/trip',
    fn: 'trips',
    action: 'appointmentTrip',
    access: 'reference:read',
  },
  { method: 'GET', path: '/api/reslot/{token}', fn: 'trips', action: 'reslotOffer', access: 'public' },
  { method: 'POST', path: '/api/reslot/{token}', fn: 'trips', action: 'takeReslot', access: 'public' },
] as const satisfies readonly ApiRoute[];
