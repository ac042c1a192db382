// Facilities: one record per site, shared by dock scheduling and the warehouse module. Items that
// belong to one facility (doors, spots, slots, holidays, labour, equipment) live in the facility's
// own partition, TENANT#<t>#FACILITY#<f>, so one busy site never crowds another.
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type Actor } from '../lib/audit';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, putIfAbsent, queryPrefix, transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, NotFoundError, RevisionConflictError } from '../lib/errors';
import { changeAtRevision, nextRevision, revisedFieldsUpdate, revisionOf } from '../lib/revision';
import { tenantKeys, getTenant } from '../lib/tenants';
import type { Facility } from '../../shared/contracts/facilities';
import type * as z from 'zod/mini';
import type { facilityInputSchema, FacilityUpdate } from '../../shared/contracts/facilities';
import { tenantPk } from '../lib/table';

export type { Facility };

export const facilityKeys = {
  key: (tenantId: string, facilityId: string) => ({ PK: tenantPk(tenantId), SK: `FACILITY#${facilityId}` }),
  /** The partition of everything that belongs to one facility. */
  partition: (tenantId: string, facilityId: string) => tenantPk(tenantId, 'FACILITY', facilityId),
};

export type FacilityFields = z.output<typeof facilityInputSchema>;

export async function getFacility(tenantId: string, facilityId: string): Promise<Facility | null> {
  return getItem<Facility>(facilityKeys.key(tenantId, facilityId));
}

export async function listFacilities(tenantId: string): Promise<Facility[]> {
  const facilities = await queryPrefix<Facility>(tenantPk(tenantId), 'FACILITY#');
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
  const facility = tenant?.defaultFacilityId
    ? await getFacility(tenantId, tenant.defaultFacilityId)
    : (await listFacilities(tenantId))[0];
  if (!facility) throw new NotFoundError('No facilities available');
  return facility;
}

