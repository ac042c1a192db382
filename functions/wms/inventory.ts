// Inventory lines by hand (the Inventory tab): create, edit of a line's details, delete, and the paged
// list. A line created with stock records it as stock found (an adjustment); after that its quantity
// changes only through adjustments and its bin only through moves (moving.ts), so no stock changes
// without a trace. A line with stock is never deleted (adjust it to 0 first).
import type * as z from 'zod/mini';
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { listFacilities } from '../facilities';
import { toPaise, type InventoryLine, type inventoryInputSchema, type Paged } from '../../shared/contracts/wms';
import { getBin, getBins } from './bin.store';
import { counterUpdate, readCounters } from './counters.store';
import {
  getLine,
  lineCreateItems,
  lineDeleteItems,
  lineReplaceItems,
  pageLines,
  withAvailable,
  type LinePageQuery,
  type StoredLine,
} from './inventory.store';
import { timeOrderedId } from './page.store';
import { getProduct, getProducts, productLinesUpdate } from './product.store';
import { adjustmentPut, type StoredAdjustment } from './movement.store';
import { checkPage, checkTracking, counterMoves, lineCounters, lineListCounter, pagination } from './rules';
import {
  binAt,
  binAndZoneUpdates,
  capacityRefusal,
  checkCapacity,
  facilityOf,
  frozenRefusal,
  notFrozenChecks,
  raced,
  withRetries,
} from './stock';
import { getZone } from './zone.store';

type LineFields = z.output<typeof inventoryInputSchema>;
const TX_LIMIT_NOTE = 'The inventory line changed meanwhile. Reload it and try again.';

async function describe(tenantId: string, fields: LineFields) {
  const facility = await facilityOf(tenantId, fields.facilityId);
  const product = await getProduct(tenantId, fields.productId);
  if (!product) throw new NotFoundError('Product not found');
  const bin = fields.binId ? await binAt(tenantId, fields.binId, facility.id) : null;
  const zone = bin ? await getZone(tenantId, bin.zoneId) : null;
  return { facility, product, bin, zone };
}

export async function createLine(
  tenantId: string,
  fields: LineFields,
  actor: Actor,
  now = new Date(),
): Promise<InventoryLine> {
  const { facility, product, bin, zone } = await describe(tenantId, fields);
  if (!product.isActive && fields.quantity > 0)
    throw new ConflictError(`${product.name} is inactive and cannot be stocked`, {
      productId: `${product.name} is inactive`,
    });
  if (fields.quantity > 0)
    checkTracking(product, {
      lotNumber: fields.lotNumber,
      serialNumbers: fields.serialNumber ? [fields.serialNumber] : [],
      quantity: fields.quantity,
    });
  const at = now.toISOString();
  const { unitCost, ...own } = fields;
  const line: StoredLine = {
    ...own,
    unitCostPaise: unitCost === null ? null : toPaise(unitCost),
    id: timeOrderedId(now.getTime()),
    tenantId,
    facilityName: facility.name,
    productName: product.name,
    productSku: product.sku,
    productBarcode: product.barcodeValue,
    binCode: bin?.binCode ?? null,
    zoneId: bin?.zoneId ?? null,
    zoneName: zone?.name ?? null,
    createdAt: at,
    updatedAt: at,
  };
  const place = { facilityId: facility.id, zoneId: line.zoneId, binId: line.binId, productId: product.id };
  // Stock entered by hand is stock found: it is recorded as an adjustment, so no quantity appears without a trace.
  const found: StoredAdjustment | null = line.quantity
    ? {
        id: timeOrderedId(now.getTime()),
        tenantId,
        createdAt: at,
        inventoryId: line.id,
        productId: product.id,
        productName: product.name,
        binId: line.binId,
        binCode: line.binCode,
        quantityBefore: 0,
        quantityAdjusted: line.quantity,
        quantityAfter: line.quantity,
        reasonCode: 'found',
        notes: null,
        cycleCountId: null,
        createdBy: actor.username,
      }
    : null;
  return withRetries(
    async () => {
      const current = bin ? await getBin(tenantId, bin.id) : null;
      if (current) checkCapacity(current, line.quantity);
      const create = lineCreateItems(line);
      await transact(
        [
          ...create.items,
          productLinesUpdate(tenantId, product.id, 1),
          ...(current ? binAndZoneUpdates([{ bin: current, units: line.quantity, lines: 1 }]) : []),
          ...counterUpdate(
            tenantId,
            { ...counterMoves([], lineCounters(line)), quantity: line.quantity, adjustments: found ? 1 : 0 },
            line.id,
          ),
          ...(found ? [adjustmentPut(found)] : []),
          ...(line.quantity ? notFrozenChecks(tenantId, place) : []),
          auditPut(
            {
              tenantId,
              actor,
              action: 'wms-inventory.created',
              entityType: 'wms-inventory',
              entityId: line.id,
              after: { ...line },
            },
            now,
          ),
        ],
        (i) => (i === 1 ? create.conflict() : raced()),
      );
      return withAvailable(line);
    },
    async () => {
      const binNow = bin ? await getBin(tenantId, bin.id) : null;
      return (
        (line.quantity ? await frozenRefusal(tenantId, place, bin?.binCode) : null) ??
        (binNow ? capacityRefusal(binNow, line.quantity) : null)
      );
    },
  );
}

