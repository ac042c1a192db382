// A reschedule: the staff move or the request (driver, carrier) and its decision.
import * as z from 'zod/mini';
import { dateString, requiredText, timeOfDay } from './fields';
import { overrideCutoff, windowIssues } from './appointment-times';

export const RESCHEDULE_REASONS = ['traffic', 'weather', 'breakdown', 'schedule_change', 'admin_request'] as const;
export const REQUESTED_BY = ['driver', 'carrier', 'admin'] as const;

const rescheduleFields = {
  newDate: dateString('Please select a new date'),
  newTimeStart: timeOfDay('Please select new start time'),
  newTimeEnd: timeOfDay('Please select new end time'),
  reason: z.enum(RESCHEDULE_REASONS, { error: 'Please choose a reason' }),
  reasonDetails: requiredText('Please provide detailed reason (minimum 10 characters)', 500).check(
    z.minLength(10, 'Please provide detailed reason (minimum 10 characters)'),
  ),
  requestedBy: z._default(z.enum(REQUESTED_BY), 'carrier'),
  /** Staff only: move inside the facility's change cut-off (audited). */
  overrideCutoff: overrideCutoff,
};
const rescheduleWindow = (v: { newTimeStart?: string; newTimeEnd?: string }, ctx: z.core.$RefinementCtx) =>
  windowIssues(v.newTimeStart, v.newTimeEnd, ctx, 'newTimeEnd');

export const rescheduleInputSchema = z.strictObject(rescheduleFields).check(z.superRefine(rescheduleWindow));
export type RescheduleInput = z.input<typeof rescheduleInputSchema>;

/** The reschedule form: the appointment is chosen in the form, then posted to its own path. */
export const rescheduleFormSchema = z
  .object({ appointmentId: requiredText('Appointment ID is required'), ...rescheduleFields })
  .check(z.superRefine(rescheduleWindow));

export interface RescheduleRequest {
  id: string;
  tenantId: string;
  appointmentId: string;
  bookingReference: string;
  driverId: string | null;
  originalDate: string;
  originalTimeStart: string;
  originalTimeEnd: string;
  newDate: string;
  newTimeStart: string;
  newTimeEnd: string;
  reason: (typeof RESCHEDULE_REASONS)[number];
  reasonDetails: string;
  requestedBy: (typeof REQUESTED_BY)[number];
  status: 'pending' | 'approved' | 'denied';
  createdAt: string;
  createdBy: string;
  decidedAt: string | null;
  decidedBy: string | null;
  /** Set when the request was closed without a decision (its appointment moved past scheduled). */
  decisionReason: string | null;
}
