// Cycle counts, their items (one per inventory line in scope, expected quantity snapshotted at
// Start) and freeze markers: while a count is active, a marker per scope (facility, zone, bin or
// product at a facility) makes every stock change there fail its condition check, so nothing moves
// under the counter's feet. Markers go when the count completes or is cancelled.
import { config } from '../lib/config';
import { getItem, queryPrefix } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import type { CycleCount } from '../../shared/contracts/wms-stock';
import { queryPage } from './page.store';

export type StoredCount = Omit<CycleCount, 'facility' | 'zone' | 'bin' | 'product'> & {
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
}

/** What a freeze marker covers. */
export type FreezeScope = { kind: 'FACILITY'; id: string } | { kind: 'ZONE'; id: string } | { kind: 'BIN'; id: string } | { kind: 'PRODUCT'; id: string };

const countKeys = {
  key: (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'WMS', 'COUNTS'), SK: id }),
  item: (tenantId: string, countId: string, itemId = '') => ({ PK: tenantPk(tenantId, 'WMS', 'COUNTITEMS', countId), SK: itemId }),
  freeze: (tenantId: string, scope: FreezeScope) => ({ PK: tenantPk(tenantId, 'WMS', 'FREEZE'), SK: `${scope.kind}#${scope.id}` }),
};

/** An item's id names its count: `<countId>_<inventoryId>` (ids hold no underscore of their own). */
export const countItemId = (countId: string, inventoryId: string) => `${countId}_${inventoryId}`;
export const countOfItemId = (itemId: string) => itemId.split('_')[0] ?? '';

export const getCount = (tenantId: string, id: string) => getItem<StoredCount>(countKeys.key(tenantId, id), true);
export const listCountItems = (tenantId: string, countId: string) => queryPrefix<StoredCountItem>(countKeys.item(tenantId, countId).PK, '', { consistent: true });
export const getCountItem = (tenantId: string, itemId: string) => getItem<StoredCountItem>(countKeys.item(tenantId, countOfItemId(itemId), itemId), true);

export async function pageCounts(tenantId: string, limit: number, cursor?: string | null) {
  const page = await queryPage({ pk: countKeys.key(tenantId, '').PK, limit, cursor });
  return { counts: page.items.map(({ PK: _p, SK: _s, entity: _e, ...c }) => c as unknown as StoredCount), next: page.next };
}

export function countPut(c: StoredCount) {
  return { Put: { TableName: config.tableName, Item: { ...countKeys.key(c.tenantId, c.id), entity: 'wms-cycle-count', ...c }, ConditionExpression: 'attribute_not_exists(PK)' } };
}

/** Moves the count from the status read to `to`, refused if it moved meanwhile. */
export function countStatusUpdate(c: StoredCount, to: StoredCount['status'], at: string, itemCount?: number) {
  return {
    Update: {
      TableName: config.tableName,
      Key: countKeys.key(c.tenantId, c.id),
      UpdateExpression: `SET #s = :to, updatedAt = :at${itemCount === undefined ? '' : ', itemCount = :n'}`,
      ConditionExpression: '#s = :from',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':to': to, ':from': c.status, ':at': at, ...(itemCount === undefined ? {} : { ':n': itemCount }) },
    },
  };
}

export function countItemPut(i: StoredCountItem) {
  return { Put: { TableName: config.tableName, Item: { ...countKeys.item(i.tenantId, i.cycleCountId, i.id), entity: 'wms-cycle-count-item', ...i } } };
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

export function countIsActiveCheck(tenantId: string, countId: string) {
  return { ConditionCheck: { TableName: config.tableName, Key: countKeys.key(tenantId, countId), ConditionExpression: '#s = :active', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':active': 'active' } } };
}

export function freezePut(tenantId: string, scope: FreezeScope, count: StoredCount) {
  return { Put: { TableName: config.tableName, Item: { ...countKeys.freeze(tenantId, scope), entity: 'wms-freeze', cycleCountId: count.id, countNumber: count.countNumber }, ConditionExpression: 'attribute_not_exists(PK)' } };
}

export function freezeDelete(tenantId: string, scope: FreezeScope, countId: string) {
  return { Delete: { TableName: config.tableName, Key: countKeys.freeze(tenantId, scope), ConditionExpression: 'cycleCountId = :id', ExpressionAttributeValues: { ':id': countId } } };
}

/** A stock change there is allowed only while no count freezes the scope. */
export function notFrozenCheck(tenantId: string, scope: FreezeScope) {
  return { ConditionCheck: { TableName: config.tableName, Key: countKeys.freeze(tenantId, scope), ConditionExpression: 'attribute_not_exists(PK)' } };
}

/** The count that freezes the scope, if any (to name it in a refusal). */
export async function freezerOf(tenantId: string, scope: FreezeScope): Promise<{ cycleCountId: string; countNumber: string } | null> {
  return getItem(countKeys.freeze(tenantId, scope), true);
}
