// Cycle counts: planned -> active -> completed, or cancelled (doc 3 §4). Start snapshots the expected
// quantity of every line in scope into items and freezes the scope, in one transaction conditioned
// on each line still holding what was read. Complete applies every variance as a cycle_adjustment
// and unfreezes, all in one transaction: all or none.
import type * as z from 'zod';
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import type { CycleCount, CycleCountItem, cycleCountInputSchema } from '../../shared/contracts/wms-stock';
import { binStockUpdate, getBin, type StoredBin } from './bin.store';
import { counterUpdate, nextSequence } from './counters.store';
import {
  countedUpdate, countIsActiveCheck, countItemId, countItemPut, countPut, countStatusUpdate, freezeDelete, freezePut, getCount, getCountItem, listCountItems, type FreezeScope, type StoredCount, type StoredCountItem,
} from './cycle-count.store';
import { facilityLines, getLines, lineQuantityUpdate, lineUnchangedCheck, productLineIds, type StoredLine } from './inventory.store';
import { adjustmentPut } from './movement.store';
import { timeOrderedId } from './page.store';
import { getProduct } from './product.store';
import { checkCountTransition, countNumberOf, MAX_COUNT_LINES } from './rules';
import { binAt, facilityOf } from './stock';
import { getZone, zoneStockUpdate } from './zone.store';

type CountFields = z.output<typeof cycleCountInputSchema>;

export function countView(c: StoredCount): CycleCount {
  const { tenantId: _t, facilityName, zoneId, zoneName, binId, binCode, productId, productName, ...rest } = c;
  return {
    ...rest,
    facility: { name: facilityName },
    zone: zoneId ? { id: zoneId, name: zoneName ?? '' } : null,
    bin: binId ? { id: binId, code: binCode ?? '' } : null,
    product: productId ? { id: productId, name: productName ?? '' } : null,
  };
}

export const itemView = (i: StoredCountItem): CycleCountItem => ({
  id: i.id, cycleCountId: i.cycleCountId, inventoryId: i.inventoryId, product: { name: i.productName }, bin: i.binCode ? { code: i.binCode } : null,
  expectedQuantity: i.expectedQuantity, countedQuantity: i.countedQuantity, variance: i.variance,
});

export async function createCount(tenantId: string, input: CountFields, actor: Actor, now = new Date()): Promise<CycleCount> {
  const facility = await facilityOf(tenantId, input.facilityId);
  const zone = input.zoneId ? await getZone(tenantId, input.zoneId) : null;
  if (input.zoneId && (!zone || zone.facilityId !== facility.id)) throw new BadRequestError('The zone is not at this facility', { zoneId: 'The zone is not at this facility' });
  const bin = input.binId ? await binAt(tenantId, input.binId, facility.id) : null;
  if (zone && bin && bin.zoneId !== zone.id) throw new BadRequestError('The bin is not in this zone', { binId: 'The bin is not in this zone' });
  const product = input.productId ? await getProduct(tenantId, input.productId) : null;
  if (input.productId && !product) throw new NotFoundError('Product not found');
  const at = now.toISOString();
  const count: StoredCount = {
    id: timeOrderedId(now.getTime()), tenantId, countNumber: countNumberOf(await nextSequence(tenantId, 'cycle-count')), countType: input.countType, facilityId: facility.id, facilityName: facility.name,
    zoneId: zone?.id ?? null, zoneName: zone?.name ?? null, binId: bin?.id ?? null, binCode: bin?.binCode ?? null, productId: product?.id ?? null, productName: product?.name ?? null,
    status: 'planned', plannedDate: input.plannedDate, notes: input.notes, itemCount: 0, createdAt: at, updatedAt: at,
  };
  await transact([countPut(count), ...counterUpdate(tenantId, { counts: 1 }), auditPut({ tenantId, actor, action: 'wms-cycle-count.created', entityType: 'wms-cycle-count', entityId: count.id, after: { ...count } }, now)], () => new ConflictError('Cycle count already exists'));
  return countView(count);
}

