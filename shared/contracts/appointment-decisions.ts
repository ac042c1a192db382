// An appointment's ending or decision by a person: cancelling it (a reason required) and the staff's
// approval or refusal of a carrier's booking awaiting approval (issue #32). Re-exported by appointments.ts.
import * as z from 'zod/mini';
import { seenRevision } from './fields';
import { overrideCutoff } from './appointment-times';

export const CANCELLATION_REASON_MIN = 5;

/** Cancelling an appointment (staff, or the driver it is booked for): the reason is required. */

export const cancelAppointmentSchema = z.strictObject({
  reason: z
    .string({ error: 'Please give a reason for cancelling' })
    .check(
      z.trim(),
      z.minLength(1, 'Please give a reason for cancelling'),
      z.minLength(
        CANCELLATION_REASON_MIN,
        `Please give a reason for cancelling (minimum ${CANCELLATION_REASON_MIN} characters)`,
      ),
      z.maxLength(500, 'Must be at most 500 characters'),
    ),
  /** Staff only: cancel inside the facility's change cut-off (audited). */
  overrideCutoff: overrideCutoff,
});
export type CancelAppointmentInput = z.input<typeof cancelAppointmentSchema>;

/** Approving a carrier's booking awaiting approval: at the revision the screen showed. */
export const approveBookingSchema = z.strictObject({ revision: seenRevision });

/** Refusing a carrier's booking awaiting approval: the reason is required and sent to the carrier. */
export const refuseBookingSchema = z.strictObject({
  reason: z
    .string({ error: 'Please give a reason for refusing (minimum 5 characters)' })
    .check(
      z.trim(),
      z.minLength(
        CANCELLATION_REASON_MIN,
        `Please give a reason for refusing (minimum ${CANCELLATION_REASON_MIN} characters)`,
      ),
      z.maxLength(500, 'Must be at most 500 characters'),
    ),
  revision: seenRevision,
});
export type RefuseBookingInput = z.input<typeof refuseBookingSchema>;
