// Closing a tenant (issue #36). The admin closes it by typing its name; from then on only its admins
// may sign in (to reopen it or take its export), everyone's session is read-only, and after the grace
// (CLOSING_GRACE_DAYS) the closing worker (closing.worker.ts) erases every item and file of the
// tenant and leaves a report that names it by id only. Until then the admin may reopen it.
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../lib/errors';
import { logger } from '../lib/logger';
import { deleteItems, tenantItems } from '../lib/tenant-items';
import { deleteObjects, listObjects, tenantPrefix, UPLOAD_PREFIXES } from '../lib/uploads';
import type { Permission } from '../../shared/roles';
import { CLOSING_GRACE_DAYS, TENANT_CLOSING_TEXTS, type TenantClosing } from '../../shared/contracts/privacy-export';
import {
  closeTenantUpdate,
  getTenant,
  putErasedTenantReport,
  reopenTenantUpdate,
  tenantKeys,
  tenantsClosedBy,
  type Tenant,
} from './tenant.store';

const GRACE_MS = CLOSING_GRACE_DAYS * 86_400_000;

export const closingOf = (tenant: Pick<Tenant, 'closedAt'> | null): TenantClosing => {
  const closedAt = tenant?.closedAt ?? null;
  return { closedAt, erasesAt: closedAt ? new Date(Date.parse(closedAt) + GRACE_MS).toISOString() : null };
};

export async function tenantClosing(tenantId: string): Promise<TenantClosing> {
  return closingOf(await getTenant(tenantId));
}

/** Why a login of the tenant may not sign in (the tenant is closed and the login is not its admin), or null. */
export async function closedTenantRefusal(
  tenantId: string,
  permissions: readonly Permission[],
): Promise<string | null> {
  const tenant = await getTenant(tenantId);
  return tenant?.closedAt && !permissions.includes('admin:panel') ? TENANT_CLOSING_TEXTS.closed : null;
}

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ') === b.trim().replace(/\s+/g, ' ');

export async function closeTenant(
  tenantId: string,
  typedName: string,
  actor: Actor,
  now = new Date(),
): Promise<TenantClosing> {
  const tenant = await getTenant(tenantId);
  if (!tenant) throw new NotFoundError('Organisation not found');
  if (!sameName(typedName, tenant.name))
    throw new BadRequestError(TENANT_CLOSING_TEXTS.nameMismatch, { tenantName: TENANT_CLOSING_TEXTS.nameMismatch });
  const closedAt = now.toISOString();
  await transact(
    [
      closeTenantUpdate(tenantId, closedAt),
      auditPut(
        {
          tenantId,
          actor,
          action: 'tenancy.closed',
          entityType: 'tenant',
          entityId: tenantId,
          before: { closedAt: null },
          after: { closedAt },
        },
        now,
      ),
    ],
    () => new ConflictError(TENANT_CLOSING_TEXTS.alreadyClosed),
  );
  return closingOf({ closedAt });
}

export async function reopenTenant(tenantId: string, actor: Actor, now = new Date()): Promise<TenantClosing> {
  const tenant = await getTenant(tenantId);
  if (!tenant?.closedAt) throw new ConflictError(TENANT_CLOSING_TEXTS.notClosed);
  if (Date.parse(tenant.closedAt) + GRACE_MS <= now.getTime()) throw new ForbiddenError(TENANT_CLOSING_TEXTS.closed);
  await transact(
    [
      reopenTenantUpdate(tenantId),
      auditPut(
        {
          tenantId,
          actor,
          action: 'tenancy.reopened',
          entityType: 'tenant',
          entityId: tenantId,
          before: { closedAt: tenant.closedAt },
          after: { closedAt: null },
        },
        now,
      ),
    ],
    () => new ConflictError(TENANT_CLOSING_TEXTS.notClosed),
  );
  return closingOf(null);
}

/** Erases one tenant: its files, then its items, the tenant item last (a cut-short run is found again). */
async function eraseTenant(tenantId: string, closedAt: string, now: Date) {
  const keys = (
    await Promise.all(
      (Object.keys(UPLOAD_PREFIXES) as (keyof typeof UPLOAD_PREFIXES)[]).map((p) =>
        listObjects(tenantPrefix(p, tenantId)),
      ),
    )
  )
    .flat()
    .map((o) => o.key);
  const objects = await deleteObjects(keys);
  const root = tenantKeys.key(tenantId);
  const all = await tenantItems(tenantId);
  const others = all.filter((item) => !(item.PK === root.PK && item.SK === root.SK));
  const items = (await deleteItems(others)) + (await deleteItems(all.filter((item) => !others.includes(item))));
  await putErasedTenantReport({ tenantId, closedAt, erasedAt: now.toISOString(), items, objects });
  logger.info('closed tenant erased', { tenantId, items, objects });
  return { tenantId, items, objects };
}

/** Erases every tenant whose grace ended by `now`; answers what each erasure removed. */
export async function eraseClosedTenants(now = new Date()) {
  const due = await tenantsClosedBy(new Date(now.getTime() - GRACE_MS).toISOString());
  const erased = [];
  for (const { id, closedAt } of due) erased.push(await eraseTenant(id, closedAt, now));
  return erased;
}
