// Inventory lines: one partition per tenant read by id; the facility list on GSI1 (status in its sort
// key, so facility + status is a key prefix), the status list on GSI2; one item per (product,
// facility, bin, lot) so receiving finds the line it adds to, and the product's lines are a key
// query; search items for the product's SKU, barcode and name (docs/decisions.md, warehouse).
import { config } from '../lib/config';
import { getItem } from '../lib/dynamo';
import { ConflictError } from '../lib/errors';
import { tenantPk } from '../lib/table';
import { queryPrefix } from '../lib/dynamo';
import { searchForm, toPaise, type InventoryLine } from '../../shared/contracts/wms';
import { countItems, getMany, queryPage } from './page.store';
import { searchTokens } from './rules';

/** A line as stored: names are copied at each write and refreshed from their records when listed. */
export type StoredLine = Omit<InventoryLine, 'availableQuantity'> & { tenantId: string; productBarcode: string | null };

export const lineKeys = {
  key: (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'WMS', 'INV'), SK: id }),
  facility: (tenantId: string, facilityId: string) => tenantPk(tenantId, 'WMS', 'INVFAC', facilityId),
  status: (tenantId: string, status: string) => tenantPk(tenantId, 'WMS', 'INVSTATUS', status),
  /**
   * The line of a product at a facility, bin and lot; a serial-tracked unit is its own line, one per
   * serial at the facility whatever its bin (so a serial is in stock there once, and a move keeps it).
   */
  identity: (
    tenantId: string,
    l: Pick<StoredLine, 'productId' | 'facilityId' | 'binId' | 'lotNumber'> & { serialNumber?: string | null },
  ) => ({
    PK: tenantPk(tenantId, 'WMS', 'PRODLINES', l.productId),
    SK: l.serialNumber
      ? `${l.facilityId}#SN#${searchForm(l.serialNumber)}`
      : `${l.facilityId}#${l.binId ?? '-'}#${l.lotNumber ? searchForm(l.lotNumber) : '-'}`,
  }),
  find: (tenantId: string, token = '', id = '') => ({
    PK: tenantPk(tenantId, 'WMS', 'FIND', 'INV'),
    SK: id ? `${token}#${id}` : token,
  }),
};

export const withAvailable = (l: StoredLine): InventoryLine & { tenantId: string } => {
  const { productBarcode: _b, ...line } = l;
  return { ...line, availableQuantity: l.quantity - l.reservedQuantity };
};

/** Every item a line is stored as (the record, its identity item, its search items). */
export function lineItems(l: StoredLine) {
  const main = {
    ...lineKeys.key(l.tenantId, l.id),
    GSI1PK: lineKeys.facility(l.tenantId, l.facilityId),
    GSI1SK: `${l.status}#${l.id}`,
    GSI2PK: lineKeys.status(l.tenantId, l.status),
    GSI2SK: l.id,
    entity: 'wms-inventory',
    ...l,
  };
  const identity = {
    ...lineKeys.identity(l.tenantId, l),
    entity: 'wms-line-identity',
    inventoryId: l.id,
    facilityId: l.facilityId,
    binId: l.binId,
  };
  const finds = searchTokens(l.productSku, l.productBarcode, l.productName).map((token) => ({
    ...lineKeys.find(l.tenantId, token, l.id),
    entity: 'wms-find',
    inventoryId: l.id,
    facilityId: l.facilityId,
    status: l.status,
  }));
  return { main, identity, finds };
}

const lineExists = () =>
  new ConflictError(
    'An inventory line for this product, bin and lot already exists at this facility. Edit that line or receive into it.',
  );
const put = (Item: Record<string, unknown>, condition?: string) => ({
  Put: { TableName: config.tableName, Item, ...(condition ? { ConditionExpression: condition } : {}) },
});
const del = (Key: { PK: string; SK: string }) => ({ Delete: { TableName: config.tableName, Key } });

/** Transaction items that create a line (unique per product, facility, bin and lot). */
export function lineCreateItems(l: StoredLine) {
  const { main, identity, finds } = lineItems(l);
  return {
    items: [
      put(main, 'attribute_not_exists(PK)'),
      put(identity, 'attribute_not_exists(PK)'),
      ...finds.map((f) => put(f)),
    ],
    conflict: lineExists,
  };
}

/**
 * Transaction items that replace a line by its edited version, conditioned on the quantity and the
 * version read (so a receipt or adjustment landing meanwhile is never overwritten).
 */
