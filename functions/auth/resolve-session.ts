// The session behind a cookie's token and its user, for the kernel (bound in functions/api.ts). The
// session names the tenant it acts in; the user record is read from its home tenant, and tenancy says
// whether the login may act in the session's tenant (home, or a membership) and with which role.
import type { SessionResolver } from '../lib/http';
import { getSession } from './session.store';
import { getUser, toSessionUser } from '../users';
import { actingUser, tenantAccess } from '../tenancy';

export const resolveSession: SessionResolver = async (token) => {
  const session = await getSession(token);
  if (!session) return null;
  const home = session.homeTenantId ?? session.tenantId;
  const [user, access] = await Promise.all([getUser(home, session.userId), tenantAccess(session.userId, home, session.tenantId)]);
  if (!user || user.status === 'rejected' || !access) return null;
  return { session: { ...session, token, readOnly: access.readOnly }, user: actingUser(toSessionUser(user), access) };
};
