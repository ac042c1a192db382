// Facilities: one record per site, shared by dock scheduling and the warehouse module. Items that
// belong to one facility (doors, spots, slots, holidays, labour, equipment) live in the facility's
// own partition, TENANT#<t>#FACILITY#<f>, so one busy site never crowds another.
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type Actor } from '../lib/audit';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, putIfAbsent, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError, NotFoundError } from '../lib/errors';
import { tenantKeys, getTenant } from './tenants';
import type { Facility } from '../../shared/contracts/reference';
import type { z } from 'zod';
import type { facilityInputSchema } from '../../shared/contracts/reference';

export type { Facility };

export const facilityKeys = {
  key: (tenantId: string, facilityId: string) => ({ PK: `TENANT#${tenantId}`, SK: `FACILITY#${facilityId}` }),
  /** The partition of everything that belongs to one facility. */
  partition: (tenantId: string, facilityId: string) => `TENANT#${tenantId}#FACILITY#${facilityId}`,
};

export type FacilityFields = z.output<typeof facilityInputSchema>;

export async function getFacility(tenantId: string, facilityId: string): Promise<Facility | null> {
  return getItem<Facility>(facilityKeys.key(tenantId, facilityId));
}

export async function listFacilities(tenantId: string): Promise<Facility[]> {
  const facilities = await queryPrefix<Facility>(`TENANT#${tenantId}`, 'FACILITY#');
  return facilities.sort((a, b) => a.name.localeCompare(b.name));
}

/** The facility named by id, or the tenant's default one for 'default'. */
export async function resolveFacility(tenantId: string, idOrDefault: string): Promise<Facility> {
  if (idOrDefault !== 'default') {
    const facility = await getFacility(tenantId, idOrDefault);
    if (!facility) throw new NotFoundError('Facility not found');
    return facility;
  }
  const tenant = await getTenant(tenantId);
  const facility = tenant?.defaultFacilityId ? await getFacility(tenantId, tenant.defaultFacilityId) : (await listFacilities(tenantId))[0];
  if (!facility) throw new NotFoundError('No facilities available');
  return facility;
}

export async function createFacility(tenantId: string, input: FacilityFields, actor: Actor | null, options: { id?: string } = {}, now = new Date()): Promise<Facility> {
  const facility: Facility = { ...input, id: options.id ?? randomUUID(), tenantId, doorCount: 0, isActive: true, createdAt: now.toISOString() };
  await transact(
    [
      { Put: { TableName: config.tableName, Item: { ...facilityKeys.key(tenantId, facility.id), entity: 'facility', ...facility }, ConditionExpression: 'attribute_not_exists(PK)' } },
      // The first facility becomes the tenant's default (the dashboard's and the guest link's).
      {
        Update: {
          TableName: config.tableName,
          Key: tenantKeys.key(tenantId),
          UpdateExpression: 'SET defaultFacilityId = if_not_exists(defaultFacilityId, :id)',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':id': facility.id },
        },
      },
      auditPut({ tenantId, actor, action: 'facility.created', entityType: 'facility', entityId: facility.id, after: { ...facility } }, now),
    ],
    (index) => (index === 0 ? new ConflictError('Facility already exists') : new NotFoundError('Tenant not found')),
  );
  return facility;
}

export async function updateFacility(tenantId: string, facilityId: string, changes: Partial<FacilityFields>, actor: Actor, now = new Date()): Promise<Facility> {
  const before = await getFacility(tenantId, facilityId);
  if (!before) throw new NotFoundError('Facility not found');
  const after: Facility = { ...before, ...changes, updatedAt: now.toISOString() };
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...facilityKeys.key(tenantId, facilityId), entity: 'facility', ...after },
          // Optimistic lock: another edit changes updatedAt, a door added meanwhile changes doorCount;
          // either way this write must not overwrite what it did not see.
          ConditionExpression: before.updatedAt
            ? 'attribute_exists(PK) AND doorCount = :doorCount AND updatedAt = :seen'
            : 'attribute_exists(PK) AND doorCount = :doorCount AND attribute_not_exists(updatedAt)',
          ExpressionAttributeValues: before.updatedAt ? { ':doorCount': before.doorCount, ':seen': before.updatedAt } : { ':doorCount': before.doorCount },
        },
      },
      auditPut({ tenantId, actor, action: 'facility.updated', entityType: 'facility', entityId: facilityId, before: { ...before }, after: { ...after } }, now),
    ],
    () => new ConflictError('The facility was changed by someone else. Please try again.'),
  );
  return after;
}

export function putFacilityIfAbsent(facility: Facility): Promise<boolean> {
  return putIfAbsent({ ...facilityKeys.key(facility.tenantId, facility.id), entity: 'facility', ...facility });
}

/** Adds to the facility's door count inside a transaction (used with the door's own put). */
export function facilityDoorCountIncrement(tenantId: string, facilityId: string) {
  return {
    Update: {
      TableName: config.tableName,
      Key: facilityKeys.key(tenantId, facilityId),
      UpdateExpression: 'ADD doorCount :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':one': 1 },
    },
  };
}

export async function setTenantDefaultFacility(tenantId: string, facilityId: string) {
  await ddb().send(new UpdateCommand({ TableName: config.tableName, Key: tenantKeys.key(tenantId), UpdateExpression: 'SET defaultFacilityId = :id', ExpressionAttributeValues: { ':id': facilityId } }));
}
