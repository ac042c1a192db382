// Bins: one partition per tenant (hundreds to a few thousand), a code item per zone keeps bin codes
// unique in their zone. A bin carries its current quantity and how many inventory lines it holds;
// every stock change adds to them in the change's transaction, conditioned on the capacity.
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { counterMove } from '../lib/counters';
import { batchGet, getItem, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError, RevisionConflictError } from '../lib/errors';
import { revised, revisionBump, revisionCondition, revisionOf } from '../lib/revision';
import { tenantPk } from '../lib/table';
import type { Bin, binInputSchema } from '../../shared/contracts/wms';
import type * as z from 'zod/mini';
import { counterUpdate } from './counters.store';
import { transactEdit } from './edit.store';
import { getMany } from './page.store';
import { codeKey } from './rules';
import { zoneBinCountUpdate } from './zone.store';

/** A bin's own fields (the revision an edit was loaded at travels beside them). */
export type BinFields = Omit<z.output<typeof binInputSchema>, 'revision'>;
export type StoredBin = Omit<Bin, 'facilityName' | 'zoneName' | 'frozenBy'> & { tenantId: string; lineCount: number };

const binKeys = {
  key: (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'WMS', 'BINS'), SK: id }),
  code: (tenantId: string, zoneId: string, code: string) => ({
    PK: tenantPk(tenantId, 'WMS', 'BINCODE', zoneId),
    SK: codeKey(code),
  }),
};

export const getBin = (tenantId: string, id: string) => getItem<StoredBin>(binKeys.key(tenantId, id), true);
/** The items a bin is stored as (the bulk loader writes them as they are). */
export function binItems(b: StoredBin) {
  return [
    { ...binKeys.key(b.tenantId, b.id), entity: 'wms-bin', ...b },
    { ...binKeys.code(b.tenantId, b.zoneId, b.binCode), entity: 'wms-bin-code', binId: b.id },
  ];
}

export const getBins = (tenantId: string, ids: string[]) =>
  getMany<StoredBin>(ids.map((id) => binKeys.key(tenantId, id)));
export const listBins = (tenantId: string) =>
  queryPrefix<StoredBin>(binKeys.key(tenantId, '').PK, '', { consistent: true });

const codeTaken = (code: string) =>
  new ConflictError(`Bin code ${code} is already used in this zone`, {
    binCode: `Bin code ${code} is already used in this zone`,
  });
const codePut = (tenantId: string, zoneId: string, code: string, binId: string) => ({
  Put: {
    TableName: config.tableName,
    Item: { ...binKeys.code(tenantId, zoneId, code), entity: 'wms-bin-code', binId },
    ConditionExpression: 'attribute_not_exists(PK)',
  },
});

export async function createBin(
  tenantId: string,
  id: string,
  facilityId: string,
  fields: BinFields,
  actor: Actor | null,
  now = new Date(),
): Promise<StoredBin> {
  const at = now.toISOString();
  const bin: StoredBin = {
    ...fields,
    id,
    tenantId,
    facilityId,
    currentQuantity: 0,
    lineCount: 0,
    createdAt: at,
    updatedAt: at,
  };
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...binKeys.key(tenantId, id), entity: 'wms-bin', ...bin },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      codePut(tenantId, fields.zoneId, fields.binCode, id),
      zoneBinCountUpdate(tenantId, fields.zoneId, 1),
      ...counterUpdate(tenantId, { bins: 1 }, id),
      auditPut(
        { tenantId, actor, action: 'wms-bin.created', entityType: 'wms-bin', entityId: id, after: { ...bin } },
        now,
      ),
    ],
    (i) =>
      i === 1
        ? codeTaken(fields.binCode)
        : i === 2
          ? new ConflictError('Zone not found')
          : new ConflictError('Bin already exists'),
  );
  return bin;
}

/** The codes of `codes` already used in the zone (one key read each, 100 a call). */
export async function takenBinCodes(tenantId: string, zoneId: string, codes: string[]): Promise<string[]> {
  const found = await batchGet<{ binId: string }>(codes.map((code) => binKeys.code(tenantId, zoneId, code)));
  return codes.filter((_, i) => found[i]);
}

