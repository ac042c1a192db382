// Cycle counts, their items (one per inventory line in scope, expected quantity snapshotted at
// Start, in walking order: bin, then product) and freeze markers: while a count is active, a marker
// per scope (facility, zone, bin or product at a facility) makes every stock change there fail its
// condition check, so nothing moves under the counter's feet. Markers go when the count completes or
// is cancelled. An active count is in one phase: snapshot (items being written), counting, applying
// (variances written chunk by chunk, each item marked applied or skipped, the count keeping the tally).
import { config } from '../lib/config';
import { getItem, queryPrefix } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import type { CountPhase, CountStatus, CycleCount, CycleCountItem } from '../../shared/contracts/wms-stock';
import { queryPage } from './page.store';

export type StoredCount = Omit<CycleCount, 'facility' | 'zone' | 'bin' | 'product' | 'progress'> & {
  appliedCount?: number;
  skippedCount?: number;
  /** Count items written so far while the count takes its snapshot. */
  snapshotCount?: number;
  tenantId: string;
  facilityName: string;
  zoneId: string | null;
  zoneName: string | null;
  binId: string | null;
  binCode: string | null;
  productId: string | null;
  productName: string | null;
};

export interface StoredCountItem {
  id: string;
  tenantId: string;
  cycleCountId: string;
  inventoryId: string;
  productId: string;
  productName: string;
  binId: string | null;
  binCode: string | null;
  zoneId: string | null;
  expectedQuantity: number;
  countedQuantity: number | null;
  variance: number | null;
  /** When completing applied the variance (absent until then, and for a line left as it was). */
  appliedAt?: string;
  skipped?: CycleCountItem['skipped'];
}

/** What a freeze marker covers. */
export type FreezeScope =
  | { kind: 'FACILITY'; id: string }
  | { kind: 'ZONE'; id: string }
  | { kind: 'BIN'; id: string }
  | { kind: 'PRODUCT'; id: string };

const countKeys = {
  key: (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'WMS', 'COUNTS'), SK: id }),
  item: (tenantId: string, countId: string, itemId = '') => ({
    PK: tenantPk(tenantId, 'WMS', 'COUNTITEMS', countId),
    SK: itemId,
  }),
  freeze: (tenantId: string, scope: FreezeScope) => ({
    PK: tenantPk(tenantId, 'WMS', 'FREEZE'),
    SK: `${scope.kind}#${scope.id}`,
  }),
};

/** An item's id names its count and its place on the sheet: `<countId>_<position>` (ids hold no underscore of their own). */
export const countItemId = (countId: string, position: number) => `${countId}_${String(position).padStart(6, '0')}`;
export const countOfItemId = (itemId: string) => itemId.split('_')[0] ?? '';

export const getCount = (tenantId: string, id: string) => getItem<StoredCount>(countKeys.key(tenantId, id), true);
export const listCountItems = (tenantId: string, countId: string) =>
  queryPrefix<StoredCountItem>(countKeys.item(tenantId, countId).PK, '', { consistent: true });
/** A page of the count sheet, in sheet order. */
export async function pageCountItems(tenantId: string, countId: string, limit: number, cursor?: string | null) {
  const page = await queryPage({ pk: countKeys.item(tenantId, countId).PK, limit, cursor, forward: true });
  return {
    items: page.items.map(({ PK: _p, SK: _s, entity: _e, ...i }) => i as unknown as StoredCountItem),
    next: page.next,
  };
}
export const getCountItem = (tenantId: string, itemId: string) =>
  getItem<StoredCountItem>(countKeys.item(tenantId, countOfItemId(itemId), itemId), true);

export async function pageCounts(tenantId: string, limit: number, cursor?: string | null) {
  const page = await queryPage({ pk: countKeys.key(tenantId, '').PK, limit, cursor });
  return {
    counts: page.items.map(({ PK: _p, SK: _s, entity: _e, ...c }) => c as unknown as StoredCount),
    next: page.next,
  };
}

