// Tenancy rules without I/O: the trial's end, when a tenant becomes read-only, what the tenant's
// admins see of it, and what a member of a tenant may do there.
import { TENANCY_TEXTS, TRIAL_DAYS, type MembershipView, type TenantView } from '../../shared/contracts/tenancy';
import { TENANT_CLOSING_TEXTS } from '../../shared/contracts/privacy-export';
import { canAccessFor, permissionsFor } from '../../shared/roles';
import type { SessionUser } from '../../shared/contracts/auth';
import type { Tenant } from './tenant.store';
import type { Membership } from './membership.store';

export const trialEnd = (from: Date) => new Date(from.getTime() + TRIAL_DAYS * 24 * 3600 * 1000).toISOString();

/**
 * Why the tenant may not change data now, or null: it is closed (issue #36), or its trial ended. A tenant
 * without a trial end (the demo) never expires.
 */
export function readOnlyReason(
  tenant: Pick<Tenant, 'plan' | 'trialEndsAt' | 'closedAt'> | null,
  now = new Date(),
): string | null {
  if (tenant?.closedAt) return TENANT_CLOSING_TEXTS.closed;
  if (!tenant || tenant.plan || !tenant.trialEndsAt) return null;
  return tenant.trialEndsAt <= now.toISOString() ? TENANCY_TEXTS.trialEnded : null;
}

export function tenantView(tenant: Tenant, now = new Date()): TenantView {
  return {
    id: tenant.id,
    name: tenant.name,
    gstin: tenant.gstin ?? null,
    plan: tenant.plan ?? null,
    trialEndsAt: tenant.trialEndsAt ?? null,
    readOnly: readOnlyReason(tenant, now),
  };
}

/**
 * The signed-in user as a member of another tenant: that tenant's id and the membership's role
 * (links to a carrier or driver belong to the home tenant and do not carry over).
 */
export function asMember(user: SessionUser, membership: Pick<Membership, 'tenantId' | 'role'>): SessionUser {
  const permissions = user.status === 'active' ? permissionsFor([membership.role]) : [];
  return {
    ...user,
    tenantId: membership.tenantId,
    role: membership.role,
    roles: [membership.role],
    permissions,
    canAccess: canAccessFor(permissions),
    driverId: null,
    carrierId: null,
  };
}

/** The tenants a login may enter: its home tenant first, then its memberships by name. */
export function membershipViews(
  home: { tenantId: string; tenantName: string; role: string },
  memberships: Membership[],
  current: string,
): MembershipView[] {
  const others = memberships
    .filter((m) => m.tenantId !== home.tenantId)
    .sort((a, b) => a.tenantName.localeCompare(b.tenantName));
  return [home, ...others].map((m) => ({
    tenantId: m.tenantId,
    tenantName: m.tenantName,
    role: m.role,
    current: m.tenantId === current,
  }));
}
