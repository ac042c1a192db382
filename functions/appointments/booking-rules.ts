// A facility's booking rules (issue #32), the one place every create, reschedule and cancel path asks:
// staff, carrier-side accounts and guests (the facility's booking link). Carriers and guests book within
// the lead time and the day-before cut-off (staff book for anyone at any time); a change or cancellation
// within the change cut-off is refused for everyone, and staff may override it, which is audited with
// the change itself. Times are on the facility's clock (shared/time.ts), so the cut-offs hold across
// IST midnight and at a month's or a year's end.
import type * as z from 'zod/mini';
import { auditPut, type Actor } from '../lib/audit';
import { ConflictError, ForbiddenError } from '../lib/errors';
import { changeAtRevision, revisionOf } from '../lib/revision';
import { listAppointmentsByDate } from './appointment.store';
import { getStoredBookingRules, putBookingRules, type StoredBookingRules } from './booking-rules.store';
import { actsForAll } from '../../shared/access';
import { addDays, facilityClock, instantOf } from '../../shared/time';
import { normalizeRegistryNumber } from '../../shared/vehicle-numbers';
import {
  BOOKING_RULE_TEXTS,
  DEFAULT_REMINDER_MINUTES,
  type BookingRules,
  type bookingRulesSchema,
} from '../../shared/contracts/appointments-booking-rules';
import { OPEN_STATUSES, type Appointment } from '../../shared/contracts/appointments';
import type { SessionUser } from '../../shared/contracts/auth';
import type { TransactItems } from './context';
import { vehicleBooked } from './vehicle-day';

const HOUR_MS = 3600_000;

const rulesView = (facilityId: string, stored: StoredBookingRules | null): BookingRules => ({
  facilityId,
  minLeadHours: stored?.minLeadHours ?? null,
  maxLeadHours: stored?.maxLeadHours ?? null,
  nextDayCutoff: stored?.nextDayCutoff ?? null,
  changeCutoffHours: stored?.changeCutoffHours ?? null,
  onePerVehiclePerDay: stored?.onePerVehiclePerDay ?? false,
  approvalRequired: stored?.approvalRequired ?? false,
  reminderMinutes: stored?.reminderMinutes ?? DEFAULT_REMINDER_MINUTES,
  revision: stored ? revisionOf(stored) : 0,
  updatedAt: stored?.updatedAt ?? null,
});

export async function bookingRulesOf(tenantId: string, facilityId: string): Promise<BookingRules> {
  return rulesView(facilityId, await getStoredBookingRules(tenantId, facilityId));
}

export function saveBookingRules(
  tenantId: string,
  facilityId: string,
  input: z.output<typeof bookingRulesSchema>,
  actor: Actor,
  now = new Date(),
): Promise<BookingRules> {
  const { revision: _seen, ...rules } = input;
  return changeAtRevision({
    read: () => getStoredBookingRules(tenantId, facilityId),
    seen: input.revision,
    view: (current) => rulesView(facilityId, current),
    apply: async (before) =>
      rulesView(facilityId, await putBookingRules(before, { tenantId, facilityId, ...rules }, actor, now)),
  });
}

type Rules = Pick<BookingRules, 'minLeadHours' | 'maxLeadHours' | 'nextDayCutoff' | 'changeCutoffHours'>;
interface Slot {
  date: string;
  start: string;
}

const msUntil = (slot: Slot, timeZone: string, now: Date) =>
  instantOf(slot.date, slot.start, timeZone).getTime() - now.getTime();

/** Why a carrier or guest may not book this slot now (lead time, day-before cut-off), or null. */
export function bookingRefusal(rules: Rules, timeZone: string, slot: Slot, now: Date): string | null {
  const ahead = msUntil(slot, timeZone, now);
  if (rules.minLeadHours !== null && ahead < rules.minLeadHours * HOUR_MS)
    return BOOKING_RULE_TEXTS.tooSoon(rules.minLeadHours);
  if (rules.maxLeadHours !== null && ahead > rules.maxLeadHours * HOUR_MS)
    return BOOKING_RULE_TEXTS.tooFar(rules.maxLeadHours);
  if (rules.nextDayCutoff !== null) {
    // A day's bookings close at the cut-off on the day before it, on the facility's clock.
    const today = facilityClock({ timeZone }, now);
    const closesOn = addDays(slot.date, -1);
    if (closesOn < today.date || (closesOn === today.date && today.time >= rules.nextDayCutoff))
      return BOOKING_RULE_TEXTS.dayClosed(slot.date, rules.nextDayCutoff);
  }
  return null;
}

