// Cycle counts of any size: planned -> active -> completed, or cancelled (doc 3 §4). Start freezes
// the scope first (so nothing there moves), then snapshots every line in it into the count sheet
// chunk by chunk; Complete applies the variances chunk by chunk, each chunk one transaction that
// also marks its items applied and adds to the count's tally, so completing again after a failure
// resumes where it stopped and applies nothing twice. A line that no longer holds what was
// snapshotted is reported (skipped), never overwritten. A request does the chunks its time allows
// and answers with the phase and progress; Start or Complete again goes on (the SPA repeats them).
import type * as z from 'zod';
import { auditPut, type Actor } from '../lib/audit';
import { remainingMs } from '../lib/deadline';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import type { Paged } from '../../shared/contracts/wms';
import type {
  CountCompletion,
  CycleCount,
  CycleCountItem,
  cycleCountInputSchema,
} from '../../shared/contracts/wms-stock';
import { counterUpdate, nextSequence } from './counters.store';
import {
  countedUpdate,
  countItemId,
  countItemPut,
  countItemSettled,
  countPhaseCheck,
  countProgressUpdate,
  countPut,
  countSnapshotProgress,
  countStatusUpdate,
  freezeDelete,
  freezePut,
  getCount,
  getCountItem,
  listCountItems,
  pageCountItems,
  type FreezeScope,
  type StoredCount,
  type StoredCountItem,
} from './cycle-count.store';
import {
  facilityLines,
  getLine,
  getLines,
  lineQuantityUpdate,
  productLineIds,
  type StoredLine,
} from './inventory.store';
import { adjustmentPut } from './movement.store';
import { timeOrderedId } from './page.store';
import { getProduct } from './product.store';
import {
  checkCountTransition,
  checkPage,
  COMPLETION_CHUNK,
  countNumberOf,
  pagination,
  SNAPSHOT_CHUNK,
  STEP_RESERVE_MS,
} from './rules';
import { binAt, binAndZoneUpdates, facilityOf } from './stock';
import { getZone } from './zone.store';

type CountFields = z.output<typeof cycleCountInputSchema>;

export function countView(c: StoredCount): CycleCount {
  const {
    tenantId: _t,
    facilityName,
    zoneId,
    zoneName,
    binId,
    binCode,
    productId,
    productName,
    appliedCount,
    skippedCount,
    snapshotCount: _n,
    ...rest
  } = c;
  return {
    ...rest,
    phase: c.phase ?? null,
    progress: { applied: appliedCount ?? 0, skipped: skippedCount ?? 0 },
    facility: { name: facilityName },
    zone: zoneId ? { id: zoneId, name: zoneName ?? '' } : null,
    bin: binId ? { id: binId, code: binCode ?? '' } : null,
    product: productId ? { id: productId, name: productName ?? '' } : null,
  };
}

export const itemView = (i: StoredCountItem): CycleCountItem => ({
  id: i.id,
  cycleCountId: i.cycleCountId,
  inventoryId: i.inventoryId,
  product: { name: i.productName },
  bin: i.binCode ? { code: i.binCode } : null,
  expectedQuantity: i.expectedQuantity,
  countedQuantity: i.countedQuantity,
  variance: i.variance,
  skipped: i.skipped ?? null,
});

