// Inventory lines edited by hand (the Inventory tab): create, edit, delete, and the paged list.
// Stock changes here follow the same rules as receiving: capacity on the projected total (bin's
// current + new − the line's previous quantity there), frozen places refused, counters and audit in
// the transaction. A line with stock is never deleted (adjust it to 0 first).
import type * as z from 'zod';
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { listFacilities } from '../facilities';
import type { InventoryLine, inventoryInputSchema, Paged } from '../../shared/contracts/wms';
import { binStockUpdate, getBin, getBins, type StoredBin } from './bin.store';
import { counterUpdate, readCounters } from './counters.store';
import { getLine, lineCreateItems, lineDeleteItems, lineReplaceItems, pageLines, withAvailable, type LinePageQuery, type StoredLine } from './inventory.store';
import { timeOrderedId } from './page.store';
import { getProduct, getProducts, productLinesUpdate } from './product.store';
import { checkPage, counterMoves, lineCounters, lineListCounter, pagination } from './rules';
import { binAt, checkCapacity, facilityOf, frozenRefusal, notFrozenChecks, raced, withRetries } from './stock';
import { getZone, zoneStockUpdate } from './zone.store';

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

/** The bin moves of a line going from (bin, quantity) before to after: per bin, units and lines. */
function binMoves(before: StoredLine | null, after: StoredLine | null, bins: Map<string, StoredBin>) {
  const moves = new Map<string, { units: number; lines: number }>();
  const add = (binId: string | null, units: number, lines: number) => {
    if (!binId) return;
    const m = moves.get(binId) ?? { units: 0, lines: 0 };
    moves.set(binId, { units: m.units + units, lines: m.lines + lines });
  };
  if (before) add(before.binId, -before.quantity, -1);
  if (after) add(after.binId, after.quantity, 1);
  return [...moves].filter(([, m]) => m.units || m.lines).flatMap(([binId, m]) => {
    const bin = bins.get(binId)!;
    return [binStockUpdate(bin, m.units, m.lines), ...(m.units ? [zoneStockUpdate(bin.tenantId, bin.zoneId, m.units)] : [])];
  });
}

export async function createLine(tenantId: string, fields: LineFields, actor: Actor, now = new Date()): Promise<InventoryLine> {
  const { facility, product, bin, zone } = await describe(tenantId, fields);
  if (!product.isActive && fields.quantity > 0) throw new ConflictError(`${product.name} is inactive and cannot be stocked`, { productId: `${product.name} is inactive` });
  const at = now.toISOString();
  const line: StoredLine = {
    ...fields, id: timeOrderedId(now.getTime()), tenantId, facilityName: facility.name, productName: product.name, productSku: product.sku, productBarcode: product.barcodeValue,
    binCode: bin?.binCode ?? null, zoneId: bin?.zoneId ?? null, zoneName: zone?.name ?? null, createdAt: at, updatedAt: at,
  };
  const place = { facilityId: facility.id, zoneId: line.zoneId, binId: line.binId, productId: product.id };
  return withRetries(
    async () => {
      const current = bin ? await getBin(tenantId, bin.id) : null;
      if (current) checkCapacity(current, line.quantity);
      const create = lineCreateItems(line);
      await transact(
        [
          ...create.items,
          productLinesUpdate(tenantId, product.id, 1),
          ...(current ? binMoves(null, line, new Map([[current.id, current]])) : []),
          ...counterUpdate(tenantId, { ...counterMoves([], lineCounters(line)), quantity: line.quantity }),
          ...(line.quantity ? notFrozenChecks(tenantId, place) : []),
          auditPut({ tenantId, actor, action: 'wms-inventory.created', entityType: 'wms-inventory', entityId: line.id, after: { ...line } }, now),
        ],
        (i) => (i === 1 ? create.conflict() : raced()),
      );
      return withAvailable(line);
    },
    async () => (line.quantity ? await frozenRefusal(tenantId, place, bin?.binCode) : null) ?? capacityNow(tenantId, line.binId, line.quantity, 0),
  );
}

