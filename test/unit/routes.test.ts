import { describe, expect, it } from 'vitest';
import { FUNCTION_NAMES, matchRoute, ROUTES, routeKey } from '../../shared/routes';
import { PERMISSIONS } from '../../shared/roles';
import { FUNCTIONS } from '../../functions/registry';
import { FUNCTION_ACCESS } from '../../lib/api';

describe('route table', () => {
  it('has a handler action for every route', () => {
    for (const route of ROUTES) {
      expect(FUNCTIONS[route.fn].actions, routeKey(route)).toHaveProperty(route.action);
    }
  });

  it('has a route for every handler action', () => {
    for (const fn of FUNCTION_NAMES) {
      for (const action of Object.keys(FUNCTIONS[fn].actions)) {
        expect(
          ROUTES.some((r) => r.fn === fn && r.action === action),
          `${fn}.${action}`,
        ).toBe(true);
      }
    }
  });

  it('gives each function exactly its own routes of the table (a Lambda bundle carries only those)', () => {
    for (const fn of FUNCTION_NAMES) {
      const own = ROUTES.filter((r) => r.fn === fn).map(routeKey);
      expect(FUNCTIONS[fn].routes.map(routeKey).sort(), fn).toEqual(own.sort());
    }
  });

  it('answers 404 to a route of another function, and 401 to its own without a session', async () => {
    const call = (method: string, path: string) =>
      FUNCTIONS.appointments.handler(
        {
          routeKey: `${method} ${path}`,
          rawPath: path,
          headers: { 'x-origin-verify': process.env.ORIGIN_VERIFY_SECRET ?? '' },
          requestContext: { http: { method, path, sourceIp: '203.0.113.9' } },
          isBase64Encoded: false,
        } as never,
        { getRemainingTimeInMillis: () => 5_000 } as never,
      );
    expect((await call('POST', '/api/auth/login'))?.statusCode).toBe(404);
    expect((await call('GET', '/api/appointments'))?.statusCode).toBe(401);
  });

  it('names each route once, and each access is public, session or a known permission', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of ROUTES) expect(['public', 'session', ...PERMISSIONS]).toContain(route.access);
  });

  it('declares the infrastructure access of every function', () => {
    for (const fn of FUNCTION_NAMES) expect(FUNCTION_ACCESS).toHaveProperty(fn);
  });

  it('matches concrete paths, preferring literal segments over parameters', () => {
    expect(matchRoute('POST', '/api/auth/login')?.route.action).toBe('login');
    expect(matchRoute('GET', '/api/auth/login')).toBeUndefined();
    expect(matchRoute('GET', '/api/nothing')).toBeUndefined();
  });
});
