// Put-away (POST /api/wms/inventory/{id}/move): part or all of a line to another bin of its facility.
// The whole line without a line of the same product, lot and status in the target bin relocates; a
// part splits off into a new line there (at the line's unit cost); either merges into the target's
// line when it has one, whose cost becomes the weighted average of both. One
// transaction holds the lines, both bins (the target's capacity as a condition), their zones, the
// counters, the move's two adjustment records (out of one bin, into the other) and the audit; a lost
// race reads again and retries (stock.ts).
import type * as z from 'zod/mini';
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import type { Adjustment, moveSchema } from '../../shared/contracts/wms-stock';
import { getBin, type StoredBin } from './bin.store';
import { counterUpdate } from './counters.store';
import {
  findLineId,
  getLine,
  lineCreateItems,
  lineDeleteItems,
  lineQuantityUpdate,
  lineReplaceItems,
  type StoredLine,
} from './inventory.store';
import { adjustmentPut, type StoredAdjustment } from './movement.store';
import { timeOrderedId } from './page.store';
import { productLinesUpdate } from './product.store';
import { averageCost, counterMoves, lineCounters } from './rules';
import { adjustmentView } from './adjusting';
import {
  binAt,
  binAndZoneUpdates,
  capacityRefusal,
  checkCapacity,
  frozenRefusal,
  lineRaced,
  notFrozenChecks,
  raced,
  withRetries,
  type Place,
} from './stock';
import { getZone } from './zone.store';

type MoveFields = z.output<typeof moveSchema>;

const placeOf = (l: Pick<StoredLine, 'facilityId' | 'zoneId' | 'binId' | 'productId'>): Place => ({
  facilityId: l.facilityId,
  zoneId: l.zoneId,
  binId: l.binId,
  productId: l.productId,
});

/** Why the move cannot be made as asked, from the line and the target bin as read. */
function moveRefusal(line: StoredLine, to: StoredBin, quantity: number): Error | null {
  if (to.id === line.binId)
    return new BadRequestError(`The stock is already in bin ${to.binCode}`, { toBinId: 'Choose another bin' });
  if (to.status === 'blocked' || to.status === 'maintenance')
    return new ConflictError(`Bin ${to.binCode} is ${to.status} and cannot take stock`, {
      toBinId: 'This bin cannot take stock now',
    });
  const movable = line.quantity - line.reservedQuantity;
  if (quantity > movable) {
    const message = `At most ${movable} can be moved (${line.quantity} on hand, ${line.reservedQuantity} reserved)`;
    return new ConflictError(message, { quantity: message });
  }
  return null;
}

