// Cycle counts of any size: planned -> active -> completed, or cancelled (doc 3 §4). Start freezes
// the scope first (so nothing there moves), then snapshots every line in it into the count sheet
// chunk by chunk; Complete applies the variances chunk by chunk, each chunk one transaction that
// also marks its items applied and adds to the count's tally, so completing again after a failure
// resumes where it stopped and applies nothing twice. A line that no longer holds what was
// snapshotted is reported (skipped), never overwritten. A request does the chunks its time allows
// and answers with the phase and progress; Start or Complete again goes on (the SPA repeats them).
import type * as z from 'zod/mini';
import { auditPut, type Actor } from '../lib/audit';
import { remainingMs } from '../lib/deadline';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import type { Paged } from '../../shared/contracts/wms';
import type { CycleCount, CycleCountItem, cycleCountInputSchema } from '../../shared/contracts/wms-stock';
import { counterUpdate, nextSequence } from './counters.store';
import {
  countedUpdate,
  countItemId,
  countItemPut,
  countPhaseCheck,
  countPut,
  countSnapshotProgress,
  countStatusUpdate,
  freezeDelete,
  freezePut,
  getCount,
  getCountItem,
  pageCountItems,
  type FreezeScope,
  type StoredCount,
  type StoredCountItem,
} from './cycle-count.store';
import { facilityLines, getLines, productLineIds, type StoredLine } from './inventory.store';
import { timeOrderedId } from './page.store';
import { getProduct } from './product.store';
import { checkCountTransition, checkPage, countNumberOf, pagination, SNAPSHOT_CHUNK, STEP_RESERVE_MS } from './rules';
import { binAt, facilityOf } from './stock';
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

export async function loadCount(tenantId: string, id: string) {
  const count = await getCount(tenantId, id);
  if (!count) throw new NotFoundError('Cycle count not found');
  return count;
}

/** What the count freezes: a bin, a product at the facility, a zone, or the whole facility. */
export function scopeOf(c: StoredCount): FreezeScope {
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
export function timeLeft(): boolean {
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