async function loadCount(tenantId: string, id: string) {
  const count = await getCount(tenantId, id);
  if (!count) throw new NotFoundError('Cycle count not found');
  return count;
}

/** What the count freezes: a bin, a product at the facility, a zone, or the whole facility. */
function scopeOf(c: StoredCount): FreezeScope {
  if (c.binId) return { kind: 'BIN', id: c.binId };
  if (c.productId) return { kind: 'PRODUCT', id: `${c.facilityId}#${c.productId}` };
  if (c.zoneId) return { kind: 'ZONE', id: c.zoneId };
  return { kind: 'FACILITY', id: c.facilityId };
}

async function linesInScope(c: StoredCount): Promise<StoredLine[]> {
  if (c.productId && !c.binId) return getLines(c.tenantId, (await productLineIds(c.tenantId, c.productId, c.facilityId)).slice(0, MAX_COUNT_LINES + 1));
  const lines = await facilityLines(c.tenantId, c.facilityId, { zoneId: c.zoneId, binId: c.binId }, MAX_COUNT_LINES);
  return c.productId ? lines.filter((l) => l.productId === c.productId) : lines;
}

const moved = (c: StoredCount) => new ConflictError(`Cycle count ${c.countNumber} changed meanwhile, or stock moved while it was starting. Try again.`);

export async function startCount(tenantId: string, id: string, actor: Actor, now = new Date()): Promise<CycleCount> {
  const count = await loadCount(tenantId, id);
  checkCountTransition(count.countNumber, count.status, 'active');
  const lines = await linesInScope(count);
  if (lines.length > MAX_COUNT_LINES) throw new ConflictError(`This count covers more than ${MAX_COUNT_LINES} inventory lines. Count a zone, a bin or a product instead.`);
  const items: StoredCountItem[] = lines.map((l) => ({
    id: countItemId(count.id, l.id), tenantId, cycleCountId: count.id, inventoryId: l.id, productId: l.productId, productName: l.productName, binId: l.binId, binCode: l.binCode, zoneId: l.zoneId,
    expectedQuantity: l.quantity, countedQuantity: null, variance: null,
  }));
  const at = now.toISOString();
  await transact(
    [
      countStatusUpdate(count, 'active', at, items.length),
      freezePut(tenantId, scopeOf(count), count),
      ...items.map(countItemPut),
      // The snapshot holds only if no line moved between reading it and freezing the scope.
      ...lines.map(lineUnchangedCheck),
      auditPut({ tenantId, actor, action: 'wms-cycle-count.started', entityType: 'wms-cycle-count', entityId: count.id, before: { status: count.status }, after: { status: 'active', items: items.length } }, now),
    ],
    (i) => (i === 1 ? new ConflictError(`Another active cycle count already freezes this ${scopeOf(count).kind.toLowerCase()}`) : moved(count)),
  );
  return countView({ ...count, status: 'active', itemCount: items.length, updatedAt: at });
}

export async function listItems(tenantId: string, countId: string): Promise<CycleCountItem[]> {
  await loadCount(tenantId, countId);
  return (await listCountItems(tenantId, countId)).map(itemView).sort((a, b) => (a.bin?.code ?? '').localeCompare(b.bin?.code ?? '', 'en', { numeric: true }) || a.product.name.localeCompare(b.product.name));
}

export async function recordCounted(tenantId: string, itemId: string, counted: number, actor: Actor, now = new Date()): Promise<CycleCountItem> {
  const item = await getCountItem(tenantId, itemId);
  if (!item) throw new NotFoundError('Cycle count item not found');
  const count = await loadCount(tenantId, item.cycleCountId);
  if (count.status !== 'active') throw new ConflictError(`Cycle count ${count.countNumber} is ${count.status}: counts are recorded only while it is active`);
  await transact(
    [countedUpdate(item, counted), countIsActiveCheck(tenantId, count.id), auditPut({ tenantId, actor, action: 'wms-cycle-count.item-counted', entityType: 'wms-cycle-count', entityId: count.id, before: { itemId, countedQuantity: item.countedQuantity }, after: { itemId, countedQuantity: counted } }, now)],
    () => new ConflictError(`Cycle count ${count.countNumber} is no longer active`),
  );
  return itemView({ ...item, countedQuantity: counted, variance: counted - item.expectedQuantity });
}

