// Which tenant a session acts in (issue #18): the session names the current tenant; the login's home
// tenant holds its user record, any other tenant needs a membership. Every request reads this here
// (one GetItem of the tenant, one of the membership when away from home), so the tenant of every
// server check comes from the session only. Also: whether the tenant is read-only (trial ended).
import type { SessionUser } from '../../shared/contracts/auth';
import type { MembershipView } from '../../shared/contracts/tenancy';
import { getUser } from '../users';
import { getTenant } from './tenant.store';
import { getMembership, membershipsOf, type Membership } from './membership.store';
import { asMember, membershipViews, readOnlyReason } from './rules';

export interface TenantAccess {
  /** The membership when the session acts away from the login's home tenant. */
  membership: Membership | null;
  /** Why the tenant may not change data now, or null. */
  readOnly: string | null;
}

/** What the session's tenant allows the login (read beside the user record), or null when it may not enter. */
export async function tenantAccess(userId: string, homeTenantId: string, tenantId: string, now = new Date()): Promise<TenantAccess | null> {
  const away = tenantId !== homeTenantId;
  const [tenant, membership] = await Promise.all([getTenant(tenantId), away ? getMembership(userId, tenantId) : null]);
  if (away && !membership) return null;
  return { membership, readOnly: readOnlyReason(tenant, now) };
}

/** The home user as it acts in the session's tenant (the membership's role when away from home). */
export const actingUser = (homeUser: SessionUser, access: TenantAccess): SessionUser => (access.membership ? asMember(homeUser, access.membership) : homeUser);

/** True when the login may enter the tenant (its home tenant or one it is a member of). */
export async function mayEnter(userId: string, homeTenantId: string, tenantId: string): Promise<boolean> {
  return tenantId === homeTenantId || Boolean(await getMembership(userId, tenantId));
}

/** The tenants the login may switch between, the current one marked. */
export async function membershipsOfLogin(userId: string, homeTenantId: string, current: string): Promise<MembershipView[]> {
  const [user, home, memberships] = await Promise.all([getUser(homeTenantId, userId), getTenant(homeTenantId), membershipsOf(userId)]);
  return membershipViews({ tenantId: homeTenantId, tenantName: home?.name ?? homeTenantId, role: user?.role ?? '' }, memberships, current);
}
