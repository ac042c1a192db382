// Every route of the route table, called anonymously and as each of the five roles: 401 without a
// session, 403 without the permission, otherwise the route is reached (any other status).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { ROUTES, routeKey, type ApiRoute } from '../../shared/routes';
import { PLATFORM_ROLES, permissionsFor } from '../../shared/roles';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const concretePath = (route: ApiRoute) => route.path.replace(/\{[^}]+\}/g, 'does-not-exist');
// Sign-out ends the session the rest of the matrix uses, so it is called last.
const ordered = [...(ROUTES as readonly ApiRoute[])].sort((a, b) => Number(a.action === 'logout') - Number(b.action === 'logout'));

function expected(route: ApiRoute, role: string | null): 'allowed' | 401 | 403 {
  if (route.access === 'public') return 'allowed';
  if (!role) return 401;
  if (route.access === 'session') return 'allowed';
  return permissionsFor([role]).includes(route.access) ? 'allowed' : 403;
}

describe('RBAC matrix', () => {
  it.each([null, ...PLATFORM_ROLES])('every route answers %s as the permission module says', async (role) => {
    // Prepare
    const client = new Client(api.url);
    if (role) await client.signIn(role);
    const failures: string[] = [];
    // Act
    for (const route of ordered) {
      const res = await client.request(route.method, concretePath(route), route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} });
      const want = expected(route, role);
      const got = res.status === 401 || res.status === 403 ? res.status : 'allowed';
      if (got !== want) failures.push(`${routeKey(route)} as ${role ?? 'anonymous'}: expected ${want}, got ${res.status}`);
      expect(res.status, `${routeKey(route)} must never fail internally`).toBeLessThan(500);
    }
    // Assess
    expect(failures).toEqual([]);
  });
});
