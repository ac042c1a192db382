// Tenants: the customer organisations. Every other item lives under TENANT#<id>.
import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, putIfAbsent, transact } from '../lib/dynamo';
import { tenantPk } from '../lib/table';

export interface Tenant {
  id: string;
  name: string;
  createdAt: string;
  defaultFacilityId?: string;
}

export const tenantKeys = {
  key: (tenantId: string) => ({ PK: tenantPk(tenantId), SK: 'TENANT' }),
  secret: (tenantId: string, name: TenantSecret) => ({ PK: tenantPk(tenantId), SK: name }),
};

/** The per-tenant keys kept in the table (QRKEY: the key that signs gate QR check-in links). */
export type TenantSecret = 'QRKEY';

export async function getTenant(tenantId: string): Promise<Tenant | null> {
  const res = await ddb().send(new GetCommand({ TableName: config.tableName, Key: tenantKeys.key(tenantId) }));
  return res.Item ? { id: res.Item.id, name: res.Item.name, createdAt: res.Item.createdAt, defaultFacilityId: res.Item.defaultFacilityId } : null;
}

/** Creates the tenant, with its keys, unless it exists; returns whether it was created. */
export async function putTenantIfAbsent(tenant: Tenant): Promise<boolean> {
  const absent = { TableName: config.tableName, ConditionExpression: 'attribute_not_exists(PK)' };
  const keys = TENANT_SECRETS.map((name) => ({ Put: { ...absent, Item: { ...tenantKeys.secret(tenant.id, name), entity: 'tenant-secret', secret: newSecret() } } }));
  const item = { ...tenantKeys.key(tenant.id), entity: 'tenant', ...tenant };
  const exists = new Error('tenant exists');
  const keyExists = new Error('tenant key exists');
  try {
    await transact([{ Put: { ...absent, Item: item } }, ...keys], (index) => (index === 0 ? exists : keyExists));
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
