// Goods receiving (POST /api/wms/inventory/receive): adds to the product's line at the facility, bin
// and lot, or creates it (a serial-tracked product: one line per serial number), and in the same transaction raises the bin's quantity (conditioned on its
// capacity), records the receipt and the 'goods.received' event, counts the stock and audits it.
// Optionally tied to the appointment being unloaded at the facility today (dock-to-stock).
import type * as z from 'zod/mini';
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { domainEventItem } from '../lib/events';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { getAppointment, listAppointmentsByDate } from '../appointments';
import { listFacilityCheckins } from '../checkins';
import { truckStage, type TruckStage } from '../../shared/contracts/appointments';
import { localDateTime, DEFAULT_TIME_ZONE } from '../../shared/time';
import type { receiveSchema, Receipt } from '../../shared/contracts/wms-stock';
import { toPaise } from '../../shared/contracts/wms';
import { getBin } from './bin.store';
import { counterUpdate } from './counters.store';
import { findLineId, getLine, lineCreateItems, lineQuantityUpdate, type StoredLine } from './inventory.store';
import { receiptPut, type StoredReceipt } from './movement.store';
import { timeOrderedId } from './page.store';
import { findProductBySku, getProduct, productLinesUpdate } from './product.store';
import { expectedOrder, receiveAgainstReference } from '../references';
import { averageCost, checkTracking, counterMoves, lineCounters } from './rules';
import {
  binAndZoneUpdates,
  binOfFacility,
  capacityRefusal,
  checkCapacity,
  facilityOf,
  frozenRefusal,
  lineRaced,
  notFrozenChecks,
  raced,
  withRetries,
  type Place,
} from './stock';
import { getZone } from './zone.store';
import type { Facility } from '../facilities';

type ReceiveFields = z.output<typeof receiveSchema>;

/** The stages of a truck whose goods can be received: at its door, or being (un)loaded. */
const AT_THE_DOCK: readonly TruckStage[] = ['at_dock', 'loading', 'unloading'];
/** How far back a check-in may be and its truck still be at the dock (a night's unloading included). */
const DOCK_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * The trucks at the facility's dock now, by key: the facility's check-ins of the last day whose
 * stage is At dock, Loading or Unloading (with their appointments), and today's appointments in
 * loading or unloading that have no such check-in. Each carries what receiving fills from it: the
 * PO number, the pallets and cartons booked and, when the PO is on the facility's list (issue #32),
 * its expected lines with what is received and open, each linked to the product of its SKU.
 */
export async function dockAppointments(tenantId: string, facility: Facility, now = new Date()) {
  const { date } = localDateTime(now, facility.timeZone ?? DEFAULT_TIME_ZONE);
  const [today, checkins] = await Promise.all([
    listAppointmentsByDate(tenantId, date, facility.id),
    listFacilityCheckins(tenantId, facility.id, { since: new Date(now.getTime() - DOCK_LOOKBACK_MS).toISOString() }),
  ]);
  const checkinOf = new Map(checkins.map((c) => [c.appointmentId, c]));
  const known = new Map(today.map((a) => [a.id, a]));
  const missing = checkins.filter((c) => !known.has(c.appointmentId)).map((c) => c.appointmentId);
  for (const a of await Promise.all(missing.map((id) => getAppointment(tenantId, id))))
    if (a && a.facilityId === facility.id) known.set(a.id, a);
  const atDock = [...known.values()]
    .map((a) => ({ a, stage: truckStage(a.status, checkinOf.get(a.id)?.status ?? null) }))
    .filter(({ stage }) => AT_THE_DOCK.includes(stage));
  const expected = await Promise.all(atDock.map(({ a }) => expectedLines(tenantId, facility.id, a.poNumber)));
  return atDock.map(({ a, stage }, i) => ({
    id: a.id,
    bookingReference: a.bookingReference,
    carrierName: a.carrierName,
    // The truck as it came in at the gate (its plate and door), else as it was booked.
    vehicleLicense: checkinOf.get(a.id)?.vehicleLicense ?? a.vehicleLicense,
    doorNumber: checkinOf.get(a.id)?.doorNumber ?? a.doorNumber,
    status: a.status,
    stage,
    loadType: a.loadType,
    poNumber: a.poNumber,
    palletCount: a.palletCount,
    cartonCount: a.cartonCount,
    goodsType: a.guest?.goodsType ?? null,
    expected: expected[i]!,
  }));
}

