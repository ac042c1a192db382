// The rules of a driver's rights (issue #36), pure: when an erasure is due, when it must wait, and
// the pseudonym that stands for an erased person in the records the facility keeps.
import { createHmac } from 'node:crypto';
import { ON_SITE_STATUSES, type AppointmentStatus } from '../../shared/contracts/appointments';
import { addDays, DEFAULT_TIME_ZONE, localDateTime } from '../../shared/time';

/** Days a facility has to answer an erasure request (DPDP Rules: without undue delay; we promise 30). */
export const ERASURE_DUE_DAYS = 30;

/** The last day (in India) to answer a request made at `requestedAt`. */
export const erasureDueDate = (requestedAt: Date): string =>
  addDays(localDateTime(requestedAt, DEFAULT_TIME_ZONE).date, ERASURE_DUE_DAYS);

export const heldReason = (bookingReference: string) =>
  `Held: an appointment of this driver is in progress (${bookingReference}); the data can be erased when it ends`;

/** Why an erasure must wait (an appointment whose truck is on site), or null when it can go ahead. */
export function erasureHold(appointments: { status: AppointmentStatus; bookingReference: string }[]): string | null {
  const inProgress = appointments.find((a) => ON_SITE_STATUSES.includes(a.status));
  return inProgress ? heldReason(inProgress.bookingReference) : null;
}

/**
 * "Driver #7f3a": a keyed hash of the tenant and the driver, so the same person is the same pseudonym
 * in every record and across requests, and nobody without the key can go back from it to the person.
 */
export function pseudonymOf(key: string, tenantId: string, driverId: string): string {
  return `Driver #${createHmac('sha256', key).update(`${tenantId}\n${driverId}`).digest('hex').slice(0, 4)}`;
}
