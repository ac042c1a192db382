// The route table: every API route, the function that serves it and what it needs.
// The CDK stack, the local API Gateway emulator and the RBAC matrix test are all built from it.
import type { Permission } from './roles';

/** 'public': no session; 'session': any signed-in user; otherwise the permission required. */
export type Access = 'public' | 'session' | Permission;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  path: string;
  /** The Lambda function that serves the route (functions/<fn>/handler.ts). */
  fn: FunctionName;
  /** The action inside that function's handler. */
  action: string;
  access: Access;
}

export const FUNCTION_NAMES = ['auth', 'platform', 'users', 'facilities', 'carriers', 'appointments', 'checkins', 'yard', 'insights'] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

export const ROUTES = [
  { method: 'GET', path: '/api/health', fn: 'platform', action: 'health', access: 'public' },
  { method: 'POST', path: '/api/auth/login', fn: 'auth', action: 'login', access: 'public' },
  { method: 'POST', path: '/api/auth/logout', fn: 'auth', action: 'logout', access: 'public' },
  { method: 'GET', path: '/api/auth/user', fn: 'auth', action: 'currentUser', access: 'session' },
  { method: 'POST', path: '/api/auth/register/uploads', fn: 'users', action: 'requestUpload', access: 'public' },
  { method: 'POST', path: '/api/auth/register', fn: 'users', action: 'register', access: 'public' },
  { method: 'POST', path: '/api/auth/verify-email', fn: 'users', action: 'verifyEmail', access: 'public' },
  { method: 'GET', path: '/api/auth/users', fn: 'users', action: 'listUsers', access: 'users:manage' },
  { method: 'GET', path: '/api/admin/pending-registrations', fn: 'users', action: 'pendingRegistrations', access: 'users:manage' },
  { method: 'POST', path: '/api/admin/approve-user/{userId}', fn: 'users', action: 'approveUser', access: 'users:manage' },
  { method: 'POST', path: '/api/admin/reject-user/{userId}', fn: 'users', action: 'rejectUser', access: 'users:manage' },
  { method: 'GET', path: '/api/admin/users/{userId}/documents/{documentType}', fn: 'users', action: 'userDocument', access: 'users:manage' },

  { method: 'GET', path: '/api/facilities', fn: 'facilities', action: 'listFacilities', access: 'reference:read' },
  { method: 'POST', path: '/api/facilities', fn: 'facilities', action: 'createFacility', access: 'facilities:write' },
  { method: 'PATCH', path: '/api/facilities/{id}', fn: 'facilities', action: 'updateFacility', access: 'facilities:write' },
  { method: 'GET', path: '/api/facilities/{id}/dock-doors', fn: 'facilities', action: 'listDockDoors', access: 'reference:read' },
  { method: 'POST', path: '/api/dock-doors', fn: 'facilities', action: 'createDockDoor', access: 'facilities:write' },
  { method: 'GET', path: '/api/facilities/{id}/yard-spots', fn: 'yard', action: 'listYardSpots', access: 'yard:read' },
  { method: 'PATCH', path: '/api/yard-spots/{spotId}/status', fn: 'yard', action: 'setYardSpotStatus', access: 'yard:write' },
  { method: 'GET', path: '/api/facilities/{id}/labor-incharges', fn: 'facilities', action: 'listLaborIncharges', access: 'reference:read' },
  { method: 'POST', path: '/api/facilities/{id}/labor-incharges', fn: 'facilities', action: 'createLaborIncharge', access: 'facilities:write' },
  { method: 'GET', path: '/api/facilities/{id}/labor-incharges/available', fn: 'facilities', action: 'availableLaborIncharges', access: 'reference:read' },
  { method: 'GET', path: '/api/facilities/{id}/equipment', fn: 'facilities', action: 'listEquipment', access: 'reference:read' },
  { method: 'POST', path: '/api/facilities/{id}/equipment', fn: 'facilities', action: 'createEquipment', access: 'facilities:write' },
  { method: 'GET', path: '/api/facilities/{id}/equipment/available', fn: 'facilities', action: 'availableEquipment', access: 'reference:read' },
  { method: 'GET', path: '/api/facilities/{id}/time-slots', fn: 'facilities', action: 'listTimeSlots', access: 'reference:read' },
  { method: 'PATCH', path: '/api/facilities/{id}/time-slots/{slotId}', fn: 'facilities', action: 'updateTimeSlot', access: 'facilities:write' },
  { method: 'GET', path: '/api/facilities/{id}/holidays', fn: 'facilities', action: 'listFacilityHolidays', access: 'reference:read' },
  { method: 'POST', path: '/api/facilities/{id}/holidays', fn: 'facilities', action: 'createHoliday', access: 'facilities:write' },
  { method: 'DELETE', path: '/api/facilities/{id}/holidays/{date}', fn: 'facilities', action: 'deleteHoliday', access: 'facilities:write' },
  { method: 'GET', path: '/api/slots/available', fn: 'facilities', action: 'availableSlots', access: 'public' },
  { method: 'GET', path: '/api/holidays', fn: 'facilities', action: 'holidays', access: 'public' },

  { method: 'GET', path: '/api/carriers', fn: 'carriers', action: 'listCarriers', access: 'reference:read' },
  { method: 'POST', path: '/api/carriers', fn: 'carriers', action: 'createCarrier', access: 'carriers:write' },
  { method: 'GET', path: '/api/carriers/{id}/drivers', fn: 'carriers', action: 'listDrivers', access: 'reference:read' },
  { method: 'POST', path: '/api/drivers', fn: 'carriers', action: 'createDriver', access: 'carriers:write' },

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

  { method: 'GET', path: '/api/checkins', fn: 'checkins', action: 'listCheckins', access: 'checkins:read' },
  { method: 'POST', path: '/api/checkins', fn: 'checkins', action: 'quickCheckin', access: 'checkins:write' },
  { method: 'POST', path: '/api/checkins/walk-in', fn: 'checkins', action: 'walkInCheckin', access: 'appointments:write' },
  { method: 'PATCH', path: '/api/checkins/{id}/status', fn: 'checkins', action: 'changeCheckinStatus', access: 'appointments:write' },
  { method: 'PATCH', path: '/api/checkins/{id}/door', fn: 'checkins', action: 'assignCheckinDoor', access: 'checkins:write' },
  { method: 'POST', path: '/api/appointments/{id}/checkin', fn: 'checkins', action: 'selfCheckin', access: 'checkins:write' },
  { method: 'POST', path: '/api/appointments/{id}/issues', fn: 'appointments', action: 'reportIssue', access: 'appointments:write' },
  { method: 'GET', path: '/api/facilities/{id}/qr-code', fn: 'checkins', action: 'qrCode', access: 'checkins:write' },
  { method: 'GET', path: '/api/checkins/qr-link', fn: 'checkins', action: 'qrLink', access: 'public' },
  { method: 'POST', path: '/api/checkins/qr', fn: 'checkins', action: 'qrCheckin', access: 'public' },
  { method: 'GET', path: '/api/dashboard/metrics', fn: 'insights', action: 'dashboardMetrics', access: 'dashboard:read' },
  { method: 'GET', path: '/api/dashboard/daily-report', fn: 'insights', action: 'dailyReport', access: 'dashboard:read' },
  { method: 'GET', path: '/api/notifications', fn: 'insights', action: 'notifications', access: 'dashboard:read' },
  { method: 'GET', path: '/api/yard/overview', fn: 'yard', action: 'yardOverview', access: 'yard:read' },
  { method: 'POST', path: '/api/yard/assign-spots', fn: 'yard', action: 'assignYardSpots', access: 'yard:write' },
  { method: 'GET', path: '/api/analytics', fn: 'insights', action: 'analytics', access: 'analytics:read' },
  { method: 'GET', path: '/api/reports/{report}', fn: 'insights', action: 'report', access: 'analytics:read' },
  { method: 'GET', path: '/api/driver/dashboard', fn: 'insights', action: 'driverDashboard', access: 'driver:self' },
] as const satisfies readonly ApiRoute[];