export function lineReplaceItems(before: StoredLine, after: StoredLine) {
  const old = lineItems(before);
  const next = lineItems(after);
  const keptFinds = new Set(next.finds.map((f) => f.SK));
  const identityMoves = old.identity.SK !== next.identity.SK || old.identity.PK !== next.identity.PK;
  return [
    {
      Put: {
        TableName: config.tableName,
        Item: next.main,
        ConditionExpression: 'quantity = :q AND updatedAt = :seen',
        ExpressionAttributeValues: { ':q': before.quantity, ':seen': before.updatedAt },
      },
    },
    ...(identityMoves
      ? [put(next.identity, 'attribute_not_exists(PK)'), del({ PK: old.identity.PK, SK: old.identity.SK })]
      : [put(next.identity)]),
    ...old.finds.filter((f) => !keptFinds.has(f.SK)).map((f) => del({ PK: f.PK, SK: f.SK })),
    ...next.finds.map((f) => put(f)),
  ];
}

/**
 * Transaction items that remove a line as read (quantity and version): an empty line, or one whose
 * stock the same transaction merges into another line (a move); stock is never deleted.
 */
export function lineDeleteItems(l: StoredLine) {
  const { identity, finds } = lineItems(l);
  return [
    {
      Delete: {
        TableName: config.tableName,
        Key: lineKeys.key(l.tenantId, l.id),
        ConditionExpression: 'quantity = :q AND updatedAt = :seen',
        ExpressionAttributeValues: { ':q': l.quantity, ':seen': l.updatedAt },
      },
    },
    del({ PK: identity.PK, SK: identity.SK }),
    ...finds.map((f) => del({ PK: f.PK, SK: f.SK })),
  ];
}

/**
 * The stock change of a line: from the quantity read to `quantity`, refused if it changed meanwhile, or
 * if the line has moved to another bin meanwhile (a whole line relocates with its quantity unchanged:
 * the bin counters the same transaction moves are those of the bin read, issue #55's chaos run).
 * A change that sets a new average cost (`extra.unitCostPaise`) is also refused if the cost it
 * averaged from was edited meanwhile.
 */
