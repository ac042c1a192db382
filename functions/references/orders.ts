// A facility's POs as staff and carriers see them (issue #32): staff every PO, a carrier (or driver)
// only the POs its own live appointments hold; each with its ledger (ordered, booked, received, open).
import { NotFoundError } from '../lib/errors';
import { canSee, seesAll } from '../../shared/access';
import { getOrder, listOrders, type StoredOrder } from './order.store';
import { openQuantity, poKey } from './rules';
import type { SessionUser } from '../../shared/contracts/auth';
import type { PurchaseOrder } from '../../shared/contracts/references';

export function orderView(o: StoredOrder): PurchaseOrder {
  return {
    facilityId: o.facilityId,
    po: o.po,
    supplier: o.supplier,
    windowStart: o.windowStart,
    windowEnd: o.windowEnd,
    isOpen: o.isOpen,
    ordered: o.ordered,
    booked: o.booked,
    received: o.received,
    openQuantity: openQuantity(o),
    lines: o.lines.map((l) => ({
      sku: l.sku,
      expected: l.expected,
      received: l.received,
      open: openQuantity({ ordered: l.expected, received: l.received }),
    })),
    holders: Object.values(o.holders ?? {}).map((h) => ({
      appointmentId: h.appointmentId,
      bookingReference: h.bookingReference,
      quantity: h.quantity,
    })),
    updatedAt: o.updatedAt,
  };
}

const visible = (user: SessionUser, o: StoredOrder) =>
  seesAll(user) || Object.values(o.holders ?? {}).some((h) => canSee(user, h));

export async function purchaseOrders(user: SessionUser, facilityId: string): Promise<PurchaseOrder[]> {
  const orders = await listOrders(user.tenantId, facilityId);
  return orders
    .filter((o) => visible(user, o))
    .sort((a, b) => Number(b.isOpen) - Number(a.isOpen) || a.po.localeCompare(b.po))
    .map(orderView);
}

export async function purchaseOrder(user: SessionUser, facilityId: string, po: string): Promise<PurchaseOrder> {
  const order = await getOrder(user.tenantId, facilityId, poKey(po));
  if (!order || !visible(user, order)) throw new NotFoundError('PO not found at this facility');
  return orderView(order);
}

/** The PO of a facility's list as the warehouse receives against it (null when the PO is not on the list). */
export async function expectedOrder(tenantId: string, facilityId: string, po: string | null) {
  if (!po) return null;
  const order = await getOrder(tenantId, facilityId, poKey(po));
  return order ? orderView(order) : null;
}