export function routeKey(route: Pick<ApiRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

const byKey = new Map<string, ApiRoute>(ROUTES.map((r) => [routeKey(r), r]));

export function findRouteByKey(key: string): ApiRoute | undefined {
  return byKey.get(key);
}

/** Matches a concrete method + path against the table; path parameters are `{name}` segments. */
export function matchRoute(method: string, path: string): { route: ApiRoute; pathParameters: Record<string, string> } | undefined {
  const segments = path.split('/');
  let best: { route: ApiRoute; pathParameters: Record<string, string>; literal: number } | undefined;
  for (const route of ROUTES as readonly ApiRoute[]) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let literal = 0;
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i]!;
      const s = segments[i]!;
      if (p.startsWith('{') && p.endsWith('}')) {
        if (!s) { ok = false; break; }
        params[p.slice(1, -1)] = decodeURIComponent(s);
      } else if (p === s) literal++;
      else { ok = false; break; }
    }
    // A literal segment beats a parameter (/api/facilities/default/... over /api/facilities/{id}/...).
    if (ok && (!best || literal > best.literal)) best = { route, pathParameters: params, literal };
  }
  return best && { route: best.route, pathParameters: best.pathParameters };
}

export function routesOf(fn: FunctionName): ApiRoute[] {
  return (ROUTES as readonly ApiRoute[]).filter((r) => r.fn === fn);
}
