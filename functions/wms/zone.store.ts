// Zones of the warehouse: one partition per tenant (a tenant has tens to hundreds), a code item per
// facility keeps zone codes unique, and the zone carries its bin count and the stock in its bins.
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { counterMove } from '../lib/counters';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError, NotFoundError } from '../lib/errors';
import { tenantPk } from '../lib/table';
import type { Zone, zoneInputSchema } from '../../shared/contracts/wms';
import type * as z from 'zod/mini';
import { counterUpdate } from './counters.store';
import { codeKey } from './rules';

export type ZoneFields = z.output<typeof zoneInputSchema>;
export type StoredZone = Omit<Zone, 'facilityName'> & { tenantId: string };

const zoneKeys = {
  key: (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'WMS', 'ZONES'), SK: id }),
  code: (tenantId: string, facilityId: string, code: string) => ({
    PK: tenantPk(tenantId, 'WMS', 'ZONECODE', facilityId),
    SK: codeKey(code),
  }),
};

/** The items a zone is stored as (the bulk loader writes them as they are). */
export function zoneItems(z: StoredZone) {
  return [
    { ...zoneKeys.key(z.tenantId, z.id), entity: 'wms-zone', ...z },
    { ...zoneKeys.code(z.tenantId, z.facilityId, z.code), entity: 'wms-zone-code', zoneId: z.id },
  ];
}

export const getZone = (tenantId: string, id: string) => getItem<StoredZone>(zoneKeys.key(tenantId, id), true);

export const listZones = (tenantId: string) =>
  queryPrefix<StoredZone>(zoneKeys.key(tenantId, '').PK, '', { consistent: true });

const codeTaken = (code: string) =>
  new ConflictError(`Zone code ${code} is already used at this facility`, {
    code: `Zone code ${code} is already used at this facility`,
  });

export async function createZone(
  tenantId: string,
  id: string,
  fields: ZoneFields,
  actor: Actor | null,
  now = new Date(),
): Promise<StoredZone> {
  const at = now.toISOString();
  const zone: StoredZone = {
    ...fields,
    id,
    tenantId,
    currentUtilization: 0,
    binCount: 0,
    createdAt: at,
    updatedAt: at,
  };
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...zoneKeys.key(tenantId, id), entity: 'wms-zone', ...zone },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: config.tableName,
          Item: { ...zoneKeys.code(tenantId, fields.facilityId, fields.code), entity: 'wms-zone-code', zoneId: id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      ...counterUpdate(tenantId, { zones: 1 }, id),
      auditPut(
        { tenantId, actor, action: 'wms-zone.created', entityType: 'wms-zone', entityId: id, after: { ...zone } },
        now,
      ),
    ],
    (i) => (i === 1 ? codeTaken(fields.code) : new ConflictError('Zone already exists')),
  );
  return zone;
}

const CHANGED = 'The zone was changed by someone else meanwhile. Reload it and try again.';

export async function updateZone(
  before: StoredZone,
  fields: ZoneFields,
  actor: Actor,
  now = new Date(),
): Promise<StoredZone> {
  const at = now.toISOString();
  const after: StoredZone = { ...before, ...fields, updatedAt: at };
  const codeMoves = codeKey(before.code) !== codeKey(fields.code) || before.facilityId !== fields.facilityId;
  const entries = Object.entries(fields);
  await transact(
    [
      {
        Update: {
          TableName: config.tableName,
          Key: zoneKeys.key(before.tenantId, before.id),
          UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}, updatedAt = :at`,
          // A zone with bins stays at its facility (its bins and their stock are there).
          ConditionExpression: `updatedAt = :seen${before.facilityId !== fields.facilityId ? ' AND binCount = :zero' : ''}`,
          ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
          ExpressionAttributeValues: {
            ...Object.fromEntries(entries.map(([, v], i) => [`:f${i}`, v])),
            ':at': at,
            ':seen': before.updatedAt,
            ...(before.facilityId !== fields.facilityId ? { ':zero': 0 } : {}),
          },
        },
      },
      ...(codeMoves
        ? [
            {
              Delete: {
                TableName: config.tableName,
                Key: zoneKeys.code(before.tenantId, before.facilityId, before.code),
              },
            },
            {
              Put: {
                TableName: config.tableName,
                Item: {
                  ...zoneKeys.code(before.tenantId, fields.facilityId, fields.code),
                  entity: 'wms-zone-code',
                  zoneId: before.id,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ]
        : []),
      auditPut(
        {
          tenantId: before.tenantId,
          actor,
          action: 'wms-zone.updated',
          entityType: 'wms-zone',
          entityId: before.id,
          before: { ...before },
          after: { ...after },
        },
        now,
      ),
    ],
    (i) =>
      i === 2
        ? codeTaken(fields.code)
        : before.facilityId !== fields.facilityId && before.binCount > 0
          ? new ConflictError('A zone with bins cannot move to another facility')
          : new ConflictError(CHANGED),
  );
  return after;
}

export async function deleteZone(zone: StoredZone, actor: Actor, now = new Date()): Promise<void> {
  await transact(
    [
      {
        Delete: {
          TableName: config.tableName,
          Key: zoneKeys.key(zone.tenantId, zone.id),
          ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(binCount) OR binCount = :zero)',
          ExpressionAttributeValues: { ':zero': 0 },
        },
      },
      { Delete: { TableName: config.tableName, Key: zoneKeys.code(zone.tenantId, zone.facilityId, zone.code) } },
      ...counterUpdate(zone.tenantId, { zones: -1 }, zone.id),
      auditPut(
        {
          tenantId: zone.tenantId,
          actor,
          action: 'wms-zone.deleted',
          entityType: 'wms-zone',
          entityId: zone.id,
          before: { ...zone },
        },
        now,
      ),
    ],
    () => new ConflictError(`Zone ${zone.name} still has bins. Delete or move its bins first.`),
  );
}

/** Adds to the zone's bin count (a bin created in or moved into it: +1; deleted or moved out: -1). */
export function zoneBinCountUpdate(tenantId: string, zoneId: string, delta: number) {
  return counterMove({
    key: zoneKeys.key(tenantId, zoneId),
    counters: { binCount: delta },
    condition: { expression: 'attribute_exists(PK)' },
  });
}

/** Adds a stock change to the zone's utilization (the sum of its bins' quantities). */
export function zoneStockUpdate(tenantId: string, zoneId: string, delta: number) {
  return counterMove({ key: zoneKeys.key(tenantId, zoneId), counters: { currentUtilization: delta } });
}

export function missingZone() {
  return new NotFoundError('Zone not found');
}
