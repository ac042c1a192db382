// The HTTP kernel every Lambda shares: middy middlewares (errors, origin check, session, route
// permission) and the helpers a thin handler needs (body/query parsing with the shared zod schemas,
// JSON responses, cookies). A function is `defineFunction(name, routes, actions)`: its own routes of the
// table (shared/routes/<domain>.ts) decide which action serves which route and what it requires; a
// Lambda bundle carries its own routes, not the whole table (issue #60). Powertools' logger context, tracing and
// metrics (telemetry.ts) wrap the chain, and the request's deadline (deadline.ts) wraps it all.
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import type { ZodMiniType } from 'zod/mini';
import '../../shared/contracts/zod-messages';
import { routeKey, type ApiRoute, type FunctionName } from '../../shared/routes/types';
import type { SessionUser } from '../../shared/contracts/auth';
import type { Permission } from '../../shared/roles';
import { fieldErrors } from '../../shared/contracts/field-errors';
import { ID_PATTERN } from '../../shared/ids';
import { apiSecurityHeaders } from '../../shared/security-headers';
import { requestLanguage } from '../../shared/server-messages';
import { cookieJar, SIGNED_IN_COOKIE } from '../../shared/navigation';

export { fieldErrors };
import { config } from './config';
import {
  asServiceUnavailable,
  BadRequestError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  RevisionConflictError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
} from './errors';
import { logger } from './logger';
import { clientAddress, requireOriginProof } from './client-address';
import { countRequests, httpCorrelationId, observability } from './telemetry';
import { translateServerMessage } from './server-messages';
import { withRequestDeadline } from './deadline';
import type { Actor } from './audit';

export const SESSION_COOKIE = 'dy_session';

/** The signed-in session a request carries (the auth domain stores and resolves it). */
export interface RequestSession {
  token: string;
  tenantId: string;
  userId: string;
  createdAt: string;
  expiresAt: number;
  /** The tenant holding the user record when the session acts in another one (a membership). */
  homeTenantId?: string;
  /** Why the session's tenant may not change data now (its trial ended), or null. */
  readOnly?: string | null;
  /** The tenant's default facility as read with the session (so "today" needs no second read of the tenant). */
  defaultFacilityId?: string | null;
}

/** Finds the session and user of a session cookie's token; null when unknown, expired or refused.
 * The kernel knows no domain: `functions/api.ts` binds auth's resolver (docs/architecture.md §2). */
export type SessionResolver = (token: string) => Promise<{ session: RequestSession; user: SessionUser } | null>;
const MAX_BODY_BYTES = 256 * 1024;

export interface ApiRequest {
  event: APIGatewayProxyEventV2;
  route: ApiRoute;
  params: Record<string, string>;
  query: Record<string, string>;
  cookies: Record<string, string>;
  ip: string;
  session: RequestSession | null;
  user: SessionUser | null;
}

export interface SignedInRequest extends ApiRequest {
  session: RequestSession;
  user: SessionUser;
}

export interface ApiResult {
  status?: number;
  body?: unknown;
  /** A body sent as it is (CSV, SVG...), with its content-type in `headers`. */
  raw?: string;
  /** A binary body (a PNG...), sent base64-encoded as API Gateway takes it, with its content-type in `headers`. */
  binary?: Buffer;
  cookies?: string[];
  headers?: Record<string, string>;
}

export type Action = (req: ApiRequest) => Promise<ApiResult>;

type ApiEvent = APIGatewayProxyEventV2 & { api?: ApiRequest };

