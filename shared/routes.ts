// The route table: every API route, the function that serves it and what it needs, one list per
// domain in shared/routes/<domain>.ts. The CDK stack and the local API Gateway emulator are built
// from it; the authorisation matrix test holds a hand-written row for each of its routes.
import { routeKey, type ApiRoute, type FunctionName } from './routes/types';
import { platformRoutes } from './routes/platform';
import { authRoutes } from './routes/auth';
import { usersRoutes } from './routes/users';
import { facilitiesRoutes } from './routes/facilities';
import { yardRoutes } from './routes/yard';
import { carriersRoutes } from './routes/carriers';
import { appointmentsRoutes } from './routes/appointments';
import { checkinsRoutes } from './routes/checkins';
import { insightsRoutes } from './routes/insights';
import { wmsRoutes } from './routes/wms';
import { tenancyRoutes } from './routes/tenancy';
import { integrationsRoutes } from './routes/integrations';
import { contactRoutes } from './routes/contact';
import { messagingRoutes } from './routes/messaging';
import { gateRoutes } from './routes/gate';
import { tripsRoutes } from './routes/trips';
import { referencesRoutes } from './routes/references';
import { vitalsRoutes } from './routes/vitals';
import { privacyRoutes } from './routes/privacy';
import { appointmentTypesRoutes } from './routes/appointment-types';
import { bookingLinksRoutes } from './routes/booking-links';
import { seriesRoutes } from './routes/series';
import { chatRoutes } from './routes/chat';
import { detentionRoutes } from './routes/detention';
import { plannerRoutes } from './routes/planner';
import { holdingRoutes } from './routes/holding';
import { carrierIdentityRoutes } from './routes/carrier-identity';

export * from './routes/types';

export const ROUTES = [
  ...platformRoutes,
  ...authRoutes,
  ...usersRoutes,
  ...facilitiesRoutes,
  ...yardRoutes,
  ...carriersRoutes,
  ...appointmentsRoutes,
  ...checkinsRoutes,
  ...insightsRoutes,
  ...integrationsRoutes,
  ...tenancyRoutes,
  ...contactRoutes,
  ...wmsRoutes,
  ...messagingRoutes,
  ...gateRoutes,
  ...tripsRoutes,
  ...referencesRoutes,
  ...vitalsRoutes,
  ...privacyRoutes,
  ...appointmentTypesRoutes,
  ...bookingLinksRoutes,
  ...seriesRoutes,
  ...chatRoutes,
  ...detentionRoutes,
  ...plannerRoutes,
  ...holdingRoutes,
  ...carrierIdentityRoutes,
] as const satisfies readonly ApiRoute[];

const byKey = new Map<string, ApiRoute>(ROUTES.map((r) => [routeKey(r), r]));

export function findRouteByKey(key: string): ApiRoute | undefined {
  return byKey.get(key);
}

/** Matches a concrete method + path against the table; path parameters are `{name}` segments. */
/** The table's routes of each method, each path split into its segments once (matchRoute runs on every
 * request; splitting every route's path on each was about 1 % of a local request's CPU, issue #54). */
let byMethod: Map<string, { route: ApiRoute; pattern: string[] }[]> | undefined;
function patternsOf(method: string): { route: ApiRoute; pattern: string[] }[] {
  if (!byMethod) {
    byMethod = new Map();
    for (const route of ROUTES as readonly ApiRoute[]) {
      const list = byMethod.get(route.method) ?? [];
      list.push({ route, pattern: route.path.split('/') });
      byMethod.set(route.method, list);
    }
  }
  return byMethod.get(method) ?? [];
}

export function matchRoute(
  method: string,
  path: string,
): { route: ApiRoute; pathParameters: Record<string, string> } | undefined {
  const segments = path.split('/');
  let best: { route: ApiRoute; pathParameters: Record<string, string>; literal: number } | undefined;
  for (const { route, pattern } of patternsOf(method)) {
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let literal = 0;
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i]!;
      const s = segments[i]!;
      if (p.startsWith('{') && p.endsWith('}')) {
        if (!s) {
          ok = false;
          break;
        }
        params[p.slice(1, -1)] = decodeURIComponent(s);
      } else if (p === s) literal++;
      else {
        ok = false;
        break;
      }
    }
    // A literal segment beats a parameter (/api/facilities/default/... over /api/facilities/{id}/...).
    if (ok && (!best || literal > best.literal)) best = { route, pathParameters: params, literal };
  }
  return best && { route: best.route, pathParameters: best.pathParameters };
}

export function routesOf(fn: FunctionName): ApiRoute[] {
  return (ROUTES as readonly ApiRoute[]).filter((r) => r.fn === fn);
}