/** The TransactWriteItems element of a new facility (sign-up writes it with the tenant). */
export function newFacilityPut(facility: Facility) {
  return {
    Put: {
      TableName: config.tableName,
      Item: { ...facilityKeys.key(facility.tenantId, facility.id), entity: 'facility', ...facility },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export async function createFacility(
  tenantId: string,
  input: FacilityFields,
  actor: Actor | null,
  options: { id?: string } = {},
  now = new Date(),
): Promise<Facility> {
  const facility: Facility = {
    ...input,
    id: options.id ?? randomUUID(),
    tenantId,
    doorCount: 0,
    isActive: true,
    createdAt: now.toISOString(),
  };
  await transact(
    [
      newFacilityPut(facility),
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
      auditPut(
        {
          tenantId,
          actor,
          action: 'facility.created',
          entityType: 'facility',
          entityId: facility.id,
          after: { ...facility },
        },
        now,
      ),
    ],
    (index) => (index === 0 ? new ConflictError('Facility already exists') : new NotFoundError('Tenant not found')),
  );
  return facility;
}

/** Why an edit cannot apply to the facility as it is now stored, or null when it can. */
function refusalOf(current: Facility | null, edit: FacilityUpdate): Error | null {
  if (!current) return new NotFoundError('Facility not found');
  if (
    (edit.operatingHoursEnd ?? current.operatingHoursEnd) <= (edit.operatingHoursStart ?? current.operatingHoursStart)
  ) {
    return new BadRequestError('Closing time must be after opening time', {
      operatingHoursEnd: 'Closing time must be after opening time',
    });
  }
  if (edit.totalDockDoors !== undefined && edit.totalDockDoors < (current.doorCount ?? 0)) {
    const message = `Total dock doors cannot be below the ${current.doorCount} dock doors recorded for this facility`;
    return new ConflictError(message, { totalDockDoors: message });
  }
  return null;
}

/** The write of an edit: only its fields. A door added meanwhile raises the door count without a new
 * revision (it changes nothing a form edits), so the total of doors is conditioned on the count as stored. */
function facilityEditUpdate(before: Facility, changes: Partial<FacilityFields>, at: string) {
  const doorsAtMost =
    changes.totalDockDoors === undefined
      ? undefined
      : 'attribute_not_exists(doorCount) OR doorCount <= :totalDockDoors';
  return revisedFieldsUpdate(
    facilityKeys.key(before.tenantId, before.id),
    revisionOf(before),
    { ...changes, updatedAt: at },
    doorsAtMost,
  );
}

/**
 * Applies an edit of a facility (functions/lib/revision.ts): with the revision its form loaded, only
 * to that revision; without one, to the facility as stored, read again after a race. Only the fields
 * it carries are written; the audit images hold those fields, exactly as they were.
 */
export async function updateFacility(
  tenantId: string,
  facilityId: string,
  edit: FacilityUpdate,
  actor: Actor,
  now = new Date(),
): Promise<Facility> {
  const { revision: seen, ...fields } = edit;
  const changes: Partial<FacilityFields> = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  );
  const at = now.toISOString();
  const read = () => getItem<Facility>(facilityKeys.key(tenantId, facilityId), true);
  return changeAtRevision({
    read,
    seen,
    view: (facility) => facility,
    apply: async (before) => {
      const refusal = refusalOf(before, edit);
      if (refusal) throw refusal;
      const was = Object.fromEntries(
        Object.keys(changes).map((field) => [field, (before as unknown as Record<string, unknown>)[field] ?? null]),
      );
      const revision = nextRevision(revisionOf(before!));
      try {
        await transact(
          [
            facilityEditUpdate(before!, changes, at),
            auditPut(
              {
                tenantId,
                actor,
                action: 'facility.updated',
                entityType: 'facility',
                entityId: facilityId,
                before: { ...was, updatedAt: before!.updatedAt ?? null, revision: revisionOf(before!) },
                after: { ...changes, updatedAt: at, revision },
              },
              now,
            ),
          ],
          () => new RevisionConflictError(),
        );
      } catch (err) {
        // A door recorded meanwhile refuses the total of doors; anything else is a newer revision.
        throw (err instanceof RevisionConflictError && refusalOf(await read(), edit)) || err;
      }
      return (await read())!;
    },
  });
}

export function putFacilityIfAbsent(facility: Facility): Promise<boolean> {
  return putIfAbsent({ ...facilityKeys.key(facility.tenantId, facility.id), entity: 'facility', ...facility });
}

/** Adds to the facility's door count inside a transaction (used with the doors' own puts). */
export function facilityDoorCountIncrement(tenantId: string, facilityId: string, doors = 1) {
  return {
    Update: {
      TableName: config.tableName,
      Key: facilityKeys.key(tenantId, facilityId),
      UpdateExpression: 'ADD doorCount :doors',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':doors': doors },
    },
  };
}

export async function setTenantDefaultFacility(tenantId: string, facilityId: string) {
  await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: tenantKeys.key(tenantId),
      UpdateExpression: 'SET defaultFacilityId = :id',
      ExpressionAttributeValues: { ':id': facilityId },
    }),
  );
}

/**
 * Deletes a facility that nothing depends on any more: not the tenant's default, no dock doors
 * recorded (the warehouse checks its own zones before calling). Conditioned on the stored record.
 */
export async function deleteFacility(
  tenantId: string,
  facilityId: string,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  const before = await getFacility(tenantId, facilityId);
  if (!before) throw new NotFoundError('Facility not found');
  const tenant = await getTenant(tenantId);
  if (tenant?.defaultFacilityId === facilityId)
    throw new ConflictError(`${before.name} is the default facility and cannot be deleted`);
  if ((before.doorCount ?? 0) > 0)
    throw new ConflictError(`${before.name} has ${before.doorCount} dock doors and cannot be deleted`);
  await transact(
    [
      {
        Delete: {
          TableName: config.tableName,
          Key: facilityKeys.key(tenantId, facilityId),
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(doorCount) OR doorCount = :zero)',
          ExpressionAttributeValues: { ':zero': 0 },
        },
      },
      {
        ConditionCheck: {
          TableName: config.tableName,
          Key: tenantKeys.key(tenantId),
          ConditionExpression: 'attribute_not_exists(defaultFacilityId) OR defaultFacilityId <> :id',
          ExpressionAttributeValues: { ':id': facilityId },
        },
      },
      auditPut(
        {
          tenantId,
          actor,
          action: 'facility.deleted',
          entityType: 'facility',
          entityId: facilityId,
          before: { ...before },
        },
        now,
      ),
    ],
    () => new ConflictError(`${before.name} changed meanwhile (a dock door or default). Reload and try again.`),
  );
}