const BASE_HEADERS = {
  ...apiSecurityHeaders(),
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

export function parseCookies(event: APIGatewayProxyEventV2): Record<string, string> {
  return cookieJar(event.cookies ?? event.headers?.cookie?.split(';') ?? []);
}

/**
 * The session's readable companion: no secret, only whether this browser holds a session and whether it
 * is a driver's, so the SPA's first screen does not wait for GET /api/auth/user to learn that a visitor
 * is signed out (the landing page), and a signed-in user's screen code is fetched at once; the CDN
 * serves a signed-out `/` the static landing page by it (LANDING_DOCUMENT). The API never reads it; a stale one costs the app one session check (web/src/lib/session.ts).
 */
export { SIGNED_IN_COOKIE };

/** The session cookie and its hint, set together at every sign-in and tenant switch. */
export function sessionCookies(token: string, maxAgeSeconds: number, user: { role: string } | null): string[] {
  const secure = config.secureCookies ? '; Secure' : '';
  const hint = user?.role === 'driver' ? 'driver' : 'staff';
  return [
    `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`,
    `${SIGNED_IN_COOKIE}=${token ? hint : ''}; Path=/; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`,
  ];
}

export function clearedSessionCookies(): string[] {
  return sessionCookies('', 0, null);
}

export function actorOf(req: SignedInRequest): Actor {
  return { userId: req.user.id, username: req.user.username };
}

export function requireUser(req: ApiRequest): SignedInRequest {
  if (!req.session || !req.user) throw new UnauthorizedError();
  return req as SignedInRequest;
}

export function requirePermission(req: ApiRequest, permission: Permission): SignedInRequest {
  const signedIn = requireUser(req);
  if (!signedIn.user.permissions.includes(permission)) throw new ForbiddenError();
  return signedIn;
}

export function validate<S extends ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new BadRequestError(Object.values(errors)[0] ?? 'Invalid request', errors);
  }
  return result.data;
}

/** Parses the JSON body and validates it with the route's shared schema (`maxBytes`: a route that takes a file's text). */
export function parseBody<S extends ZodMiniType>(req: ApiRequest, schema: S, maxBytes = MAX_BODY_BYTES): z.output<S> {
  const { body, isBase64Encoded, headers } = req.event;
  const contentType = headers?.['content-type'] ?? '';
  if (!body) return validate(schema, {});
  if (!/^application\/json\b/i.test(contentType))
    throw new UnsupportedMediaTypeError('Request body must be JSON (Content-Type: application/json)');
  const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  if (Buffer.byteLength(text) > maxBytes) throw new HttpError(413, 'Request body is too large');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BadRequestError('Request body is not valid JSON');
  }
  return validate(schema, parsed);
}

export function parseQuery<S extends ZodMiniType>(req: ApiRequest, schema: S): z.output<S> {
  return validate(schema, req.query);
}

/** A path parameter that names an item; anything else cannot exist, so it is a 404. */
export function pathId(req: ApiRequest, name: string, what = 'Item'): string {
  const value = req.params[name] ?? '';
  if (!ID_PATTERN.test(value)) throw new NotFoundError(`${what} not found`);
  return value;
}

export function json(body: unknown, status = 200, extra: Omit<ApiResult, 'status' | 'body'> = {}): ApiResult {
  return { status, body, ...extra };
}

function toResponse(result: ApiResult): APIGatewayProxyStructuredResultV2 {
  const status = result.status ?? 200;
  return {
    statusCode: status,
    headers: { ...BASE_HEADERS, ...result.headers },
    cookies: result.cookies,
    ...(result.binary
      ? { body: result.binary.toString('base64'), isBase64Encoded: true }
      : { body: result.raw ?? (status === 204 || result.body === undefined ? '' : JSON.stringify(result.body)) }),
  };
}