async function capacityNow(tenantId: string, binId: string | null, adding: number, previous: number): Promise<Error | null> {
  const bin = binId ? await getBin(tenantId, binId) : null;
  try {
    if (bin) checkCapacity(bin, adding, previous);
    return null;
  } catch (err) {
    return err as Error;
  }
}

export async function updateLine(tenantId: string, id: string, fields: LineFields, actor: Actor, now = new Date()): Promise<InventoryLine> {
  const { facility, product, bin, zone } = await describe(tenantId, fields);
  return withRetries(
    async () => {
      const before = await getLine(tenantId, id);
      if (!before) throw new NotFoundError('Inventory item not found');
      if (before.facilityId !== fields.facilityId || before.productId !== fields.productId) {
        throw new BadRequestError('The facility and product of an inventory line cannot change: adjust this line out and receive the stock where it belongs', { productId: 'Cannot change on an existing line' });
      }
      const after: StoredLine = { ...before, ...fields, facilityName: facility.name, productName: product.name, productSku: product.sku, productBarcode: product.barcodeValue, binCode: bin?.binCode ?? null, zoneId: bin?.zoneId ?? null, zoneName: zone?.name ?? null, updatedAt: now.toISOString() };
      const bins = new Map<string, StoredBin>();
      for (const binId of new Set([before.binId, after.binId].filter((b): b is string => !!b))) {
        const b = await getBin(tenantId, binId);
        if (b) bins.set(binId, b);
      }
      const target = after.binId ? bins.get(after.binId) : null;
      if (target) checkCapacity(target, after.quantity, before.binId === after.binId ? before.quantity : 0);
      const stockMoves = before.quantity !== after.quantity || before.binId !== after.binId;
      const places = stockMoves ? [before, after].map((l) => ({ facilityId: l.facilityId, zoneId: l.zoneId, binId: l.binId, productId: l.productId })) : [];
      for (const p of places) {
        const frozen = await frozenRefusal(tenantId, p, p.binId === before.binId ? before.binCode : after.binCode);
        if (frozen) throw frozen;
      }
      const replace = lineReplaceItems(before, after);
      await transact(
        [
          ...replace,
          ...binMoves(before, after, bins),
          ...counterUpdate(tenantId, { ...counterMoves(lineCounters(before), lineCounters(after)), quantity: after.quantity - before.quantity }),
          ...places.flatMap((p, i) => (i === 1 && p.binId === places[0]!.binId ? [] : notFrozenChecks(tenantId, p))),
          auditPut({ tenantId, actor, action: 'wms-inventory.updated', entityType: 'wms-inventory', entityId: id, before: { ...before }, after: { ...after } }, now),
        ],
        (i) => (i === 1 && before.binId !== after.binId ? new ConflictError('An inventory line for this product, bin and lot already exists at this facility') : raced()),
      );
      return withAvailable(after);
    },
    async () => null,
    5,
  ).catch((err) => {
    if (err instanceof ConflictError && err.message.startsWith('The stock is changing')) throw new ConflictError(TX_LIMIT_NOTE);
    throw err;
  });
}

export async function deleteLine(tenantId: string, id: string, actor: Actor, now = new Date()): Promise<void> {
  const line = await getLine(tenantId, id);
  if (!line) throw new NotFoundError('Inventory item not found');
  if (line.quantity > 0) throw new ConflictError(`This line still holds ${line.quantity} units. Adjust it to 0 before deleting it.`);
  const bin = line.binId ? await getBin(tenantId, line.binId) : null;
  await transact(
    [
      ...lineDeleteItems(line),
      productLinesUpdate(tenantId, line.productId, -1),
      ...(bin ? [binStockUpdate(bin, 0, -1)] : []),
      ...counterUpdate(tenantId, counterMoves(lineCounters(line), [])),
      auditPut({ tenantId, actor, action: 'wms-inventory.deleted', entityType: 'wms-inventory', entityId: id, before: { ...line } }, now),
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
    const { tenantId: _t, ...line } = withAvailable({ ...l, productName: p?.name ?? l.productName, productSku: p?.sku ?? l.productSku, binCode: b?.binCode ?? l.binCode, facilityName: facilityById.get(l.facilityId)?.name ?? l.facilityName });
    return line;
  });
  return { data, pagination: pagination(total, q.limit, q.page, page.next) };
}