export async function createCount(
  tenantId: string,
  input: CountFields,
  actor: Actor,
  now = new Date(),
): Promise<CycleCount> {
  const facility = await facilityOf(tenantId, input.facilityId);
  const zone = input.zoneId ? await getZone(tenantId, input.zoneId) : null;
  if (input.zoneId && (!zone || zone.facilityId !== facility.id))
    throw new BadRequestError('The zone is not at this facility', { zoneId: 'The zone is not at this facility' });
  const bin = input.binId ? await binAt(tenantId, input.binId, facility.id) : null;
  if (zone && bin && bin.zoneId !== zone.id)
    throw new BadRequestError('The bin is not in this zone', { binId: 'The bin is not in this zone' });
  const product = input.productId ? await getProduct(tenantId, input.productId) : null;
  if (input.productId && !product) throw new NotFoundError('Product not found');
  const at = now.toISOString();
  const count: StoredCount = {
    id: timeOrderedId(now.getTime()),
    tenantId,
    countNumber: countNumberOf(await nextSequence(tenantId, 'cycle-count')),
    countType: input.countType,
    facilityId: facility.id,
    facilityName: facility.name,
    zoneId: zone?.id ?? null,
    zoneName: zone?.name ?? null,
    binId: bin?.id ?? null,
    binCode: bin?.binCode ?? null,
    productId: product?.id ?? null,
    productName: product?.name ?? null,
    status: 'planned',
    phase: null,
    plannedDate: input.plannedDate,
    notes: input.notes,
    itemCount: 0,
    createdAt: at,
    updatedAt: at,
  };
  await transact(
    [
      countPut(count),
      ...counterUpdate(tenantId, { counts: 1 }, count.id),
      auditPut(
        {
          tenantId,
          actor,
          action: 'wms-cycle-count.created',
          entityType: 'wms-cycle-count',
          entityId: count.id,
          after: { ...count },
        },
        now,
      ),
    ],
    () => new ConflictError('Cycle count already exists'),
  );
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

/** Every line in the count's scope, as stored now, in walking order: bin, product, then line. */
async function linesInScope(c: StoredCount): Promise<StoredLine[]> {
  const lines =
    c.productId && !c.binId
      ? await getLines(c.tenantId, await productLineIds(c.tenantId, c.productId, c.facilityId))
      : (await facilityLines(c.tenantId, c.facilityId, { zoneId: c.zoneId, binId: c.binId })).filter(
          (l) => !c.productId || l.productId === c.productId,
        );
  // The list index may lag a moment behind: the quantities are read from the lines themselves.
  const current = await getLines(
    c.tenantId,
    lines.map((l) => l.id),
  );
  return current.sort(
    (a, b) =>
      (a.binCode ?? '').localeCompare(b.binCode ?? '', 'en', { numeric: true }) ||
      a.productName.localeCompare(b.productName) ||
      a.id.localeCompare(b.id),
  );
}

export async function startCount(tenantId: string, id: string, actor: Actor, now = new Date()): Promise<CycleCount> {
  const count = await loadCount(tenantId, id);
  const at = now.toISOString();
  if (!(count.status === 'active' && count.phase === 'snapshot')) {
    checkCountTransition(count.countNumber, count.status, 'active');
    await transact(
      [
        countStatusUpdate(count, { status: 'planned' }, { status: 'active', phase: 'snapshot' }, at),
        freezePut(tenantId, scopeOf(count), count),
        auditPut(
          {
            tenantId,
            actor,
            action: 'wms-cycle-count.started',
            entityType: 'wms-cycle-count',
            entityId: count.id,
            before: { status: count.status },
            after: { status: 'active' },
          },
          now,
        ),
      ],
      (i) =>
        i === 1
          ? new ConflictError(`Another active cycle count already freezes this ${scopeOf(count).kind.toLowerCase()}`)
          : new ConflictError(`Cycle count ${count.countNumber} changed meanwhile. Reload and try again.`),
    );
  }
  // The scope is frozen from here on, so the snapshot cannot go stale while it is written, chunk by
  // chunk, the count keeping how many items are written; Start again goes on from there.
  const lines = await linesInScope(count);
  const items: StoredCountItem[] = lines.map((l, i) => ({
    id: countItemId(count.id, i + 1),
    tenantId,
    cycleCountId: count.id,
    inventoryId: l.id,
    productId: l.productId,
    productName: l.productName,
    binId: l.binId,
    binCode: l.binCode,
    zoneId: l.zoneId,
    expectedQuantity: l.quantity,
    countedQuantity: null,
    variance: null,
  }));
  const cancelled = () => new ConflictError(`Cycle count ${count.countNumber} was cancelled while it was starting`);
  let written = (await getCount(tenantId, count.id))?.snapshotCount ?? 0;
  for (; written < items.length && timeLeft(); written += SNAPSHOT_CHUNK) {
    const chunk = items.slice(written, written + SNAPSHOT_CHUNK);
    await transact(
      [countSnapshotProgress(tenantId, count.id, written + chunk.length), ...chunk.map(countItemPut)],
      cancelled,
    );
  }
  if (written < items.length)
    return countView({
      ...count,
      status: 'active',
      phase: 'snapshot',
      itemCount: 0,
      snapshotCount: written,
      updatedAt: at,
    });
  await transact(
    [
      countStatusUpdate(count, { status: 'active', phase: 'snapshot' }, { status: 'active', phase: 'counting' }, at, {
        itemCount: items.length,
      }),
    ],
    cancelled,
  );
  return countView({ ...count, status: 'active', phase: 'counting', itemCount: items.length, updatedAt: at });
}

/** Whether the request has time for one more chunk (outside a request there is no limit). */
function timeLeft(): boolean {
  const left = remainingMs();
  return left === undefined || left > STEP_RESERVE_MS;
}

/** A page of the count sheet (the count's items in walking order). */
export async function listItems(
  tenantId: string,
  countId: string,
  q: { page: number; limit: number; cursor?: string | null },
): Promise<Paged<CycleCountItem>> {
  const count = await loadCount(tenantId, countId);
  checkPage(q.page, count.itemCount, q.limit, q.cursor);
  const page = await pageCountItems(tenantId, countId, q.limit, q.cursor);
  return { data: page.items.map(itemView), pagination: pagination(count.itemCount, q.limit, q.page, page.next) };
}

export async function recordCounted(
  tenantId: string,
  itemId: string,
  counted: number,
  actor: Actor,
  now = new Date(),
): Promise<CycleCountItem> {
  const item = await getCountItem(tenantId, itemId);
  if (!item) throw new NotFoundError('Cycle count item not found');
  const count = await loadCount(tenantId, item.cycleCountId);
  const notCounting = () =>
    new ConflictError(
      `Cycle count ${count.countNumber} is ${count.status}: counts are recorded only while it is active`,
    );
  if (count.status !== 'active') throw notCounting();
  const closed = () =>
    new ConflictError(`Cycle count ${count.countNumber} is being completed: counts can no longer change`);
  if (count.phase === 'applying') throw closed();
  await transact(
    [
      countedUpdate(item, counted),
      countPhaseCheck(tenantId, count.id, 'counting'),
      auditPut(
        {
          tenantId,
          actor,
          action: 'wms-cycle-count.item-counted',
          entityType: 'wms-cycle-count',
          entityId: count.id,
          before: { itemId, countedQuantity: item.countedQuantity },
          after: { itemId, countedQuantity: counted },
        },
        now,
      ),
    ],
    () => closed(),
  );
  return itemView({ ...item, countedQuantity: counted, variance: counted - item.expectedQuantity });
}

/** Why a counted line's variance cannot be applied to the line as it is now, or null. */
function skipReason(item: StoredCountItem, line: StoredLine | null): NonNullable<CycleCountItem['skipped']> | null {
  if (!line) return { reason: 'line-gone', onHand: null };
  if (line.quantity !== item.expectedQuantity) return { reason: 'line-changed', onHand: line.quantity };
  if (item.countedQuantity! < line.reservedQuantity)
    return { reason: 'reserved', onHand: line.quantity, reserved: line.reservedQuantity };
  return null;
}

/** Applies one chunk of variances (or reports its lines) in one transaction with the count's tally. */
async function applyChunk(count: StoredCount, chunk: StoredCountItem[], actor: Actor, now: Date) {
  const at = now.toISOString();
  const lines = await Promise.all(chunk.map((i) => getLine(count.tenantId, i.inventoryId)));
  const applied: StoredCountItem[] = [];
  const writes = [];
  for (const [n, item] of chunk.entries()) {
    const line = lines[n]!;
    const skipped = skipReason(item, line);
    if (skipped) {
      writes.push(countItemSettled(item, { skipped }));
      continue;
    }
    applied.push(item);
    writes.push(
      lineQuantityUpdate(line!, item.countedQuantity!, at),
      adjustmentPut({
        id: timeOrderedId(now.getTime()),
        tenantId: count.tenantId,
        createdAt: at,
        inventoryId: item.inventoryId,
        productId: item.productId,
        productName: item.productName,
        binId: item.binId,
        binCode: item.binCode,
        quantityBefore: item.expectedQuantity,
        quantityAdjusted: item.variance!,
        quantityAfter: item.countedQuantity!,
        reasonCode: 'cycle_adjustment',
        notes: `Cycle count ${count.countNumber}`,
        cycleCountId: count.id,
        createdBy: actor.username,
      }),
      countItemSettled(item, { appliedAt: at }),
    );
  }
  const total = applied.reduce((sum, i) => sum + i.variance!, 0);
  await transact(
    [
      ...writes,
      // What was counted is what the bin holds: no capacity condition on a count's correction.
      ...binAndZoneUpdates(
        applied
          .filter((i) => i.binId && i.zoneId)
          .map((i) => ({
            bin: { tenantId: count.tenantId, id: i.binId!, zoneId: i.zoneId!, capacity: null },
            units: i.variance!,
          })),
      ),
      ...counterUpdate(count.tenantId, { quantity: total, adjustments: applied.length }, count.id),
      countProgressUpdate(count.tenantId, count.id, applied.length, chunk.length - applied.length),
    ],
    () =>
      new ConflictError(
        `Cycle count ${count.countNumber} could not finish: the stock or the count changed meanwhile. What was applied is kept; complete it again to go on.`,
      ),
  );
}

/**
 * Complete in steps, each safe to repeat: begin (every item counted; the count stops taking counts),
 * apply the next chunk of variances (until none is left), finish (completed, the scope unfrozen).
 * Completing again after a failure begins where the count's phase and items say it stopped.
 */
export async function beginCompletion(
  tenantId: string,
  id: string,
  actor: Actor,
  now = new Date(),
): Promise<StoredCount> {
  const count = await loadCount(tenantId, id);
  if (count.status === 'active' && count.phase === 'applying') return count;
  checkCountTransition(count.countNumber, count.status, 'completed');
  if (count.phase === 'snapshot')
    throw new ConflictError(
      `Cycle count ${count.countNumber} is still starting: start it again to finish its count sheet`,
    );
  const pending = (await listCountItems(tenantId, id)).filter((i) => i.countedQuantity === null).length;
  if (pending) throw new ConflictError(`Count every item before completing: ${pending} still pending`);
  await transact(
    [
      countStatusUpdate(
        count,
        { status: 'active', phase: 'counting' },
        { status: 'active', phase: 'applying' },
        now.toISOString(),
      ),
      auditPut(
        {
          tenantId,
          actor,
          action: 'wms-cycle-count.completing',
          entityType: 'wms-cycle-count',
          entityId: count.id,
          before: { status: count.status, phase: count.phase },
          after: { phase: 'applying' },
        },
        now,
      ),
    ],
    () => new ConflictError(`Cycle count ${count.countNumber} changed meanwhile. Reload and try again.`),
  );
  return { ...count, phase: 'applying' };
}

/** The counted lines whose variance is neither applied nor reported yet. */
async function unsettled(count: StoredCount): Promise<StoredCountItem[]> {
  return (await listCountItems(count.tenantId, count.id)).filter((i) => i.variance && !i.appliedAt && !i.skipped);
}

/** Applies the next chunk of variances not settled yet; false when none is left after it. */
export async function applyNextChunk(count: StoredCount, actor: Actor, now = new Date()): Promise<boolean> {
  const open = await unsettled(count);
  if (open.length) await applyChunk(count, open.slice(0, COMPLETION_CHUNK), actor, now);
  return open.length > COMPLETION_CHUNK;
}

/** Applies as many chunks as the request's time allows; completes the count once none is left. */
export async function completeCount(
  tenantId: string,
  id: string,
  actor: Actor,
  now = new Date(),
): Promise<CountCompletion> {
  const count = await beginCompletion(tenantId, id, actor, now);
  const open = await unsettled(count);
  let applied = 0;
  for (; applied < open.length && timeLeft(); applied += COMPLETION_CHUNK)
    await applyChunk(count, open.slice(applied, applied + COMPLETION_CHUNK), actor, now);
  const more = applied < open.length;
  const at = now.toISOString();
  const skippedItems = (await listCountItems(tenantId, id)).filter((i) => i.skipped).map(itemView);
  const done = (await getCount(tenantId, id)) ?? count;
  if (more) return { ...countView(done), skippedItems };
  await transact(
    [
      countStatusUpdate(count, { status: 'active', phase: 'applying' }, { status: 'completed', phase: null }, at),
      freezeDelete(tenantId, scopeOf(count), count.id),
      auditPut(
        {
          tenantId,
          actor,
          action: 'wms-cycle-count.completed',
          entityType: 'wms-cycle-count',
          entityId: count.id,
          before: { status: 'active' },
          after: {
            status: 'completed',
            applied: done.appliedCount ?? 0,
            skipped: skippedItems.map((i) => ({ itemId: i.id, inventoryId: i.inventoryId, ...i.skipped })),
          },
        },
        now,
      ),
    ],
    () => new ConflictError(`Cycle count ${count.countNumber} changed meanwhile. Reload and try again.`),
  );
  return { ...countView({ ...done, status: 'completed', phase: null, updatedAt: at }), skippedItems };
}

export async function cancelCount(tenantId: string, id: string, actor: Actor, now = new Date()): Promise<CycleCount> {
  const count = await loadCount(tenantId, id);
  checkCountTransition(count.countNumber, count.status, 'cancelled');
  if (count.phase === 'applying')
    throw new ConflictError(
      `Cycle count ${count.countNumber} is being completed and can no longer be cancelled: complete it again to finish`,
    );
  const at = now.toISOString();
  await transact(
    [
      countStatusUpdate(
        count,
        { status: count.status, phase: count.phase ?? null },
        { status: 'cancelled', phase: null },
        at,
      ),
      ...(count.status === 'active' ? [freezeDelete(tenantId, scopeOf(count), count.id)] : []),
      auditPut(
        {
          tenantId,
          actor,
          action: 'wms-cycle-count.cancelled',
          entityType: 'wms-cycle-count',
          entityId: count.id,
          before: { status: count.status },
          after: { status: 'cancelled' },
        },
        now,
      ),
    ],
    () => new ConflictError(`Cycle count ${count.countNumber} changed meanwhile. Reload and try again.`),
  );
  return countView({ ...count, status: 'cancelled', phase: null, updatedAt: at });
}
