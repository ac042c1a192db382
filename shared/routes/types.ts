// The shape of a route of the route table (shared/routes.ts) and the names of the HTTP functions.
import type { Permission } from '../roles';

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
  /** A change a tenant may still make while read-only (its trial ended): setting a plan, switching tenant. */
  whileReadOnly?: boolean;
}

export const FUNCTION_NAMES = [
  'auth',
  'platform',
  'users',
  'facilities',
  'carriers',
  'appointments',
  'checkins',
  'yard',
  'insights',
  'integrations',
  'tenancy',
  'contact',
  'wms',
  'messaging',
  'gate',
  'trips',
  'references',
  'vitals',
  'privacy',
  'appointment-types',
  'booking-links',
  'series',
  'chat',
  'detention',
  'planner',
  'holding',
  'carrier-identity',
] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];

/** 'POST /api/auth/login': a route's key, as API Gateway names the route in each event (routeKey). */
export function routeKey(route: Pick<ApiRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}
