// The one reference rule of a booking (issue #32), used by every path that creates an appointment
// (staff, carrier and integration bookings, guest bookings) and every reschedule: with the facility's
// policy in list mode the PO must be open on its list, held by no other live appointment unless splits
// are allowed, and the booking's quantity within what the PO still has (refused or flagged, by the
// policy). In callback mode the customer's system answers for each booking and change (callback.ts);
// when it gives no usable answer, the facility's down policy decides. The hold (and a pending review's
// alert to staff) are items of the booking's own transaction; a cancel or no-show frees the hold in its own.
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError, ServiceUnavailableError } from '../lib/errors';
import { getFacility } from '../facilities';
import { notificationPut } from '../notifications';
import { getStoredPolicy, type StoredPolicy } from './policy.store';
import { getOrder, holdUpdate, receivedUpdate, releaseUpdate, type HoldTerms, type StoredOrder } from './order.store';
import { askCustomerSystem } from './callback';
import { bookableQuantity, poKey } from './rules';
import { facilityTimeZone, instantOf } from '../../shared/time';
import type { BookedField } from '../../shared/contracts/booking-fields';
import type { CallbackAppointment, ReferenceCheck } from '../../shared/contracts/references';

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
  bolNumber: string | null;
  scheduledDate: string;
  scheduledTimeStart: string;
  scheduledTimeEnd: string;
  typeId: string | null;
  fields: BookedField[];
}

export interface ReferenceHold {
  /** What the booking stores as its check (null: the facility does not check references). */
  check: ReferenceCheck | null;
  items: TransactItems;
  /** Why the hold failed in the transaction, read again. */
  explain: () => Promise<Error>;
}

const NO_HOLD: ReferenceHold = { check: null, items: [], explain: async () => new ConflictError('Please try again') };

const NOT_OPEN = (po: string) => `PO ${po} is not open at this facility`;
const notOpen = (po: string) => new BadRequestError(NOT_OPEN(po), { poNumber: NOT_OPEN(po) });
const REFUSED_WITHOUT_PO = "The customer's system refused this booking";
const CUSTOMER_DOWN =
  "The customer's system could not check this booking right now. Please try again in a few minutes.";
const PENDING_REVIEW = "The customer's system did not answer; booked for review";
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

/** Checks a new booking against the facility's policy and gives the items that hold its PO. */
export async function holdReference(booking: ReferenceBooking, now = new Date()): Promise<ReferenceHold> {
  const policy = await getStoredPolicy(booking.tenantId, booking.facilityId);
  if (policy?.mode === 'callback') return callbackHold(policy, booking, null, now);
  if (!booking.poNumber || !policy || policy.mode === 'off') return NO_HOLD;
  return listHold(policy, { ...booking, poNumber: booking.poNumber }, now);
}

/**
 * Checks a change of a booked appointment (its new time; PO and quantity stay): callback mode asks the
 * customer's system with the appointment as it was; otherwise nothing is asked again (no check, no items).
 */
export async function recheckReference(
  existing: ReferenceBooking & { check: ReferenceCheck | null },
  changed: ReferenceBooking,
  now = new Date(),
): Promise<ReferenceHold> {
  const policy = await getStoredPolicy(changed.tenantId, changed.facilityId);
  if (policy?.mode !== 'callback') return NO_HOLD;
  return callbackHold(policy, changed, existing, now);
}

async function listHold(
  policy: StoredPolicy,
  booking: ReferenceBooking & { poNumber: string },
  now: Date,
  via: Pick<ReferenceCheck, 'mode' | 'downPolicy'> = { mode: policy.mode },
): Promise<ReferenceHold> {
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
      ...via,
      po,
      result: over ? 'flagged' : 'ok',
      reason: over,
      quantity,
      checkedAt: now.toISOString(),
      held: true,
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

/** The appointment as the customer's system is shown it: its slot as instants in the facility's zone. */
function shown(b: ReferenceBooking, timeZone: string): CallbackAppointment {
  return {
    bookingReference: b.bookingReference,
    references: { po: b.poNumber, bol: b.bolNumber },
    start: instantOf(b.scheduledDate, b.scheduledTimeStart, timeZone).toISOString(),
    end: instantOf(b.scheduledDate, b.scheduledTimeEnd, timeZone).toISOString(),
    type: b.typeId,
    quantity: b.quantity,
    fields: b.fields.map((f) => ({ id: f.fieldId, label: f.label, value: f.value })),
  };
}

async function callbackHold(
  policy: StoredPolicy,
  booking: ReferenceBooking,
  existing: (ReferenceBooking & { check: ReferenceCheck | null }) | null,
  now: Date,
): Promise<ReferenceHold> {
  const timeZone = facilityTimeZone(await getFacility(booking.tenantId, booking.facilityId));
  const answer = await askCustomerSystem(
    {
      tenantId: booking.tenantId,
      facilityId: booking.facilityId,
      url: policy.callbackUrl!,
      sealedSecret: policy.sealedCallbackSecret!,
    },
    {
      action: existing ? 'update' : 'create',
      appointment: shown(booking, timeZone),
      existing: existing ? shown(existing, timeZone) : null,
    },
    now,
  );
  const po = booking.poNumber ? poKey(booking.poNumber) : null;
  if (answer.kind === 'refused') {
    const message = answer.message ?? (po ? NOT_OPEN(po) : REFUSED_WITHOUT_PO);
    throw new BadRequestError(message, { poNumber: message });
  }
  const checked = (
    result: ReferenceCheck['result'],
    downPolicy: ReferenceCheck['downPolicy'],
    reason: string | null = null,
  ): ReferenceHold => ({
    ...NO_HOLD,
    check: {
      mode: 'callback' as const,
      po,
      result,
      reason,
      quantity: booking.quantity,
      checkedAt: now.toISOString(),
      downPolicy,
      // A hold taken before (list mode, or the list when the system was down) stays until the booking ends.
      held: Boolean(existing?.check?.held && existing.check.po === po),
    },
  });
  if (answer.kind === 'accepted') return checked('ok', null);
  const down = policy.downPolicy ?? 'refuse';
  if (down === 'refuse') throw new ServiceUnavailableError(CUSTOMER_DOWN, 30);
  if (down === 'accept') return checked('ok', 'accept');
  if (down === 'pending_review') {
    return {
      ...checked('pending_review', 'pending_review', PENDING_REVIEW),
      items: [
        notificationPut(
          booking.tenantId,
          {
            type: 'issue',
            title: 'Reference check pending review',
            message: `${booking.bookingReference}${po ? ` (PO ${po})` : ''}: the customer's system did not answer; please review the booking`,
          },
          now,
        ),
      ],
    };
  }
  // down === 'list': the last uploaded list decides, as in list mode; a change keeps the hold it has.
  if (!booking.poNumber) return checked('ok', 'list');
  if (existing?.check?.held && existing.check.po === po)
    return {
      ...NO_HOLD,
      check: { ...existing.check, mode: 'callback', checkedAt: now.toISOString(), downPolicy: 'list' },
    };
  return listHold(policy, { ...booking, poNumber: booking.poNumber }, now, { mode: 'callback', downPolicy: 'list' });
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
  // Checks stored before `held` was kept held exactly in list mode.
  if (!check?.po || !(check.held ?? check.mode === 'list')) return [];
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
