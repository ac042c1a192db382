// Which tenant a session acts in (issue #18): the session names the current tenant; the login's home
// tenant holds its user record, any other tenant needs a membership. Every request reads these items
// (the tenant, and the membership when away from home) in the one BatchGetItem that also reads the
// session and the user (auth/resolve-session.ts), so the tenant of every server check comes from the
// session only. Also: whether the tenant is read-only (trial ended), and its default facility.
import type { SessionUser } from '../../shared/contracts/auth';
import type { MembershipView } from '../../shared/contracts/tenancy';
import { getUser } from '../users';
import { getTenant, tenantKeys, type Tenant } from './tenant.store';
import { getMembership, membershipKeys, membershipsOf, type Membership } from './membership.store';
import { asMember, membershipViews, readOnlyReason } from './rules';

export interface TenantAccess {
  /** The membership when the session acts away from the login's home tenant. */
  membership: Membership | null;
  /** Why the tenant may not change data now, or null. */
  readOnly: string | null;
  /** The tenant's default facility (the dashboard's), or null before it has one. */
  defaultFacilityId: string | null;
  /** The admin whose e-mail code would start the tenant's trial (a sign-up not yet verified), or null. */
  verifyingAdminId: string | null;
}

/** The items that say what the session's tenant allows the login: the tenant, and the membership when away from home. */
export function tenantAccessKeys(userId: string, homeTenantId: string, tenantId: string) {
  return [tenantKeys.key(tenantId), ...(tenantId !== homeTenantId ? [membershipKeys.key(userId, tenantId)] : [])];
}

/** What those items allow (read in the order of tenantAccessKeys), or null when the login may not enter the tenant. */
export function tenantAccessOf(
  items: unknown[],
  homeTenantId: string,
  tenantId: string,
  now = new Date(),
): TenantAccess | null {
  const [tenant, membership] = items as [Tenant | null, Membership | null | undefined];
  if (tenantId !== homeTenantId && !membership) return null;
  const verifyingAdminId = tenant?.status === 'pending-verification' ? (tenant.adminUserId ?? null) : null;
  return {
    membership: membership ?? null,
    readOnly: readOnlyReason(tenant, now),
    defaultFacilityId: tenant?.defaultFacilityId ?? null,
    verifyingAdminId,
  };
}

/**
 * The home user as it acts in the session's tenant (the membership's role when away from home). The
 * admin of a sign-up not yet verified is told so: the e-mail code is the only step left (item 10 of
 * issue #27), so the pending screen asks for it instead of promising an administrator's review.
 */
export function actingUser(homeUser: SessionUser, access: TenantAccess): SessionUser {
  if (access.membership) return asMember(homeUser, access.membership);
  return access.verifyingAdminId === homeUser.id ? { ...homeUser, awaitsEmailCode: true } : homeUser;
}

/** True when the login may enter the tenant (its home tenant or one it is a member of). */
export async function mayEnter(userId: string, homeTenantId: string, tenantId: string): Promise<boolean> {
  return tenantId === homeTenantId || Boolean(await getMembership(userId, tenantId));
}

/** The tenants the login may switch between, the current one marked. */
export async function membershipsOfLogin(
  userId: string,
  homeTenantId: string,
  current: string,
): Promise<MembershipView[]> {
  const [user, home, memberships] = await Promise.all([
    getUser(homeTenantId, userId),
    getTenant(homeTenantId),
    membershipsOf(userId),
  ]);
  return membershipViews(
    { tenantId: homeTenantId, tenantName: home?.name ?? homeTenantId, role: user?.role ?? '' },
    memberships,
    current,
  );
}