export function countPut(c: StoredCount) {
  return {
    Put: {
      TableName: config.tableName,
      Item: { ...countKeys.key(c.tenantId, c.id), entity: 'wms-cycle-count', ...c },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * Moves the count from the status (and phase) it is in to another, refused if it moved meanwhile;
 * `set` adds fields written with it (the item count).
 */
export function countStatusUpdate(
  c: Pick<StoredCount, 'tenantId' | 'id'>,
  from: { status: CountStatus; phase?: CountPhase | null },
  to: { status: CountStatus; phase: CountPhase | null },
  at: string,
  set: { itemCount?: number } = {},
) {
  const extra = Object.entries(set);
  const phaseCondition =
    from.phase === undefined
      ? ''
      : from.phase === null
        ? ' AND (attribute_not_exists(#p) OR #p = :nophase)'
        : ' AND #p = :fromPhase';
  return {
    Update: {
      TableName: config.tableName,
      Key: countKeys.key(c.tenantId, c.id),
      UpdateExpression: `SET #s = :to, #p = :toPhase, updatedAt = :at${extra.map(([k]) => `, ${k} = :${k}`).join('')}`,
      ConditionExpression: `#s = :from${phaseCondition}`,
      ExpressionAttributeNames: { '#s': 'status', '#p': 'phase' },
      ExpressionAttributeValues: {
        ':to': to.status,
        ':toPhase': to.phase,
        ':from': from.status,
        ':at': at,
        ...(from.phase === null ? { ':nophase': null } : from.phase ? { ':fromPhase': from.phase } : {}),
        ...Object.fromEntries(extra.map(([k, v]) => [`:${k}`, v])),
      },
    },
  };
}

/** The count is active in this phase (checked beside a write that needs it). */
export function countPhaseCheck(tenantId: string, countId: string, phase: CountPhase) {
  return {
    ConditionCheck: {
      TableName: config.tableName,
      Key: countKeys.key(tenantId, countId),
      ConditionExpression: '#s = :active AND #p = :phase',
      ExpressionAttributeNames: { '#s': 'status', '#p': 'phase' },
      ExpressionAttributeValues: { ':active': 'active', ':phase': phase },
    },
  };
}

/** Records how many count items are written, only while the count is taking its snapshot. */
export function countSnapshotProgress(tenantId: string, countId: string, written: number) {
  return {
    Update: {
      TableName: config.tableName,
      Key: countKeys.key(tenantId, countId),
      UpdateExpression: 'SET snapshotCount = :n',
      ConditionExpression: '#s = :active AND #p = :snapshot',
      ExpressionAttributeNames: { '#s': 'status', '#p': 'phase' },
      ExpressionAttributeValues: { ':n': written, ':active': 'active', ':snapshot': 'snapshot' },
    },
  };
}

/** Adds a completed chunk to the count's tally, only while it is applying its variances. */
export function countProgressUpdate(tenantId: string, countId: string, applied: number, skipped: number) {
  return {
    Update: {
      TableName: config.tableName,
      Key: countKeys.key(tenantId, countId),
      UpdateExpression: 'ADD appliedCount :a, skippedCount :k',
      ConditionExpression: '#s = :active AND #p = :applying',
      ExpressionAttributeNames: { '#s': 'status', '#p': 'phase' },
      ExpressionAttributeValues: { ':a': applied, ':k': skipped, ':active': 'active', ':applying': 'applying' },
    },
  };
}

/** Marks an item's variance applied, or the item left as it was (skipped, with why): each happens once. */
export function countItemSettled(
  i: StoredCountItem,
  settled: { appliedAt: string } | { skipped: NonNullable<CycleCountItem['skipped']> },
) {
  const [[name, value]] = Object.entries(settled) as [[string, unknown]];
  return {
    Update: {
      TableName: config.tableName,
      Key: countKeys.item(i.tenantId, i.cycleCountId, i.id),
      UpdateExpression: 'SET #n = :v',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(appliedAt)',
      ExpressionAttributeNames: { '#n': name },
      ExpressionAttributeValues: { ':v': value },
    },
  };
}

export function countItemPut(i: StoredCountItem) {
  return {
    Put: {
      TableName: config.tableName,
      Item: { ...countKeys.item(i.tenantId, i.cycleCountId, i.id), entity: 'wms-cycle-count-item', ...i },
    },
  };
}

/** Records a counted quantity, only while the count is still active (checked beside it). */
export function countedUpdate(i: StoredCountItem, counted: number) {
  return {
    Update: {
      TableName: config.tableName,
      Key: countKeys.item(i.tenantId, i.cycleCountId, i.id),
      UpdateExpression: 'SET countedQuantity = :c, #v = :v',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#v': 'variance' },
      ExpressionAttributeValues: { ':c': counted, ':v': counted - i.expectedQuantity },
    },
  };
}

export function freezePut(tenantId: string, scope: FreezeScope, count: StoredCount) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        ...countKeys.freeze(tenantId, scope),
        entity: 'wms-freeze',
        cycleCountId: count.id,
        countNumber: count.countNumber,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

export function freezeDelete(tenantId: string, scope: FreezeScope, countId: string) {
  return {
    Delete: {
      TableName: config.tableName,
      Key: countKeys.freeze(tenantId, scope),
      ConditionExpression: 'cycleCountId = :id',
      ExpressionAttributeValues: { ':id': countId },
    },
  };
}

/** A stock change there is allowed only while no count freezes the scope. */
export function notFrozenCheck(tenantId: string, scope: FreezeScope) {
  return {
    ConditionCheck: {
      TableName: config.tableName,
      Key: countKeys.freeze(tenantId, scope),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** The count that freezes the scope, if any (to name it in a refusal). */
export async function freezerOf(
  tenantId: string,
  scope: FreezeScope,
): Promise<{ cycleCountId: string; countNumber: string } | null> {
  return getItem(countKeys.freeze(tenantId, scope), true);
}