/** A PO of the facility's list as receiving shows it: its ledger, each line with the product of its SKU. */
async function expectedLines(tenantId: string, facilityId: string, poNumber: string | null) {
  const order = await expectedOrder(tenantId, facilityId, poNumber);
  if (!order) return null;
  const products = await Promise.all(order.lines.map((l) => findProductBySku(tenantId, l.sku)));
  return {
    po: order.po,
    ordered: order.ordered,
    received: order.received,
    openQuantity: order.openQuantity,
    lines: order.lines.map((l, i) => ({
      ...l,
      product: products[i] ? { id: products[i].id, name: products[i].name, sku: products[i].sku } : null,
    })),
  };
}

async function checkAppointment(tenantId: string, facility: Facility, appointmentId: string, now: Date) {
  const appointment = await getAppointment(tenantId, appointmentId);
  if (!appointment) throw new NotFoundError('Appointment not found');
  const atDock = await dockAppointments(tenantId, facility, now);
  if (!atDock.some((a) => a.id === appointment.id)) {
    throw new ConflictError(
      `Appointment ${appointment.bookingReference} is not at this facility's dock (at dock, loading or unloading)`,
      { appointmentId: "Choose a truck at this facility's dock" },
    );
  }
}

export async function receiveGoods(
  tenantId: string,
  input: ReceiveFields,
  actor: Actor,
  now = new Date(),
): Promise<Receipt> {
  // What the receipt needs is read at once (issue #55: read one after another, with the retries of a
  // lost race, the bench's receipts into one line ran past their request's deadline).
  const [facility, product, binRead] = await Promise.all([
    facilityOf(tenantId, input.facilityId),
    getProduct(tenantId, input.productId),
    input.binId ? getBin(tenantId, input.binId) : null,
  ]);
  if (!product) throw new NotFoundError('Product not found');
  const inactive = () =>
    new ConflictError(`${product.name} is inactive and cannot be received`, {
      productId: `${product.name} is inactive and cannot be received`,
    });
  if (!product.isActive) throw inactive();
  checkTracking(product, { lotNumber: input.lotNumber, serialNumbers: input.serialNumbers, quantity: input.quantity });
  const firstBin = input.binId ? binOfFacility(binRead, facility.id) : null;
  if (firstBin && (!firstBin.isReceivable || firstBin.status === 'blocked' || firstBin.status === 'maintenance')) {
    throw new ConflictError(
      `Bin ${firstBin.binCode} does not accept receipts (${firstBin.isReceivable ? firstBin.status : 'not receivable'})`,
      { binId: 'This bin does not accept receipts' },
    );
  }
  if (input.appointmentId) await checkAppointment(tenantId, facility, input.appointmentId, now);
  const place: Place = {
    facilityId: facility.id,
    zoneId: firstBin?.zoneId ?? null,
    binId: firstBin?.id ?? null,
    productId: product.id,
  };
  const [zone, frozen] = await Promise.all([
    firstBin ? getZone(tenantId, firstBin.zoneId) : null,
    frozenRefusal(tenantId, place, firstBin?.binCode),
  ]);
  if (frozen) throw frozen;

  /** Why the receipt cannot go in now, if a rule refuses it (after a lost race). */
  const explain = async () => {
    const [bin, refusal] = await Promise.all([
      firstBin ? getBin(tenantId, firstBin.id) : null,
      frozenRefusal(tenantId, place, firstBin?.binCode),
    ]);
    return refusal ?? (bin ? capacityRefusal(bin, input.quantity) : null);
  };

  // One unit per serial for a serial-tracked product (each its own line), else one merge into the line.
  const cost = input.unitCost === null ? null : toPaise(input.unitCost);
  const units = product.isSerialTracked
    ? input.serialNumbers.map((serialNumber) => ({ serialNumber, quantity: 1 }))
    : [{ serialNumber: null, quantity: input.quantity }];
  return withRetries(async () => {
    // The bin and the lines each unit goes into, read at once.
    const [bin, lines] = await Promise.all([
      firstBin ? getBin(tenantId, firstBin.id) : null,
      Promise.all(
        units.map(async (unit) => {
          const lineId = await findLineId(tenantId, {
            productId: product.id,
            facilityId: facility.id,
            binId: firstBin?.id ?? null,
            lotNumber: input.lotNumber,
            serialNumber: unit.serialNumber,
          });
          return lineId ? getLine(tenantId, lineId) : null;
        }),
      ),
    ]);
    if (firstBin && !bin) throw new NotFoundError('Bin not found');
    if (bin) checkCapacity(bin, input.quantity);
    const at = now.toISOString();
    const lineWrites = [];
    const receipts: StoredReceipt[] = [];
    const newLines: StoredLine[] = [];
    for (const [u, unit] of units.entries()) {
      const existing = lines[u]!;
      if (existing && unit.serialNumber) {
        const message = `Serial number ${unit.serialNumber} of ${product.name} is already in stock at this facility`;
        throw new ConflictError(message, { serialNumbers: message });
      }
      // A line its identity named for this bin, moved away since (the identity read just before): read again.
      if (existing && (existing.binId ?? null) !== (bin?.id ?? null)) throw lineRaced();
      const line: StoredLine = existing ?? {
        id: timeOrderedId(now.getTime()),
        tenantId,
        facilityId: facility.id,
        facilityName: facility.name,
        productId: product.id,
        productName: product.name,
        productSku: product.sku,
        productBarcode: product.barcodeValue,
        binId: bin?.id ?? null,
        binCode: bin?.binCode ?? null,
        zoneId: bin?.zoneId ?? null,
        zoneName: zone?.name ?? null,
        lotNumber: input.lotNumber,
        serialNumber: unit.serialNumber,
        quantity: 0,
        reservedQuantity: 0,
        unitCostPaise: cost,
        expiryDate: input.expiryDate,
        status: 'available',
        createdAt: at,
        updatedAt: at,
      };
      const quantityAfter = line.quantity + unit.quantity;
      // The line's cost becomes the weighted average of what it held and what arrives (rules.ts).
      if (existing)
        lineWrites.push(
          lineQuantityUpdate(existing, quantityAfter, at, {
            ...(cost !== null
              ? { unitCostPaise: averageCost(existing.quantity, existing.unitCostPaise, unit.quantity, cost) }
              : {}),
            ...(input.expiryDate ? { expiryDate: input.expiryDate } : {}),
          }),
        );
      else {
        lineWrites.push(...lineCreateItems({ ...line, quantity: quantityAfter }).items);
        newLines.push(line);
      }
      receipts.push({
        id: timeOrderedId(now.getTime()),
        tenantId,
        inventoryId: line.id,
        facilityId: facility.id,
        productId: product.id,
        productName: product.name,
        productSku: product.sku,
        binId: bin?.id ?? null,
        binCode: bin?.binCode ?? null,
        quantity: unit.quantity,
        quantityAfter,
        lotNumber: input.lotNumber,
        unitCostPaise: cost,
        poNumber: input.poNumber,
        notes: input.notes,
        appointmentId: input.appointmentId,
        receivedAt: at,
        receivedBy: actor.username,
      });
    }
    const first = receipts[0]!;
    const inventoryIds = receipts.map((r) => r.inventoryId);
    const detail = {
      receiptId: first.id,
      inventoryId: first.inventoryId,
      inventoryIds,
      productId: product.id,
      facilityId: facility.id,
      binId: bin?.id ?? null,
      quantity: input.quantity,
      appointmentId: input.appointmentId,
    };
    const items = [
      productLinesUpdate(tenantId, product.id, newLines.length, true),
      ...lineWrites,
      ...(bin ? binAndZoneUpdates([{ bin, units: input.quantity, lines: newLines.length }]) : []),
      ...counterUpdate(
        tenantId,
        { quantity: input.quantity, ...counterMoves([], newLines.flatMap(lineCounters)) },
        first.inventoryId,
      ),
      ...receipts.map(receiptPut),
      // The PO's ledger counts the goods (issue #32), in the receipt's own transaction.
      ...(await receiveAgainstReference(tenantId, facility.id, input.poNumber, product.sku, input.quantity, now)),
      domainEventItem({ tenantId, type: 'goods.received', detail }, now),
      ...notFrozenChecks(tenantId, place),
      auditPut(
        {
          tenantId,
          actor,
          action: 'wms-inventory.received',
          entityType: 'wms-inventory',
          entityId: first.inventoryId,
          before: newLines.length === receipts.length ? null : { quantity: first.quantityAfter - input.quantity },
          after: {
            ...detail,
            quantityAfter: first.quantityAfter,
            lotNumber: input.lotNumber,
            serialNumbers: input.serialNumbers,
            poNumber: input.poNumber,
          },
        },
        now,
      ),
    ];
    await transact(items, (i) => (i === 0 ? inactive() : i <= lineWrites.length ? lineRaced() : raced()));
    return {
      id: first.id,
      inventoryId: first.inventoryId,
      inventoryIds,
      quantity: input.quantity,
      quantityAfter: first.quantityAfter,
      appointmentId: input.appointmentId,
    };
  }, explain);
}

export function requireFacilityQuery(facilityId: string | undefined): string {
  if (!facilityId) throw new BadRequestError('Facility is required', { facilityId: 'Facility is required' });
  return facilityId;
}
