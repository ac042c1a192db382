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
