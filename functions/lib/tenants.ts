// The tenant record: the root item of the partition every domain writes under (tenantPk). Its key and
// its read are kernel, like tenantPk, because facilities (the default facility) and tenancy (sign-up,
// trial, plan) both use them and tenancy builds on facilities (docs/architecture.md §1); its lifecycle
// is tenancy's (functions/tenancy/tenant.store.ts).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Plan } from '../../shared/contracts/tenancy';
import { ddb } from './aws';
import { config } from './config';
import { queryAll } from './dynamo';
import { tenantPk } from './table';

export interface Tenant {
  id: string;
  name: string;
  createdAt: string;
  defaultFacilityId?: string;
  /** Organisations that signed up (issue #18); the demo tenant has none of these. */
  gstin?: string | null;
  plan?: Plan | null;
  /** Set when the first admin verifies the e-mail address; after it, read-only until a plan is set. */
  trialEndsAt?: string | null;
  status?: 'pending-verification' | 'active';
  /** The admin who signed the organisation up. */
  adminUserId?: string;
  /** Set when an admin closes the tenant (issue #36): sign-ins are refused, and its data is erased after the grace. */
  closedAt?: string | null;
}

export const tenantKeys = {
  key: (tenantId: string) => ({ PK: tenantPk(tenantId), SK: 'TENANT' }),
  secret: (tenantId: string, name: TenantSecret) => ({ PK: tenantPk(tenantId), SK: name }),
  /** The list of all tenants (GSI3), for the daily workers that act per tenant without a Scan. */
  listed: (tenantId: string) => ({ GSI3PK: 'TENANTS', GSI3SK: tenantId }),
};

/** The ids of the tenants on the list (tenants written since it exists; see docs/privacy.md). */
export async function listTenantIds(): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'GSI3',
    KeyConditionExpression: 'GSI3PK = :pk',
    ExpressionAttributeValues: { ':pk': tenantKeys.listed('').GSI3PK },
  });
  return items.map((item) => String(item.GSI3SK));
}

/** The per-tenant keys kept in the table (QRKEY: the key that signs gate QR check-in links). */
export type TenantSecret = 'QRKEY';

export async function getTenant(tenantId: string): Promise<Tenant | null> {
  const res = await ddb().send(new GetCommand({ TableName: config.tableName, Key: tenantKeys.key(tenantId) }));
  if (!res.Item) return null;
  const { id, name, createdAt, defaultFacilityId, gstin, plan, trialEndsAt, status, adminUserId, closedAt } =
    res.Item as Tenant;
  return { id, name, createdAt, defaultFacilityId, gstin, plan, trialEndsAt, status, adminUserId, closedAt };
}