function errorResponse(err: unknown, event: APIGatewayProxyEventV2): APIGatewayProxyStructuredResultV2 {
  const unavailable = asServiceUnavailable(err);
  if (unavailable) {
    logger.warn('service unavailable', {
      routeKey: event.routeKey,
      err: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
    err = unavailable;
  }
  // Messages in the language the client asks for (Accept-Language), the spec's English by default.
  const language = requestLanguage(event.headers?.['accept-language']);
  const say = (message: string) => translateServerMessage(message, language);
  if (err instanceof HttpError) {
    const errors =
      err.errors && Object.fromEntries(Object.entries(err.errors).map(([field, message]) => [field, say(message)]));
    const current = err instanceof RevisionConflictError && err.current !== undefined ? { current: err.current } : {};
    return toResponse({
      status: err.status,
      body: { message: say(err.message), ...(errors ? { errors } : {}), ...current },
      headers: { ...err.headers, vary: 'Accept-Language' },
    });
  }
  logger.error('unhandled error', { routeKey: event.routeKey, err: err instanceof Error ? err.stack : String(err) });
  return toResponse({
    status: 500,
    body: { message: say('Something went wrong on our side. Please try again.') },
    headers: { vary: 'Accept-Language' },
  });
}

function originOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Refuses state-changing requests sent by a page of another origin (CSRF). */
function checkOrigin(event: APIGatewayProxyEventV2) {
  if (event.requestContext.http.method === 'GET' || event.requestContext.http.method === 'HEAD') return;
  const origin = event.headers?.origin;
  if (!origin) return; // non-browser clients (webhooks, curl) send none; browsers always do on POST
  const host = originOf(origin);
  const allowed = new Set(
    [event.headers?.['x-forwarded-host'], event.headers?.host, ...config.allowedOrigins.map(originOf)]
      .filter((h): h is string => Boolean(h))
      .map((h) => h.toLowerCase()),
  );
  if (!host || !allowed.has(host)) throw new ForbiddenError('Cross-origin request refused');
}

async function loadSession(
  cookies: Record<string, string>,
  resolve: SessionResolver,
): Promise<{ session: RequestSession | null; user: SessionUser | null }> {
  const token = cookies[SESSION_COOKIE];
  const found = token ? await resolve(token) : null;
  return found ?? { session: null, user: null };
}

function authorize(route: ApiRoute, session: RequestSession | null, user: SessionUser | null) {
  if (route.access === 'public') return;
  if (!user) throw new UnauthorizedError();
  if (route.access !== 'session' && !user.permissions.includes(route.access)) throw new ForbiddenError();
  if (session?.readOnly && route.method !== 'GET' && !route.whileReadOnly) throw new HttpError(402, session.readOnly);
}

const apiContext = (
  routes: ReadonlyMap<string, ApiRoute>,
  resolveSession: SessionResolver,
): middy.MiddlewareObj<ApiEvent, APIGatewayProxyStructuredResultV2> => ({
  before: async (request) => {
    const event = request.event;
    requireOriginProof(event);
    const route = routes.get(event.routeKey);
    if (!route) throw new NotFoundError(`No route for ${event.routeKey}`);
    checkOrigin(event);
    const cookies = parseCookies(event);
    const { session, user } = await loadSession(cookies, resolveSession);
    authorize(route, session, user);
    event.api = {
      event,
      route,
      params: (event.pathParameters ?? {}) as Record<string, string>,
      query: (event.queryStringParameters ?? {}) as Record<string, string>,
      cookies,
      ip: clientAddress(event),
      session,
      user,
    };
  },
  onError: async (request) => {
    request.response = errorResponse(request.error, request.event);
  },
});

/** The kernel bound to a session resolver; `functions/api.ts` makes the product's `defineFunction`. */
export const makeDefineFunction = (resolveSession: SessionResolver) =>
  function defineFunction<A extends Record<string, Action>>(fn: FunctionName, routes: readonly ApiRoute[], actions: A) {
    const foreign = routes.find((r) => r.fn !== fn);
    if (foreign) throw new Error(`${routeKey(foreign)} is served by ${foreign.fn}, not ${fn}`);
    const byKey = new Map(routes.map((r) => [routeKey(r), r]));
    const chain = middy<ApiEvent, APIGatewayProxyStructuredResultV2, Error, Context>()
      .use(observability<ApiEvent, APIGatewayProxyStructuredResultV2>(httpCorrelationId))
      .use(countRequests<ApiEvent>())
      .use(apiContext(byKey, resolveSession))
      .handler(async (event) => {
        const api = event.api!;
        const action = actions[api.route.action];
        if (!action) throw new NotFoundError(`No action ${api.route.action}`);
        return toResponse(await action(api));
      });
    // Every call the request makes shares one deadline (deadline.ts), so it answers within 5 s.
    const handler = (event: ApiEvent, context: Context) => withRequestDeadline(context, () => chain(event, context));
    return { fn, routes, actions, handler };
  };
