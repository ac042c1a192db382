// The tenant's plan (issue #18): no payment integration, the field is the subscription. Setting it
// lifts the read-only state of a tenant whose trial ended; audited in the same transaction.
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { NotFoundError } from '../lib/errors';
import { getTenant, setPlanUpdate } from './tenant.store';
import { tenantView } from './rules';
import type { Plan, TenantView } from '../../shared/contracts/tenancy';

export async function choosePlan(tenantId: string, plan: Plan, actor: Actor, now = new Date()): Promise<TenantView> {
  const before = await getTenant(tenantId);
  if (!before) throw new NotFoundError('Organisation not found');
  await transact(
    [
      setPlanUpdate(tenantId, plan),
      auditPut(
        {
          tenantId,
          actor,
          action: 'tenant.plan-set',
          entityType: 'tenant',
          entityId: tenantId,
          before: { plan: before.plan ?? null },
          after: { plan },
        },
        now,
      ),
    ],
    () => new NotFoundError('Organisation not found'),
  );
  return tenantView({ ...before, plan }, now);
}
