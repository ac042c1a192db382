// Tenants: the customer organisations. Every other item lives under TENANT#<id>.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { putIfAbsent } from '../lib/dynamo';

export interface Tenant {
  id: string;
  name: string;
  createdAt: string;
  defaultFacilityId?: string;
}

export const tenantKeys = { key: (tenantId: string) => ({ PK: `TENANT#${tenantId}`, SK: 'TENANT' }) };

export async function getTenant(tenantId: string): Promise<Tenant | null> {
  const res = await ddb().send(new GetCommand({ TableName: config.tableName, Key: tenantKeys.key(tenantId) }));
  return res.Item ? { id: res.Item.id, name: res.Item.name, createdAt: res.Item.createdAt, defaultFacilityId: res.Item.defaultFacilityId } : null;
}

/** Creates the tenant unless it exists; returns whether it was created. */
export function putTenantIfAbsent(tenant: Tenant): Promise<boolean> {
  return putIfAbsent({ ...tenantKeys.key(tenant.id), entity: 'tenant', ...tenant });
}