/** Why an appointment starting at `slot` may no longer be changed or cancelled now, or null. */
export function changeRefusal(rules: Rules, timeZone: string, slot: Slot, now: Date): string | null {
  if (rules.changeCutoffHours === null) return null;
  return msUntil(slot, timeZone, now) < rules.changeCutoffHours * HOUR_MS
    ? BOOKING_RULE_TEXTS.changeClosed(rules.changeCutoffHours)
    : null;
}

/** Who books: staff for anyone, a carrier-side account or driver for themself, a guest by the link. */
export type Booker = { kind: 'staff' } | { kind: 'carrier' } | { kind: 'guest' };

export const bookerOf = (user: SessionUser): Booker => (actsForAll(user) ? { kind: 'staff' } : { kind: 'carrier' });

/**
 * The status a new booking starts in: at a facility that approves carrier bookings, anyone but staff
 * (a carrier's account, a booking link) waits for approval; staff bookings are confirmed at once.
 */
export const initialStatus = (rules: Pick<BookingRules, 'approvalRequired'>, booker: Booker) =>
  rules.approvalRequired && booker.kind !== 'staff' ? ('pending_approval' as const) : ('scheduled' as const);

/**
 * A late cancellation (the carrier scorecard): cancelled inside the facility's change cut-off before its
 * slot. A refused booking was never the carrier's to keep, so it is none.
 */
export function isLateCancellation(
  rules: Rules,
  timeZone: string,
  a: Pick<Appointment, 'status' | 'cancelledAt' | 'scheduledDate' | 'scheduledTimeStart' | 'approval'>,
): boolean {
  if (a.status !== 'cancelled' || !a.cancelledAt || a.approval?.decision === 'refused') return false;
  return (
    changeRefusal(rules, timeZone, { date: a.scheduledDate, start: a.scheduledTimeStart }, new Date(a.cancelledAt)) !==
    null
  );
}

/**
 * Refuses a new booking (or a move to a new slot) the facility's rules do not allow: the lead time and
 * day-before cut-off for carriers and guests, one open appointment per vehicle a day for everyone.
 */
export async function assertBookable(
  booker: Booker,
  facility: { tenantId: string; id: string; timeZone: string },
  slot: Slot,
  vehicle: { license: string | null; exceptAppointmentId?: string },
  now: Date,
): Promise<BookingRules> {
  const rules = await bookingRulesOf(facility.tenantId, facility.id);
  if (booker.kind !== 'staff') {
    const refusal = bookingRefusal(rules, facility.timeZone, slot, now);
    if (refusal) throw new ConflictError(refusal, { scheduledDate: refusal });
  }
  if (rules.onePerVehiclePerDay && vehicle.license) {
    const plate = normalizeRegistryNumber(vehicle.license);
    const sameDay = await listAppointmentsByDate(facility.tenantId, slot.date, facility.id);
    const holder = sameDay.find(
      (a) =>
        a.id !== vehicle.exceptAppointmentId &&
        OPEN_STATUSES.includes(a.status) &&
        a.vehicleLicense !== null &&
        normalizeRegistryNumber(a.vehicleLicense) === plate,
    );
    // Appointments booked before claims were kept (or while the rule was off) hold no claim
    // (vehicle-day.ts): this read finds them; the claim in the booking's transaction decides a race.
    if (holder) throw vehicleBooked(plate, slot.date);
  }
  return rules;
}

/**
 * Refuses a change or cancellation inside the change cut-off, unless staff override it: then it
 * answers the audit item that records the override, for the change's own transaction.
 */
export async function assertChangeable(
  user: SessionUser | null,
  appointment: Appointment,
  timeZone: string,
  override: boolean,
  now: Date,
): Promise<TransactItems> {
  const rules = await bookingRulesOf(appointment.tenantId, appointment.facilityId);
  const refusal = changeRefusal(
    rules,
    timeZone,
    { date: appointment.scheduledDate, start: appointment.scheduledTimeStart },
    now,
  );
  if (!refusal) return [];
  if (!override) throw new ConflictError(refusal);
  if (!user || !actsForAll(user)) throw new ForbiddenError(BOOKING_RULE_TEXTS.overrideNotAllowed);
  return [
    auditPut(
      {
        tenantId: appointment.tenantId,
        actor: { userId: user.id, username: user.username },
        action: 'booking-rules.change-cutoff-overridden',
        entityType: 'appointment',
        entityId: appointment.id,
        before: { scheduledDate: appointment.scheduledDate, scheduledTimeStart: appointment.scheduledTimeStart },
        after: { changeCutoffHours: rules.changeCutoffHours, refusal },
      },
      now,
    ),
  ];
}