export function lineQuantityUpdate(l: StoredLine, quantity: number, at: string, extra: Record<string, unknown> = {}) {
  const entries = Object.entries(extra);
  const costs = 'unitCostPaise' in extra;
  const nullIs = (name: string) => `(attribute_not_exists(${name}) OR attribute_type(${name}, :nullType))`;
  const costSeen = costs
    ? l.unitCostPaise === null
      ? ` AND ${nullIs('unitCostPaise')}`
      : ' AND (attribute_not_exists(unitCostPaise) OR unitCostPaise = :costSeen)'
    : '';
  const binSeen = l.binId ? ' AND binId = :binSeen' : ` AND ${nullIs('binId')}`;
  const nullType = (costs && l.unitCostPaise === null) || !l.binId;
  return {
    Update: {
      TableName: config.tableName,
      Key: lineKeys.key(l.tenantId, l.id),
      UpdateExpression: `SET quantity = :q, updatedAt = :at${entries.map((_, i) => `, #x${i} = :x${i}`).join('')}`,
      ConditionExpression: `quantity = :seen AND reservedQuantity <= :q${binSeen}${costSeen}`,
      ...(entries.length
        ? { ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#x${i}`, k])) }
        : {}),
      ExpressionAttributeValues: {
        ':q': quantity,
        ':at': at,
        ':seen': l.quantity,
        ...Object.fromEntries(entries.map(([, v], i) => [`:x${i}`, v])),
        ...(l.binId ? { ':binSeen': l.binId } : {}),
        ...(nullType ? { ':nullType': 'NULL' } : {}),
        ...(costs && l.unitCostPaise !== null ? { ':costSeen': l.unitCostPaise } : {}),
      },
    },
  };
}

/** The line still holds the quantity read (a cycle count's snapshot). */
export function lineUnchangedCheck(l: StoredLine) {
  return {
    ConditionCheck: {
      TableName: config.tableName,
      Key: lineKeys.key(l.tenantId, l.id),
      ConditionExpression: 'quantity = :q',
      ExpressionAttributeValues: { ':q': l.quantity },
    },
  };
}

/**
 * A line as read. A line written before costs were kept in paise holds `unitCost` in rupees: it is
 * read as paise, and its next full write stores it so.
 */
function asLine<T extends Record<string, unknown>>(item: T): StoredLine {
  const { unitCost, ...line } = item as unknown as StoredLine & { unitCost?: number | null };
  return { ...line, unitCostPaise: line.unitCostPaise ?? (typeof unitCost === 'number' ? toPaise(unitCost) : null) };
}

export const getLine = async (tenantId: string, id: string) => {
  const item = await getItem<Record<string, unknown>>(lineKeys.key(tenantId, id), true);
  return item ? asLine(item) : null;
};
export const getLines = async (tenantId: string, ids: string[]) =>
  (await getMany<Record<string, unknown>>(ids.map((id) => lineKeys.key(tenantId, id)))).map(asLine);

/** The line receiving adds to: the product's line at the facility, bin and lot, if there is one. */
export async function findLineId(
  tenantId: string,
  l: Pick<StoredLine, 'productId' | 'facilityId' | 'binId' | 'lotNumber'> & { serialNumber?: string | null },
): Promise<string | null> {
  return (await getItem<{ inventoryId: string }>(lineKeys.identity(tenantId, l), true))?.inventoryId ?? null;
}

/** The ids of a product's lines at a facility (a spot count by product). */
export async function productLineIds(tenantId: string, productId: string, facilityId: string): Promise<string[]> {
  const items = await queryPrefix<{ inventoryId: string }>(
    tenantPk(tenantId, 'WMS', 'PRODLINES', productId),
    `${facilityId}#`,
    { consistent: true },
  );
  return items.map((i) => i.inventoryId);
}

/** Every line of a facility, optionally only those of a zone or bin (a count's scope), page by page. */
export async function facilityLines(
  tenantId: string,
  facilityId: string,
  scope: { zoneId?: string | null; binId?: string | null },
): Promise<StoredLine[]> {
  const filter: { expression: string; names: Record<string, string>; values: Record<string, unknown> } | undefined =
    scope.binId
      ? { expression: '#b = :v', names: { '#b': 'binId' }, values: { ':v': scope.binId } }
      : scope.zoneId
        ? { expression: '#z = :v', names: { '#z': 'zoneId' }, values: { ':v': scope.zoneId } }
        : undefined;
  const lines: StoredLine[] = [];
  let cursor: string | null = null;
  do {
    const page = await queryPage({
      index: 'GSI1',
      pk: lineKeys.facility(tenantId, facilityId),
      filter,
      limit: 100,
      forward: true,
      cursor,
    });
    lines.push(...page.items.map((i) => withoutIndexKeys(i)));
    cursor = page.next;
  } while (cursor);
  return lines;
}

const withoutIndexKeys = ({
  PK: _p,
  SK: _s,
  GSI1PK: _a,
  GSI1SK: _b,
  GSI2PK: _c,
  GSI2SK: _d,
  entity: _e,
  ...rest
}: Record<string, unknown>) => asLine(rest);

export interface LinePageQuery {
  facilityId: string | null;
  status: string | null;
  search: string | null;
  limit: number;
  cursor?: string | null;
}

/** A page of lines by the narrowest key for the filters; a search reads the search items. */
export async function pageLines(
  tenantId: string,
  q: LinePageQuery,
): Promise<{ lines: StoredLine[]; next: string | null; searchTotal?: number }> {
  if (q.search) {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const parts: string[] = [];
    if (q.facilityId) {
      parts.push('#fac = :fac');
      names['#fac'] = 'facilityId';
      values[':fac'] = q.facilityId;
    }
    if (q.status) {
      parts.push('#st = :st');
      names['#st'] = 'status';
      values[':st'] = q.status;
    }
    const base = {
      pk: lineKeys.find(tenantId).PK,
      skPrefix: searchForm(q.search),
      filter: parts.length ? { expression: parts.join(' AND '), names, values } : undefined,
      forward: true,
    };
    const [page, total] = await Promise.all([
      queryPage({ ...base, limit: q.limit, cursor: q.cursor }),
      countItems(base),
    ]);
    return {
      lines: await getLines(tenantId, [...new Set(page.items.map((i) => i.inventoryId as string))]),
      next: page.next,
      searchTotal: total,
    };
  }
  const page = q.facilityId
    ? await queryPage({
        index: 'GSI1',
        pk: lineKeys.facility(tenantId, q.facilityId),
        skPrefix: q.status ? `${q.status}#` : undefined,
        limit: q.limit,
        cursor: q.cursor,
      })
    : q.status
      ? await queryPage({ index: 'GSI2', pk: lineKeys.status(tenantId, q.status), limit: q.limit, cursor: q.cursor })
      : await queryPage({ pk: lineKeys.key(tenantId, '').PK, limit: q.limit, cursor: q.cursor });
  return { lines: page.items.map(withoutIndexKeys), next: page.next };
}
