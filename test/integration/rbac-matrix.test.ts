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

describe('read-only roles', () => {
  it('let the spectator read the check-ins the dashboard lists, and refuse every check-in change', async () => {
    // Prepare
    const spectator = new Client(api.url);
    const me = await spectator.signIn('spectator');
    // Act
    const list = await spectator.get('/api/checkins');
    const writes = await Promise.all([
      spectator.post('/api/checkins', { appointmentId: 'any', driverName: 'A', vehicleLicense: 'MH01AA0001' }),
      spectator.post('/api/checkins/walk-in', { driverName: 'A', vehicleLicense: 'MH01AA0001', carrierName: 'C' }),
      spectator.request('PATCH', '/api/checkins/any/status', { body: { status: 'at_dock' } }),
      spectator.post('/api/appointments/any/checkin', {}),
    ]);
    // Assess
    expect(me.permissions).toContain('checkins:read');
    expect(me.permissions).not.toContain('checkins:write');
    expect(me.canAccess.readOnly).toBe(true);
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(writes.map((r) => r.status)).toEqual([403, 403, 403, 403]);
  });
});
