// Tenants: the customer organisations. Every other item lives under TENANT#<id>.
import { randomBytes } from 'node:crypto';
import type { Plan } from '../../shared/contracts/tenancy';
import { config } from '../lib/config';
import { getItem, putIfAbsent, transact } from '../lib/dynamo';
import { tenantKeys, type Tenant, type TenantSecret } from '../lib/tenants';

export { getTenant, tenantKeys, type Tenant, type TenantSecret } from '../lib/tenants';

/** The TransactWriteItems elements of a new tenant and its keys (sign-up writes them with the rest). */
export function newTenantPuts(tenant: Tenant) {
  const absent = { TableName: config.tableName, ConditionExpression: 'attribute_not_exists(PK)' };
  return [
    { Put: { ...absent, Item: { ...tenantKeys.key(tenant.id), entity: 'tenant', ...tenant } } },
    ...TENANT_SECRETS.map((name) => ({
      Put: { ...absent, Item: { ...tenantKeys.secret(tenant.id, name), entity: 'tenant-secret', secret: newSecret() } },
    })),
  ];
}

/** Starts the trial of a tenant still waiting for its admin's e-mail verification. */
export function startTrialUpdate(tenantId: string, trialEndsAt: string) {
  return {
    Update: {
      TableName: config.tableName,
      Key: tenantKeys.key(tenantId),
      UpdateExpression: 'SET #status = :active, trialEndsAt = :end',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':active': 'active', ':pending': 'pending-verification', ':end': trialEndsAt },
    },
  };
}

/** Sets the tenant's plan (no payment integration: the field is the subscription). */
export function setPlanUpdate(tenantId: string, plan: Plan) {
  return {
    Update: {
      TableName: config.tableName,
      Key: tenantKeys.key(tenantId),
      UpdateExpression: 'SET #plan = :plan',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#plan': 'plan' },
      ExpressionAttributeValues: { ':plan': plan },
    },
  };
}

/** Creates the tenant, with its keys, unless it exists; returns whether it was created. */
export async function putTenantIfAbsent(tenant: Tenant): Promise<boolean> {
  const item = { ...tenantKeys.key(tenant.id), entity: 'tenant', ...tenant };
  const exists = new Error('tenant exists');
  const keyExists = new Error('tenant key exists');
  try {
    await transact(newTenantPuts(tenant), (index) => (index === 0 ? exists : keyExists));
    return true;
  } catch (err) {
    if (err === exists) return false;
    if (err === keyExists) return putIfAbsent(item); // keys made on first use earlier (tenantSecret) stay
    throw err;
  }
}

const TENANT_SECRETS: readonly TenantSecret[] = ['QRKEY'];
const newSecret = () => randomBytes(32).toString('base64');

/** A tenant's key if it has one; never writes (a link naming an unknown tenant must not make one). */
export async function findTenantSecret(tenantId: string, name: TenantSecret): Promise<Buffer | null> {
  const existing = await getItem<{ secret: string }>(tenantKeys.secret(tenantId, name), true);
  return existing ? Buffer.from(existing.secret, 'base64') : null;
}

/**
 * A tenant's key for signing, made on first use for tenants created before keys came with the tenant
 * (when two requests make it at once, the first write wins). Only signed-in staff of the tenant reach
 * this; verifying uses `findTenantSecret`.
 */
export async function tenantSecret(tenantId: string, name: TenantSecret): Promise<Buffer> {
  const existing = await findTenantSecret(tenantId, name);
  if (existing) return existing;
  const key = tenantKeys.secret(tenantId, name);
  await putIfAbsent({ ...key, entity: 'tenant-secret', secret: newSecret() });
  return (await findTenantSecret(tenantId, name))!;
}
