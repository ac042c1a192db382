// One open appointment per vehicle per day (issue #52.6), where the facility's booking rules ask for it:
// the read check of assertBookable (booking-rules.ts) gives the clear answer and covers appointments
// booked before claims existed (or while the rule was off); the claim of vehicle-day.store.ts, put in
// the booking's own transaction on every path (staff, carrier portal, guest, booking link, walk-in, a
// reschedule to another day), decides a race. An appointment that is no longer open (cancelled, no-show,
// departed) releases its claim in the transaction of that change, so the vehicle may be booked again.
import { ConflictError, RevisionConflictError } from '../lib/errors';
import { vehicleDayClaimDelete, vehicleDayClaimPut, vehicleDayHolder, type VehicleDay } from './vehicle-day.store';
import { normalizeRegistryNumber } from '../../shared/vehicle-numbers';
import { BOOKING_RULE_TEXTS, type BookingRules } from '../../shared/contracts/appointments-booking-rules';
import { OPEN_STATUSES, type Appointment } from '../../shared/contracts/appointments';
import type { TransactItems } from './context';

type Dated = Pick<Appointment, 'tenantId' | 'facilityId' | 'scheduledDate' | 'vehicleLicense'>;

/** The vehicle's day an appointment is on (null: it names no vehicle). */
export function vehicleDayOf(a: Dated): VehicleDay | null {
  const plate = a.vehicleLicense ? normalizeRegistryNumber(a.vehicleLicense) : '';
  return plate ? { tenantId: a.tenantId, facilityId: a.facilityId, date: a.scheduledDate, plate } : null;
}

/** The refusal of a second open appointment of a vehicle on a day (on the vehicle number field). */
export function vehicleBooked(plate: string, date: string): ConflictError {
  const refusal = BOOKING_RULE_TEXTS.vehicleBooked(plate, date);
  return new ConflictError(refusal, { vehicleNumber: refusal });
}

export interface VehicleDayClaim {
  /** Items for the booking's transaction. */
  items: TransactItems;
  /** The refusal of a failed item of `items`, by its index there. */
  refusal: (index: number) => Error;
}

const sameDay = (a: VehicleDay | null, b: VehicleDay | null) =>
  Boolean(a && b && a.date === b.date && a.plate === b.plate && a.facilityId === b.facilityId);

/**
 * Items that release the vehicle's day an appointment holds, if it holds one (a missing claim, or
 * another's, is left alone): read first, since only that appointment's own changes move its claim.
 */
export async function releaseVehicleDay(a: Appointment): Promise<TransactItems> {
  const day = vehicleDayOf(a);
  return day && (await vehicleDayHolder(day)) === a.id ? [vehicleDayClaimDelete(day, a.id)] : [];
}

/**
 * The claim of the vehicle's day of an appointment as it will be (`after`), moved from the day it held
 * (`before`, null for a new appointment) when that differs; nothing is claimed where the facility's rules
 * let a vehicle hold more than one open appointment a day.
 */
export async function claimVehicleDay(
  rules: Pick<BookingRules, 'onePerVehiclePerDay'>,
  after: Appointment,
  before: Appointment | null = null,
): Promise<VehicleDayClaim> {
  const day = vehicleDayOf(after);
  const released = before && !sameDay(vehicleDayOf(before), day) ? await releaseVehicleDay(before) : [];
  const claimed =
    day && rules.onePerVehiclePerDay && OPEN_STATUSES.includes(after.status) ? [vehicleDayClaimPut(day, after.id)] : [];
  return {
    items: [...released, ...claimed],
    refusal: (index) => (index < released.length ? new RevisionConflictError() : vehicleBooked(day!.plate, day!.date)),
  };
}