/**
 * An edit of a line's details (status, reserved quantity, lot, serial, cost, expiry). Its quantity
 * changes only through an adjustment (which records the reason) and its bin only through a move.
 */
export async function updateLine(
  tenantId: string,
  id: string,
  fields: LineFields,
  actor: Actor,
  now = new Date(),
): Promise<InventoryLine> {
  const { facility, product, bin, zone } = await describe(tenantId, fields);
  const before = await getLine(tenantId, id);
  if (!before) throw new NotFoundError('Inventory item not found');
  if (before.facilityId !== fields.facilityId || before.productId !== fields.productId) {
    throw new BadRequestError(
      'The facility and product of an inventory line cannot change: adjust this line out and receive the stock where it belongs',
      { productId: 'Cannot change on an existing line' },
    );
  }
  if (fields.quantity !== before.quantity) {
    const message = `The quantity changes only through an adjustment, which records its reason (this line holds ${before.quantity})`;
    throw new BadRequestError(message, { quantity: message });
  }
  if ((fields.binId ?? null) !== before.binId)
    throw new BadRequestError('The bin changes only through Move, which records the move', {
      binId: 'The bin changes only through Move, which records the move',
    });
  const { unitCost, ...own } = fields;
  const after: StoredLine = {
    ...before,
    ...own,
    unitCostPaise: unitCost === null ? null : toPaise(unitCost),
    facilityName: facility.name,
    productName: product.name,
    productSku: product.sku,
    productBarcode: product.barcodeValue,
    binCode: bin?.binCode ?? null,
    zoneId: bin?.zoneId ?? null,
    zoneName: zone?.name ?? null,
    updatedAt: now.toISOString(),
  };
  await transact(
    [
      ...lineReplaceItems(before, after),
      ...counterUpdate(tenantId, counterMoves(lineCounters(before), lineCounters(after)), id),
      auditPut(
        {
          tenantId,
          actor,
          action: 'wms-inventory.updated',
          entityType: 'wms-inventory',
          entityId: id,
          before: { ...before },
          after: { ...after },
        },
        now,
      ),
    ],
    (i) =>
      i === 1
        ? new ConflictError('An inventory line for this product, bin and lot already exists at this facility')
        : new ConflictError(TX_LIMIT_NOTE),
  );
  return withAvailable(after);
}

export async function deleteLine(tenantId: string, id: string, actor: Actor, now = new Date()): Promise<void> {
  const line = await getLine(tenantId, id);
  if (!line) throw new NotFoundError('Inventory item not found');
  if (line.quantity > 0)
    throw new ConflictError(`This line still holds ${line.quantity} units. Adjust it to 0 before deleting it.`);
  const bin = line.binId ? await getBin(tenantId, line.binId) : null;
  await transact(
    [
      ...lineDeleteItems(line),
      productLinesUpdate(tenantId, line.productId, -1),
      ...(bin ? binAndZoneUpdates([{ bin, units: 0, lines: -1 }]) : []),
      ...counterUpdate(tenantId, counterMoves(lineCounters(line), []), id),
      auditPut(
        {
          tenantId,
          actor,
          action: 'wms-inventory.deleted',
          entityType: 'wms-inventory',
          entityId: id,
          before: { ...line },
        },
        now,
      ),
    ],
    () => new ConflictError(TX_LIMIT_NOTE),
  );
}

/** A page of lines with the current names of their product, bin, zone and facility. */
export async function listLines(tenantId: string, q: LinePageQuery & { page: number }): Promise<Paged<InventoryLine>> {
  const counters = q.search ? null : await readCounters(tenantId);
  const counted = counters ? (counters[lineListCounter(q)] ?? 0) : null;
  if (counted !== null) checkPage(q.page, counted, q.limit, q.cursor);
  const page = await pageLines(tenantId, q);
  const total = counted ?? page.searchTotal ?? 0;
  if (counted === null) checkPage(q.page, total, q.limit, q.cursor);
  const [products, bins, facilities] = await Promise.all([
    getProducts(tenantId, [...new Set(page.lines.map((l) => l.productId))]),
    getBins(tenantId, [...new Set(page.lines.map((l) => l.binId).filter((b): b is string => !!b))]),
    listFacilities(tenantId),
  ]);
  const productById = new Map(products.map((p) => [p.id, p]));
  const binById = new Map(bins.map((b) => [b.id, b]));
  const facilityById = new Map(facilities.map((f) => [f.id, f]));
  const data = page.lines.map((l) => {
    const p = productById.get(l.productId);
    const b = l.binId ? binById.get(l.binId) : undefined;
    const { tenantId: _t, ...line } = withAvailable({
      ...l,
      productName: p?.name ?? l.productName,
      productSku: p?.sku ?? l.productSku,
      binCode: b?.binCode ?? l.binCode,
      facilityName: facilityById.get(l.facilityId)?.name ?? l.facilityName,
    });
    return line;
  });
  return { data, pagination: pagination(total, q.limit, q.page, page.next) };
}
