// Tenants: the customer organisations. Every other item lives under TENANT#<id>.
import { randomBytes } from 'node:crypto';
import type { Plan } from '../../shared/contracts/tenancy';
import { config } from '../lib/config';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { getItem, putIfAbsent, queryAll, transact } from '../lib/dynamo';
import { tenantKeys, type Tenant, type TenantSecret } from '../lib/tenants';

export { getTenant, tenantKeys, type Tenant, type TenantSecret } from '../lib/tenants';

const tenantItem = (tenant: Tenant) => ({
  ...tenantKeys.key(tenant.id),
  ...tenantKeys.listed(tenant.id),
  entity: 'tenant',
  ...tenant,
});

/** The TransactWriteItems elements of a new tenant and its keys (sign-up writes them with the rest). */
export function newTenantPuts(tenant: Tenant) {
  const absent = { TableName: config.tableName, ConditionExpression: 'attribute_not_exists(PK)' };
  return [
    { Put: { ...absent, Item: tenantItem(tenant) } },
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
  const item = tenantItem(tenant);
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

/** The closed tenants (GSI2, sparse: only a closed tenant's item has these keys), by the instant closed. */
const closedKeys = (closedAt: string) => ({ GSI2PK: 'CLOSED-TENANTS', GSI2SK: closedAt });

/** Closes the tenant (issue #36) unless it is closed; the condition's failure means it was. */
export function closeTenantUpdate(tenantId: string, closedAt: string) {
  const { GSI2PK, GSI2SK } = closedKeys(closedAt);
  return {
    Update: {
      TableName: config.tableName,
      Key: tenantKeys.key(tenantId),
      UpdateExpression: 'SET closedAt = :at, GSI2PK = :pk, GSI2SK = :at',
      ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(closedAt) OR closedAt = :open)',
      ExpressionAttributeValues: { ':at': GSI2SK, ':pk': GSI2PK, ':open': null },
    },
  };
}

/** Reopens a closed tenant; the condition's failure means it was not closed. */
export function reopenTenantUpdate(tenantId: string) {
  return {
    Update: {
      TableName: config.tableName,
      Key: tenantKeys.key(tenantId),
      UpdateExpression: 'REMOVE closedAt, GSI2PK, GSI2SK',
      ConditionExpression: 'attribute_exists(closedAt) AND closedAt <> :open',
      ExpressionAttributeValues: { ':open': null },
    },
  };
}

/** The tenants closed at or before `closedBy` (ISO). */
export async function tenantsClosedBy(closedBy: string): Promise<{ id: string; closedAt: string }[]> {
  const items = await queryAll({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK <= :by',
    ExpressionAttributeValues: { ':pk': closedKeys('').GSI2PK, ':by': closedBy },
  });
  return items.map((item) => ({ id: String(item.id), closedAt: String(item.closedAt) }));
}

/** What stays of an erased tenant: when it was erased and how much was removed (outside its partitions). */
export async function putErasedTenantReport(report: {
  tenantId: string;
  closedAt: string;
  erasedAt: string;
  items: number;
  objects: number;
}): Promise<void> {
  const { tenantId, ...rest } = report;
  await ddb().send(
    new PutCommand({
      TableName: config.tableName,
      // Named by its key only: no attribute of it names the tenant, which has no item left.
      Item: { PK: 'ERASED-TENANTS', SK: tenantId, entity: 'erased-tenant-report', ...rest },
    }),
  );
}

export const getErasedTenantReport = (tenantId: string) =>
  getItem<{ closedAt: string; erasedAt: string; items: number; objects: number }>(
    { PK: 'ERASED-TENANTS', SK: tenantId },
    true,
  );
