// Routes of the appointments function: Appointments, availability, guest slot booking, cancellation and reschedules.
import type { ApiRoute } from './types';

export const appointmentsRoutes = [
  { method: 'GET', path: '/api/appointments', fn: 'appointments', action: 'listAppointments', access: 'reference:read' },
  { method: 'GET', path: '/api/appointments/today', fn: 'appointments', action: 'todaysAppointments', access: 'reference:read' },
  { method: 'GET', path: '/api/appointments/upcoming', fn: 'appointments', action: 'upcomingAppointments', access: 'reference:read' },
  { method: 'GET', path: '/api/appointments/check-availability', fn: 'appointments', action: 'checkAvailability', access: 'reference:read' },
  { method: 'GET', path: '/api/appointments/{id}', fn: 'appointments', action: 'getAppointment', access: 'reference:read' },
  { method: 'POST', path: '/api/appointments', fn: 'appointments', action: 'createAppointment', access: 'appointments:book' },
  { method: 'POST', path: '/api/appointments/{id}/equipment', fn: 'appointments', action: 'addEquipment', access: 'appointments:book' },
  { method: 'PATCH', path: '/api/appointments/{id}/status', fn: 'appointments', action: 'changeStatus', access: 'appointments:write' },
  { method: 'POST', path: '/api/appointments/{id}/cancel', fn: 'appointments', action: 'cancelAppointment', access: 'appointments:book' },
  { method: 'POST', path: '/api/appointments/{id}/reschedule', fn: 'appointments', action: 'requestReschedule', access: 'reschedules:request' },
  { method: 'GET', path: '/api/reschedules/pending', fn: 'appointments', action: 'pendingReschedules', access: 'reschedules:request' },
  { method: 'PATCH', path: '/api/reschedules/{id}/approve', fn: 'appointments', action: 'approveReschedule', access: 'reschedules:decide' },
  { method: 'PATCH', path: '/api/reschedules/{id}/deny', fn: 'appointments', action: 'denyReschedule', access: 'reschedules:decide' },
  { method: 'POST', path: '/api/bookings/slot', fn: 'appointments', action: 'bookSlot', access: 'public' },
  { method: 'POST', path: '/api/appointments/{id}/issues', fn: 'appointments', action: 'reportIssue', access: 'appointments:write' },
] as const satisfies readonly ApiRoute[];
