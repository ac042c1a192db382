// The one reference rule of a booking (issue #32), used by every path that creates an appointment with
// a PO (staff, carrier and integration bookings, guest bookings): with the facility's policy in list
// mode the PO must be open on its list, held by no other live appointment unless splits are allowed,
// and the booking's quantity within what the PO still has (refused or flagged, by the policy). The
// hold is an item of the booking's own transaction; a cancel or no-show frees it in its own.
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError } from '../lib/errors';
import { getStoredPolicy } from './policy.store';
import { getOrder, holdUpdate, receivedUpdate, releaseUpdate, type HoldTerms, type StoredOrder } from './order.store';
import { bookableQuantity, poKey } from './rules';
import type { ReferenceCheck } from '../../shared/contracts/references';

type TransactItems = Parameters<typeof transact>[0];

export interface ReferenceBooking {
  tenantId: string;
  facilityId: string;
  appointmentId: string;
  bookingReference: string;
  carrierId: string | null;
  driverId: string | null;
  poNumber: string | null;
  quantity: number | null;
}

export interface ReferenceHold {
  /** What the booking stores as its check (null: the facility does not check references). */
  check: ReferenceCheck | null;
  items: TransactItems;
  /** Why the hold failed in the transaction, read again. */
  explain: () => Promise<Error>;
}

const NO_HOLD: ReferenceHold = { check: null, items: [], explain: async () => new ConflictError('Please try again') };

const notOpen = (po: string) => {
  const message = `PO ${po} is not open at this facility`;
  return new BadRequestError(message, { poNumber: message });
};
const heldBy = (po: string, bookingReference: string) => {
  const message = `PO ${po} is booked on appointment ${bookingReference}`;
  return new ConflictError(message, { poNumber: message });
};
const overQuantity = (po: string, bookable: number, quantity: number) =>
  `PO ${po} has ${bookable} left to book; this booking is for ${quantity}`;

/** The refusal the order as read gives the booking (null: it may hold it). */
function refusal(order: StoredOrder | null, po: string, terms: { allowSplits: boolean }, appointmentId: string) {
  if (!order?.isOpen) return notOpen(po);
  const other = Object.values(order.holders ?? {}).find((h) => h.appointmentId !== appointmentId);
  if (!terms.allowSplits && other) return heldBy(po, other.bookingReference);
  return null;
}

/** Checks a booking's PO against the facility's policy and gives the items that hold it. */
export async function holdReference(booking: ReferenceBooking, now = new Date()): Promise<ReferenceHold> {
  if (!booking.poNumber) return NO_HOLD;
  const policy = await getStoredPolicy(booking.tenantId, booking.facilityId);
  if (!policy || policy.mode === 'off') return NO_HOLD;
  const po = poKey(booking.poNumber);
  const order = await getOrder(booking.tenantId, booking.facilityId, po);
  const refused = refusal(order, po, policy, booking.appointmentId);
  if (refused) throw refused;
  const open = order!;
  const quantity = booking.quantity;
  const bookable = bookableQuantity(open);
  const over = quantity !== null && quantity > bookable ? overQuantity(po, bookable, quantity) : null;
  if (over && policy.overQuantity === 'refuse') throw new ConflictError(over, { quantity: over });
  const terms: HoldTerms = {
    allowSplits: policy.allowSplits,
    within:
      quantity !== null && policy.overQuantity === 'refuse'
        ? { ordered: open.ordered, maxBooked: open.ordered - quantity, maxReceived: open.ordered - quantity }
        : undefined,
  };
  const holder = {
    appointmentId: booking.appointmentId,
    bookingReference: booking.bookingReference,
    quantity,
    carrierId: booking.carrierId,
    driverId: booking.driverId,
  };
  return {
    check: {
      mode: policy.mode,
      po,
      result: over ? 'flagged' : 'ok',
      reason: over,
      quantity,
      checkedAt: now.toISOString(),
    },
    items: [holdUpdate(open, holder, terms)],
    explain: async () => {
      const current = await getOrder(booking.tenantId, booking.facilityId, po);
      const why = refusal(current, po, policy, booking.appointmentId);
      if (why) return why;
      const message = overQuantity(po, current ? bookableQuantity(current) : 0, quantity ?? 0);
      return new ConflictError(message, { quantity: message });
    },
  };
}

class HoldLost extends Error {}

/**
 * Runs the caller's transaction (its items and the error of a failed item, as `withDoor` gives them)
 * with the hold's items first; a failed hold is answered with why, read again.
 */
export async function transactWithHold(
  hold: ReferenceHold,
  [items, otherwise]: [TransactItems, (index: number) => Error],
): Promise<void> {
  const own = hold.items.length;
  try {
    await transact([...hold.items, ...items], (index) => (index < own ? new HoldLost() : otherwise(index - own)));
  } catch (err) {
    if (err instanceof HoldLost) throw await hold.explain();
    throw err;
  }
}

/** The items that free what a booking's check holds (its appointment cancelled or a no-show). */
export function releaseReference(a: {
  tenantId: string;
  facilityId: string;
  id: string;
  referenceCheck?: ReferenceCheck | null;
}): TransactItems {
  const check = a.referenceCheck;
  if (!check || check.mode === 'off') return [];
  return [releaseUpdate(a.tenantId, a.facilityId, check.po, a.id, check.quantity)];
}

/**
 * The items that count goods received against a PO of the facility's list (none when the PO is not
 * on it): the PO's received quantity, and that of its first line of the product's SKU.
 */
export async function receiveAgainstReference(
  tenantId: string,
  facilityId: string,
  poNumber: string | null,
  sku: string,
  quantity: number,
  now: Date,
): Promise<TransactItems> {
  if (!poNumber) return [];
  const order = await getOrder(tenantId, facilityId, poKey(poNumber));
  if (!order) return [];
  const index = order.lines.findIndex((l) => l.sku.toUpperCase() === sku.toUpperCase());
  return [receivedUpdate(order, quantity, index < 0 ? null : index, now.toISOString())];
}
