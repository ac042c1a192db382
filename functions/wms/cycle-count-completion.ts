// Completing a cycle count (functions/wms/cycle-counts.ts): the variances applied chunk by chunk,
// each chunk one transaction that also marks its items applied and adds to the count's tally, so
// completing again after a failure resumes where it stopped and applies nothing twice.
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError } from '../lib/errors';
import type { CountCompletion, CycleCountItem } from '../../shared/contracts/wms-stock';
import { counterUpdate } from './counters.store';
import {
  countItemSettled,
  countProgressUpdate,
  countStatusUpdate,
  freezeDelete,
  getCount,
  listCountItems,
  type StoredCount,
  type StoredCountItem,
} from './cycle-count.store';
import { getLine, lineQuantityUpdate, type StoredLine } from './inventory.store';
import { adjustmentPut } from './movement.store';
import { timeOrderedId } from './page.store';
import { checkCountTransition, COMPLETION_CHUNK } from './rules';
import { countView, itemView, loadCount, scopeOf, timeLeft } from './cycle-counts';
import { binAndZoneUpdates } from './stock';

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
      lineQuantityUpdate(line, item.countedQuantity!, at),
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
