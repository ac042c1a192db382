// The session behind a cookie's token and its user, for the kernel (bound in functions/api.ts). The
// session names the tenant it acts in; the user record is read from its home tenant, and tenancy says
// whether the login may act in the session's tenant (home, or a membership) and with which role.
// One round trip: the token says where the records are (session.store.ts), so the session, the user
// and the tenant's items are read together in one BatchGetItem.
import type { SessionResolver } from '../lib/http';
import { batchGet } from '../lib/dynamo';
import { sessionKeys, sessionLocator, sessionOf } from './session.store';
import { toSessionUser, userKeys, type User } from '../users';
import { actingUser, tenantAccessKeys, tenantAccessOf } from '../tenancy';

export const resolveSession: SessionResolver = async (token) => {
  const where = sessionLocator(token);
  if (!where) return null;
  const [sessionItem, userItem, ...accessItems] = await batchGet<Record<string, unknown>>([
    sessionKeys.key(token),
    userKeys.key(where.homeTenantId, where.userId),
    ...tenantAccessKeys(where.userId, where.homeTenantId, where.tenantId),
  ]);
  const session = sessionOf(sessionItem ?? null);
  const user = userItem as User | null;
  // The token's ids are part of the session's key, so a session found was made with exactly these ids.
  if (!session || !user || user.status === 'rejected') return null;
  const access = tenantAccessOf(accessItems, where.homeTenantId, where.tenantId);
  if (!access) return null;
  return {
    session: { ...session, token, readOnly: access.readOnly, defaultFacilityId: access.defaultFacilityId },
    user: actingUser(toSessionUser(user), access),
  };
};
