// Tenants: the customer organisations. Every other item lives under TENANT#<id>.
import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, putIfAbsent } from '../lib/dynamo';
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

/** Creates the tenant unless it exists; returns whether it was created. */
export function putTenantIfAbsent(tenant: Tenant): Promise<boolean> {
  return putIfAbsent({ ...tenantKeys.key(tenant.id), entity: 'tenant', ...tenant });
}

/** A per-tenant secret, made on first use (random, 32 bytes); when two requests make it at once, the first write wins. */
export async function tenantSecret(tenantId: string, name: TenantSecret): Promise<Buffer> {
  const key = tenantKeys.secret(tenantId, name);
  const existing = await getItem<{ secret: string }>(key, true);
  if (existing) return Buffer.from(existing.secret, 'base64');
  await putIfAbsent({ ...key, secret: randomBytes(32).toString('base64') });
  return Buffer.from((await getItem<{ secret: string }>(key, true))!.secret, 'base64');
}