/**
 * Bins of one range in one zone, in one transaction: each bin and its code item (2 items a bin), the
 * zone's bin count, the bins counter and one audit record naming every bin, so a chunk of a range
 * is written whole or not at all (functions/wms/rules.ts, BIN_RANGE_CHUNK).
 */
export async function createBinChunk(
  bins: StoredBin[],
  range: Record<string, unknown>,
  actor: Actor,
  now = new Date(),
) {
  const { tenantId, zoneId } = bins[0]!;
  await transact(
    [
      ...bins.flatMap((bin) => [
        {
          Put: {
            TableName: config.tableName,
            Item: { ...binKeys.key(tenantId, bin.id), entity: 'wms-bin', ...bin },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        codePut(tenantId, zoneId, bin.binCode, bin.id),
      ]),
      zoneBinCountUpdate(tenantId, zoneId, bins.length),
      ...counterUpdate(tenantId, { bins: bins.length }, bins[0]!.id),
      auditPut(
        {
          tenantId,
          actor,
          action: 'wms-bin.range-created',
          entityType: 'wms-zone',
          entityId: zoneId,
          after: { ...range, bins: bins.map((b) => ({ id: b.id, binCode: b.binCode })) },
        },
        now,
      ),
    ],
    (i) =>
      i < bins.length * 2
        ? i % 2 === 1
          ? codeTaken(bins[(i - 1) / 2]!.binCode)
          : new ConflictError('Bin already exists')
        : new ConflictError('Zone not found'),
  );
}

/**
 * Takes back bins a range made before one of its later chunks failed: each only while it is still
 * empty (nobody received into it meanwhile), with the zone's count, the counter and an audit record.
 */
export async function removeBinChunk(bins: StoredBin[], actor: Actor, now = new Date()) {
  const { tenantId, zoneId } = bins[0]!;
  await transact(
    [
      ...bins.flatMap((bin) => [
        {
          Delete: {
            TableName: config.tableName,
            Key: binKeys.key(tenantId, bin.id),
            ConditionExpression: 'attribute_exists(PK) AND currentQuantity = :zero AND lineCount = :zero',
            ExpressionAttributeValues: { ':zero': 0 },
          },
        },
        { Delete: { TableName: config.tableName, Key: binKeys.code(tenantId, zoneId, bin.binCode) } },
      ]),
      zoneBinCountUpdate(tenantId, zoneId, -bins.length),
      ...counterUpdate(tenantId, { bins: -bins.length }, bins[0]!.id),
      auditPut(
        {
          tenantId,
          actor,
          action: 'wms-bin.range-undone',
          entityType: 'wms-zone',
          entityId: zoneId,
          before: { bins: bins.map((b) => ({ id: b.id, binCode: b.binCode })) },
        },
        now,
      ),
    ],
    () => new ConflictError('A bin of the range is in use and was kept'),
  );
}

/**
 * An edit of a bin read at its revision (functions/lib/revision.ts). A bin holding stock stays in its
 * zone, and its capacity cannot go below what it holds; both are conditions of the write, so a
 * receipt landing meanwhile is taken into account. Stock changes add to the bin's quantity without
 * raising its revision, so they never make an edit of its details stale.
 */
export async function updateBin(
  before: StoredBin,
  facilityId: string,
  fields: BinFields,
  actor: Actor,
  now = new Date(),
): Promise<StoredBin> {
  const at = now.toISOString();
  const seen = revisionOf(before);
  const after: StoredBin = revised(before, { ...before, ...fields, facilityId, updatedAt: at });
  const moves = before.zoneId !== fields.zoneId;
  const codeMoves = moves || codeKey(before.binCode) !== codeKey(fields.binCode);
  const entries = Object.entries({ ...fields, facilityId });
  const own = [
    ...(moves ? ['currentQuantity = :zero', 'lineCount = :zero'] : []),
    ...(fields.capacity ? ['currentQuantity <= :newCapacity'] : []),
  ];
  const condition = revisionCondition(seen, own.length ? own.join(' AND ') : undefined);
  const bump = revisionBump(seen);
  await transactEdit(
    [
      {
        Update: {
          TableName: config.tableName,
          Key: binKeys.key(before.tenantId, before.id),
          UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}, updatedAt = :at, ${bump.set}`,
          ConditionExpression: condition.ConditionExpression,
          ExpressionAttributeNames: {
            ...Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
            ...condition.ExpressionAttributeNames,
          },
          ExpressionAttributeValues: {
            ...Object.fromEntries(entries.map(([, v], i) => [`:f${i}`, v])),
            ':at': at,
            ...bump.values,
            ...condition.ExpressionAttributeValues,
            ...(moves ? { ':zero': 0 } : {}),
            ...(fields.capacity ? { ':newCapacity': fields.capacity } : {}),
          },
        },
      },
      ...(codeMoves
        ? [
            {
              Delete: {
                TableName: config.tableName,
                Key: binKeys.code(before.tenantId, before.zoneId, before.binCode),
              },
            },
            codePut(before.tenantId, fields.zoneId, fields.binCode, before.id),
          ]
        : []),
      ...(moves
        ? [
            zoneBinCountUpdate(before.tenantId, before.zoneId, -1),
            zoneBinCountUpdate(before.tenantId, fields.zoneId, 1),
          ]
        : []),
      auditPut(
        {
          tenantId: before.tenantId,
          actor,
          action: 'wms-bin.updated',
          entityType: 'wms-bin',
          entityId: before.id,
          before: { ...before, revision: seen },
          after: { ...after },
        },
        now,
      ),
    ],
    (i) => {
      if (i === 2 && codeMoves) return codeTaken(fields.binCode);
      if (moves && (before.currentQuantity > 0 || before.lineCount > 0))
        return new ConflictError(`Bin ${before.binCode} holds stock and cannot move to another zone`);
      if (fields.capacity && before.currentQuantity > fields.capacity)
        return new ConflictError(`Capacity cannot be below the ${before.currentQuantity} units the bin holds`, {
          capacity: `Capacity cannot be below the ${before.currentQuantity} units the bin holds`,
        });
      // Its revision moved on, or stock arrived meanwhile: the use case reads the bin again.
      return new RevisionConflictError();
    },
  );
  return after;
}

export async function deleteBin(bin: StoredBin, actor: Actor, now = new Date()): Promise<void> {
  await transact(
    [
      {
        Delete: {
          TableName: config.tableName,
          Key: binKeys.key(bin.tenantId, bin.id),
          ConditionExpression: 'attribute_exists(PK) AND currentQuantity = :zero AND lineCount = :zero',
          ExpressionAttributeValues: { ':zero': 0 },
        },
      },
      { Delete: { TableName: config.tableName, Key: binKeys.code(bin.tenantId, bin.zoneId, bin.binCode) } },
      zoneBinCountUpdate(bin.tenantId, bin.zoneId, -1),
      ...counterUpdate(bin.tenantId, { bins: -1 }, bin.id),
      auditPut(
        {
          tenantId: bin.tenantId,
          actor,
          action: 'wms-bin.deleted',
          entityType: 'wms-bin',
          entityId: bin.id,
          before: { ...bin },
        },
        now,
      ),
    ],
    () => new ConflictError(`Bin ${bin.binCode} still holds stock or inventory lines. Move or remove them first.`),
  );
}

/**
 * The stock change of a bin in a movement's transaction: adds `delta` units (and `lines` inventory
 * lines). Adding is conditioned on the room the capacity leaves (capacity as read), taking never
 * below 0; a failed condition means a concurrent change took the room, and nothing is written.
 */
export function binStockUpdate(bin: Pick<StoredBin, 'tenantId' | 'id' | 'capacity'>, delta: number, lines = 0) {
  const conditions = ['attribute_exists(PK)'];
  const values: Record<string, unknown> = {};
  if (delta > 0 && bin.capacity) {
    conditions.push('#capacity = :capacity', 'currentQuantity <= :room');
    values[':capacity'] = bin.capacity;
    values[':room'] = bin.capacity - delta;
  }
  if (delta < 0) {
    conditions.push('currentQuantity >= :taken');
    values[':taken'] = -delta;
  }
  // The stock is refused below 0 by the condition; the count of lines is a counter (never below 0).
  return counterMove({
    key: binKeys.key(bin.tenantId, bin.id),
    counters: { lineCount: lines },
    adds: { currentQuantity: delta },
    condition: {
      expression: conditions.join(' AND '),
      values,
      ...(values[':capacity'] ? { names: { '#capacity': 'capacity' } } : {}),
    },
  });
}
