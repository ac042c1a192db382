// The session behind a cookie's token and its user, for the kernel (bound in functions/api.ts).
import type { SessionResolver } from '../lib/http';
import { getSession } from './session.store';
import { getUser, toSessionUser } from '../users';

export const resolveSession: SessionResolver = async (token) => {
  const session = await getSession(token);
  if (!session) return null;
  const user = await getUser(session.tenantId, session.userId);
  if (!user || user.status === 'rejected') return null;
  return { session: { ...session, token }, user: toSessionUser(user) };
};