export async function moveStock(
  tenantId: string,
  lineId: string,
  input: MoveFields,
  actor: Actor,
  now = new Date(),
): Promise<Adjustment[]> {
  const first = await getLine(tenantId, lineId);
  if (!first) throw new NotFoundError('Inventory item not found');
  const target = await binAt(tenantId, input.toBinId, first.facilityId);
  const targetZone = await getZone(tenantId, target.zoneId);
  const frozen = async (line: StoredLine) =>
    (await frozenRefusal(tenantId, placeOf(line), line.binCode)) ??
    (await frozenRefusal(tenantId, { ...placeOf(line), zoneId: target.zoneId, binId: target.id }, target.binCode));
  return withRetries(
    async () => {
      const line = await getLine(tenantId, lineId);
      if (!line) throw new NotFoundError('Inventory item not found');
      const to = await getBin(tenantId, target.id);
      if (!to) throw new NotFoundError('Bin not found');
      const refused = moveRefusal(line, to, input.quantity) ?? (await frozen(line));
      if (refused) throw refused;
      checkCapacity(to, input.quantity);
      const from = line.binId ? await getBin(tenantId, line.binId) : null;
      const intoId = await findLineId(tenantId, { ...line, binId: to.id });
      const into = intoId && intoId !== line.id ? await getLine(tenantId, intoId) : null;
      // The target's line as its identity named it, moved away since (the identity read just before): read again.
      if (into && into.binId !== to.id) throw lineRaced();
      if (into && into.status !== line.status) {
        const message = `Bin ${to.binCode} already holds this product and lot with the status ${into.status}: change one line's status first`;
        throw new ConflictError(message, { toBinId: message });
      }
      const whole = input.quantity === line.quantity;
      const at = now.toISOString();
      const placed = {
        binId: to.id,
        binCode: to.binCode,
        zoneId: to.zoneId,
        zoneName: targetZone?.name ?? null,
        updatedAt: at,
      };
      // What happens to the two lines: merged into the target's line, relocated whole, or split.
      const split: StoredLine | null =
        !into && !whole
          ? {
              ...line,
              ...placed,
              id: timeOrderedId(now.getTime()),
              quantity: input.quantity,
              reservedQuantity: 0,
              createdAt: at,
            }
          : null;
      const arrived = into ?? split ?? { ...line, ...placed };
      const lineWrites = into
        ? [
            whole ? lineDeleteItems(line) : [lineQuantityUpdate(line, line.quantity - input.quantity, at)],
            [
              lineQuantityUpdate(into, into.quantity + input.quantity, at, {
                unitCostPaise: averageCost(into.quantity, into.unitCostPaise, input.quantity, line.unitCostPaise),
              }),
            ],
          ].flat()
        : split
          ? [
              lineQuantityUpdate(line, line.quantity - input.quantity, at),
              ...lineCreateItems({ ...split, quantity: input.quantity }).items,
            ]
          : lineReplaceItems(line, arrived);
      const linesOut = whole ? 1 : 0;
      const linesIn = into ? 0 : 1;
      const lineCountChange = linesIn - (into && whole ? 1 : 0);
      const record = (
        l: StoredLine,
        bin: { id: string | null; code: string | null },
        before: number,
        change: number,
      ): StoredAdjustment => ({
        id: timeOrderedId(now.getTime()),
        tenantId,
        createdAt: at,
        inventoryId: l.id,
        productId: l.productId,
        productName: l.productName,
        binId: bin.id,
        binCode: bin.code,
        quantityBefore: before,
        quantityAdjusted: change,
        quantityAfter: before + change,
        reasonCode: change < 0 ? 'transfer_out' : 'transfer_in',
        notes: input.notes,
        cycleCountId: null,
        createdBy: actor.username,
        move: { fromBin: line.binCode, toBin: to.binCode },
      });
      const out = record(line, { id: line.binId, code: line.binCode }, line.quantity, -input.quantity);
      const inward = record(arrived, { id: to.id, code: to.binCode }, into ? into.quantity : 0, input.quantity);
      await transact(
        [
          ...lineWrites,
          ...(lineCountChange ? [productLinesUpdate(tenantId, line.productId, lineCountChange)] : []),
          ...binAndZoneUpdates([
            ...(from ? [{ bin: from, units: -input.quantity, lines: -linesOut }] : []),
            { bin: to, units: input.quantity, lines: linesIn },
          ]),
          ...counterUpdate(
            tenantId,
            {
              adjustments: 2,
              ...(split ? counterMoves([], lineCounters(split)) : {}),
              ...(into && whole ? counterMoves(lineCounters(line), []) : {}),
            },
            line.id,
          ),
          adjustmentPut(out),
          adjustmentPut(inward),
          ...notFrozenChecks(tenantId, placeOf(line), placeOf(arrived)),
          auditPut(
            {
              tenantId,
              actor,
              action: 'wms-inventory.moved',
              entityType: 'wms-inventory',
              entityId: line.id,
              before: { binId: line.binId, quantity: line.quantity },
              after: {
                toBinId: to.id,
                moved: input.quantity,
                intoInventoryId: arrived.id,
                quantityThere: inward.quantityAfter,
              },
            },
            now,
          ),
        ],
        raced,
      );
      return [adjustmentView(out), adjustmentView(inward)];
    },
    async () => {
      const line = await getLine(tenantId, lineId);
      const to = await getBin(tenantId, target.id);
      if (!line || !to) return null; // the next attempt names what is gone
      return moveRefusal(line, to, input.quantity) ?? (await frozen(line)) ?? capacityRefusal(to, input.quantity);
    },
  );
}
