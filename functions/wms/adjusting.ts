// Inventory adjustments (POST /api/wms/inventory/adjust): the line goes from the quantity read to
// that quantity + the change, never below 0 nor below what is reserved, conditioned on the quantity
// read, with the adjustment record (before, change, after, reason), the bin's and zone's stock, the
// counters and the audit in the same transaction. Two concurrent adjustments never lose an update:
// the second one's condition fails, it reads again and applies on top.
import type * as z from 'zod/mini';
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError, NotFoundError } from '../lib/errors';
import type { adjustSchema, Adjustment } from '../../shared/contracts/wms-stock';
import { binStockUpdate, getBin, type StoredBin } from './bin.store';
import { counterUpdate } from './counters.store';
import { getLine, lineQuantityUpdate, type StoredLine } from './inventory.store';
import { adjustmentPut, type StoredAdjustment } from './movement.store';
import { timeOrderedId } from './page.store';
import {
  capacityRefusal,
  checkCapacity,
  frozenRefusal,
  notFrozenChecks,
  raced,
  withRetries,
  type Place,
} from './stock';
import { zoneStockUpdate } from './zone.store';

type AdjustFields = z.output<typeof adjustSchema>;

const placeOf = (l: StoredLine): Place => ({
  facilityId: l.facilityId,
  zoneId: l.zoneId,
  binId: l.binId,
  productId: l.productId,
});

/** Why the change cannot apply to the line as it is now (the quantity rules), or null. */
function quantityRefusal(line: StoredLine, change: number): Error | null {
  const after = line.quantity + change;
  if (after < 0)
    return new ConflictError(`Adjustment would take the stock below 0 (on hand: ${line.quantity})`, {
      quantityAdjusted: `At most ${line.quantity} can be taken out`,
    });
  if (after < line.reservedQuantity)
    return new ConflictError(`Adjustment would take the stock below the ${line.reservedQuantity} units reserved`, {
      quantityAdjusted: `At most ${line.quantity - line.reservedQuantity} can be taken out`,
    });
  return null;
}

/** After a refused write: the quantity rules, a count freezing the place, or the bin's capacity. */
async function refusal(line: StoredLine, change: number): Promise<Error | null> {
  const byQuantity = quantityRefusal(line, change);
  if (byQuantity) return byQuantity;
  const frozen = await frozenRefusal(line.tenantId, placeOf(line), line.binCode);
  if (frozen) return frozen;
  const bin = change > 0 && line.binId ? await getBin(line.tenantId, line.binId) : null;
  return bin ? capacityRefusal(bin, change) : null;
}

export async function adjustInventory(
  tenantId: string,
  input: AdjustFields,
  actor: Actor,
  now = new Date(),
): Promise<Adjustment> {
  const read = async () => {
    const line = await getLine(tenantId, input.inventoryId);
    if (!line) throw new NotFoundError('Inventory item not found');
    return line;
  };
  return withRetries(
    async () => {
      const line = await read();
      const refused = quantityRefusal(line, input.quantityAdjusted);
      if (refused) throw refused;
      // Taking out needs no capacity, so the bin's keys (from the line) are enough; adding reads it.
      const bin = !line.binId
        ? null
        : input.quantityAdjusted > 0
          ? await getBin(tenantId, line.binId)
          : ({ tenantId, id: line.binId, zoneId: line.zoneId, capacity: null } as StoredBin);
      if (bin && input.quantityAdjusted > 0) checkCapacity(bin, input.quantityAdjusted);
      const at = now.toISOString();
      const adjustment: StoredAdjustment = {
        id: timeOrderedId(now.getTime()),
        tenantId,
        createdAt: at,
        inventoryId: line.id,
        productId: line.productId,
        productName: line.productName,
        binId: line.binId,
        binCode: line.binCode,
        quantityBefore: line.quantity,
        quantityAdjusted: input.quantityAdjusted,
        quantityAfter: line.quantity + input.quantityAdjusted,
        reasonCode: input.reasonCode,
        notes: input.notes,
        cycleCountId: null,
        createdBy: actor.username,
      };
      await transact(
        [
          lineQuantityUpdate(line, adjustment.quantityAfter, at),
          ...(bin
            ? [
                binStockUpdate(bin, input.quantityAdjusted),
                zoneStockUpdate(tenantId, bin.zoneId, input.quantityAdjusted),
              ]
            : []),
          ...counterUpdate(tenantId, { quantity: input.quantityAdjusted, adjustments: 1 }, line.id),
          adjustmentPut(adjustment),
          ...notFrozenChecks(tenantId, placeOf(line)),
          auditPut(
            {
              tenantId,
              actor,
              action: 'wms-inventory.adjusted',
              entityType: 'wms-inventory',
              entityId: line.id,
              before: { quantity: line.quantity },
              after: { ...adjustment },
            },
            now,
          ),
        ],
        raced,
      );
      return adjustmentView(adjustment);
    },
    async () => refusal(await read(), input.quantityAdjusted),
  );
}

/** An adjustment as the history shows it (doc 3 §3). */
export function adjustmentView(a: StoredAdjustment): Adjustment {
  return {
    id: a.id,
    createdAt: a.createdAt,
    inventoryId: a.inventoryId,
    product: a.productName ? { name: a.productName } : null,
    bin: a.binCode ? { code: a.binCode } : null,
    quantityBefore: a.quantityBefore,
    quantityAdjusted: a.quantityAdjusted,
    quantityAfter: a.quantityAfter,
    reasonCode: a.reasonCode,
    notes: a.notes,
    cycleCountId: a.cycleCountId,
    createdBy: a.createdBy,
    move: a.move ?? null,
  };
}