export async function completeCount(tenantId: string, id: string, actor: Actor, now = new Date()): Promise<CycleCount> {
  const count = await loadCount(tenantId, id);
  checkCountTransition(count.countNumber, count.status, 'completed');
  const items = await listCountItems(tenantId, id);
  const pending = items.filter((i) => i.countedQuantity === null).length;
  if (pending) throw new ConflictError(`Count every item before completing: ${pending} still pending`);
  const variances = items.filter((i) => i.variance);
  const bins = new Map<string, StoredBin>();
  for (const binId of new Set(variances.map((i) => i.binId).filter((b): b is string => !!b))) {
    const bin = await getBin(tenantId, binId);
    if (bin) bins.set(binId, bin);
  }
  const at = now.toISOString();
  const byBin = new Map<string, number>();
  for (const i of variances) if (i.binId) byBin.set(i.binId, (byBin.get(i.binId) ?? 0) + i.variance!);
  const byZone = new Map<string, number>();
  for (const [binId, delta] of byBin) {
    const zoneId = bins.get(binId)?.zoneId;
    if (zoneId) byZone.set(zoneId, (byZone.get(zoneId) ?? 0) + delta);
  }
  const total = variances.reduce((sum, i) => sum + i.variance!, 0);
  await transact(
    [
      countStatusUpdate(count, 'completed', at),
      freezeDelete(tenantId, scopeOf(count), count.id),
      ...variances.flatMap((i) => [
        // The line still holds the expected quantity: nothing could move it while the count froze it.
        lineQuantityUpdate({ tenantId, id: i.inventoryId, quantity: i.expectedQuantity } as StoredLine, i.countedQuantity!, at),
        adjustmentPut({
          id: timeOrderedId(now.getTime()), tenantId, createdAt: at, inventoryId: i.inventoryId, productId: i.productId, productName: i.productName, binId: i.binId, binCode: i.binCode,
          quantityBefore: i.expectedQuantity, quantityAdjusted: i.variance!, quantityAfter: i.countedQuantity!, reasonCode: 'cycle_adjustment', notes: `Cycle count ${count.countNumber}`, cycleCountId: count.id, createdBy: actor.username,
        }),
      ]),
      // What was counted is what the bin holds: no capacity condition on a count's correction.
      ...[...byBin].filter(([, d]) => d).map(([binId, delta]) => binStockUpdate({ ...bins.get(binId)!, capacity: null }, delta)),
      ...[...byZone].filter(([, d]) => d).map(([zoneId, delta]) => zoneStockUpdate(tenantId, zoneId, delta)),
      ...counterUpdate(tenantId, { quantity: total, adjustments: variances.length }),
      auditPut({ tenantId, actor, action: 'wms-cycle-count.completed', entityType: 'wms-cycle-count', entityId: count.id, before: { status: count.status }, after: { status: 'completed', variances: variances.length, netChange: total } }, now),
    ],
    () => new ConflictError(`Cycle count ${count.countNumber} could not be applied: the stock or the count changed meanwhile. Nothing was changed; reload and try again.`),
  );
  return countView({ ...count, status: 'completed', updatedAt: at });
}

export async function cancelCount(tenantId: string, id: string, actor: Actor, now = new Date()): Promise<CycleCount> {
  const count = await loadCount(tenantId, id);
  checkCountTransition(count.countNumber, count.status, 'cancelled');
  const at = now.toISOString();
  await transact(
    [
      countStatusUpdate(count, 'cancelled', at),
      ...(count.status === 'active' ? [freezeDelete(tenantId, scopeOf(count), count.id)] : []),
      auditPut({ tenantId, actor, action: 'wms-cycle-count.cancelled', entityType: 'wms-cycle-count', entityId: count.id, before: { status: count.status }, after: { status: 'cancelled' } }, now),
    ],
    () => moved(count),
  );
  return countView({ ...count, status: 'cancelled', updatedAt: at });
}
