// Appointments and reschedules (guest slot bookings: appointments-guest.ts).
import * as z from 'zod/mini';
import { dateString, seenRevision, timeOfDay } from './fields';
import { requiredText } from './fields';
import type { Language } from './messaging-templates';
import type { ReferenceCheck } from './references';
import { fieldValuesSchema, type BookedField } from './booking-fields';
import { MAX_APPOINTMENT_MINUTES, windowIssues } from './appointment-times';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from './truck-flow';

export { BLOCK_MINUTES, MAX_APPOINTMENT_MINUTES } from './appointment-times';
export {
  REQUESTED_BY,
  RESCHEDULE_REASONS,
  rescheduleFormSchema,
  rescheduleInputSchema,
  type RescheduleInput,
  type RescheduleRequest,
} from './reschedules';
export {
  approveBookingSchema,
  cancelAppointmentSchema,
  CANCELLATION_REASON_MIN,
  refuseBookingSchema,
  type CancelAppointmentInput,
  type RefuseBookingInput,
} from './appointment-decisions';

export {
  APPOINTMENT_STATUSES,
  type AppointmentStatus,
  ON_SITE_STATUSES,
  OPEN_STATUSES,
  CHECKIN_STATUSES,
  type CheckinStatus,
  TRUCK_STAGES,
  type TruckStage,
  truckStage,
  nextStage,
  STATUS_TRANSITIONS,
  CHECKIN_TRANSITIONS,
  canTransition,
} from './truck-flow';

export const LOAD_TYPES = ['inbound', 'outbound'] as const;
export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const BOOKED_BY = ['carrier', 'shipper', 'transporter'] as const;

const optionalId = z.pipe(
  z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(64)))),
  z.transform((v) => (v ? v : null)),
);
export const optionalText = (max: number) =>
  z.pipe(
    z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`)))),
    z.transform((v) => (v ? v : null)),
  );
/** A count a booking may carry (pallets, cartons, units): empty is none. */
export const count = z.pipe(
  z.optional(
    z.union([
      z.literal(''),
      z.null(),
      z.coerce
        .number({ error: 'Must be a number' })
        .check(z.int('Must be a whole number'), z.gte(0, 'Must be 0 or more'), z.lte(100000)),
    ]),
  ),
  z.transform((v) => (v === '' || v === undefined ? null : v)),
);

export const appointmentInputSchema = z
  .strictObject({
    facilityId: z
      .string({ error: 'Please select a facility' })
      .check(z.trim(), z.minLength(1, 'Please select a facility'), z.maxLength(64)),
    carrierId: z
      .string({ error: 'Please select a carrier' })
      .check(z.trim(), z.minLength(1, 'Please select a carrier'), z.maxLength(64)),
    driverId: optionalId,
    /** The truck's number: a facility may hold a vehicle to one open appointment a day (booking rules). */
    vehicleLicense: optionalText(15),
    dockDoorId: optionalId,
    laborInchargeId: optionalId,
    scheduledDate: dateString('Please select a date'),
    scheduledTimeStart: timeOfDay('Please select start time'),
    scheduledTimeEnd: timeOfDay('Please select end time'),
    loadType: z._default(z.enum(LOAD_TYPES, { error: 'Load type must be inbound or outbound' }), 'inbound'),
    priority: z._default(z.enum(PRIORITIES, { error: 'Priority must be low, normal, high or urgent' }), 'normal'),
    bookedBy: z._default(z.enum(BOOKED_BY, { error: 'Booked by must be carrier, shipper or transporter' }), 'carrier'),
    poNumber: optionalText(40),
    bolNumber: optionalText(40),
    palletCount: count,
    cartonCount: count,
    /** Units of the PO this booking brings (issue #32: counted in the PO's ledger). */
    quantity: count,
    estimatedDuration: z._default(
      z.coerce.number({ error: 'Minimum 15 minutes' }).check(
        z.int(),
        z.gte(15, 'Minimum 15 minutes'),
        z.lte(MAX_APPOINTMENT_MINUTES, 'At most 480 minutes'),
        z.refine((v) => v % 15 === 0, 'Duration must be in steps of 15 minutes'),
      ),
      60,
    ),
    specialInstructions: optionalText(500),
    handlingEquipmentNotes: optionalText(500),
    /** The facility's appointment type (issue #32): its duration rule sets the end, from `quantity`. */
    typeId: optionalId,
    /** Answers to the facility's custom booking fields, by field id. */
    fields: fieldValuesSchema,
  })
  .check(z.superRefine((v, ctx) => windowIssues(v.scheduledTimeStart, v.scheduledTimeEnd, ctx, 'scheduledTimeEnd')));
export type AppointmentInput = z.input<typeof appointmentInputSchema>;

/** A walk-in: the appointment is created for now, then the check-in links to it. */
export const walkInAppointmentSchema = z.strictObject({
  facilityId: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  carrierName: requiredText('Carrier name is required', 120),
  loadType: z._default(z.enum(LOAD_TYPES), 'inbound'),
  poNumber: optionalText(40),
  bolNumber: optionalText(40),
});

export const availabilityCheckSchema = z
  .object({
    facilityId: z
      .string({ error: 'Please select a facility' })
      .check(z.trim(), z.minLength(1, 'Please select a facility'), z.maxLength(64)),
    date: dateString('Please select a date'),
    timeStart: timeOfDay('Please select start time'),
    timeEnd: timeOfDay('Please select end time'),
    dockDoorId: z.optional(z.string().check(z.maxLength(64))),
    excludeAppointmentId: z.optional(z.string().check(z.maxLength(64))),
  })
  .check(z.superRefine((v, ctx) => windowIssues(v.timeStart, v.timeEnd, ctx, 'timeEnd')));

export const statusChangeSchema = z.strictObject({
  status: z.enum(APPOINTMENT_STATUSES, { error: `Status must be one of ${APPOINTMENT_STATUSES.join(', ')}` }).check(
    z.refine((s) => s !== 'cancelled', 'An appointment is cancelled with a reason: use Cancel Appointment'),
    z.refine(
      (s) => s !== 'scheduled' && s !== 'pending_approval',
      'A booking awaiting approval is approved or refused: use Approve or Refuse',
    ),
  ),
  revision: seenRevision,
});

export const equipmentAssignmentSchema = z.strictObject({ equipmentId: requiredText('Please select equipment', 64) });

/** Punctuality of an arrival: early (more than 15 minutes before the start), on time, or late. */
export type ArrivalOutcome = 'early' | 'onTime' | 'late';

/** An early truck kept its appointment as much as an on-time one: both count in on-time rates (the
 * dashboard's, analytics' and each carrier's). */
export function isPunctual(outcome: ArrivalOutcome | null): boolean {
  return outcome === 'early' || outcome === 'onTime';
}

export interface Appointment {
  id: string;
  tenantId: string;
  facilityId: string;
  facilityName: string;
  carrierId: string | null;
  carrierName: string | null;
  driverId: string | null;
  driverName: string | null;
  driverPhone: string | null;
  vehicleLicense: string | null;
  dockDoorId: string | null;
  doorNumber: string | null;
  laborInchargeId: string | null;
  scheduledDate: string;
  scheduledTimeStart: string;
  scheduledTimeEnd: string;
  loadType: (typeof LOAD_TYPES)[number];
  priority: (typeof PRIORITIES)[number];
  bookedBy: string;
  bookingType: 'staff' | 'guest' | 'walk_in';
  bookingReference: string;
  slotId: string | null;
  poNumber: string | null;
  bolNumber: string | null;
  palletCount: number | null;
  cartonCount: number | null;
  /** Units of the PO the booking brings (issue #32); absent on bookings from before it was asked. */
  quantity?: number | null;
  /** The PO check made at booking (issue #32); null or absent when the facility does not check. */
  referenceCheck?: ReferenceCheck | null;
  estimatedDuration: number;
  /** The appointment type (issue #32); absent or null: booked without one. */
  typeId?: string | null;
  /** The load's minutes by its type's rule, on the grid; absent: the window's length. */
  durationMinutes?: number | null;
  /** The answers to the custom booking fields, as the fields read when booked. */
  fields?: BookedField[];
  /** The facility booking link it was booked through (issue #32); absent or null: not through one. */
  bookingLinkId?: string | null;
  specialInstructions: string | null;
  handlingEquipmentNotes: string | null;
  equipmentIds: string[];
  status: AppointmentStatus;
  canReschedule: boolean;
  rescheduleCount: number;
  maxReschedules: number;
  guest: {
    ownerType: string;
    ownerName: string | null;
    ownerContactNumber: string | null;
    vehicleType: string;
    capacityTons: number;
    driverLicense: string;
    goodsType: string | null;
    ewayBill: string | null;
    expectedArrivalDate: string;
    /** The guest's language at booking (absent on bookings made before it was kept: English). */
    language?: Language;
  } | null;
  /** When retention masked the person of this closed appointment (issue #36); absent: not masked. */
  personalFieldsMaskedAt?: string;
  arrivedAt: string | null;
  arrivalOutcome: ArrivalOutcome | null;
  loadingStartedAt: string | null;
  departedAt: string | null;
  cancelledAt: string | null;
  cancellationReason: string | null;
  /** Staff's decision on a carrier's booking that awaited approval (issue #32); absent: none was needed. */
  approval?: { decision: 'approved' | 'refused'; decidedBy: string; decidedAt: string; reason: string | null };
  /** The reschedule request awaiting a decision, if any (at most one per appointment). */
  pendingRescheduleId: string | null;
  /** The door time a late truck holds from its arrival (issue #52.5); absent: its window's. */
  doorTime?: { date: string; start: string; end: string } | null;
  /** Gate compliance checked at booking (issue #21): what would stop the truck at the gate, early. */
  gateHint?: { decision: 'ALLOW' | 'HOLD' | 'DENY' | 'NOT_CHECKED'; messages: string[]; checkedAt: string } | null;
  /** In the lists only: the truck's check-in is held at the gate (shared/contracts/gate.ts heldAtGate), and why. */
  gateHold?: { reasons: string[] };
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  /** functions/lib/revision.ts; an appointment from before revisions has none (revision 0). */
  revision?: number;
}

/**
 * Reschedule eligibility (narrowed so that once the truck has arrived, or the
 * appointment is over, there is nothing left to move); the server enforces the same rule.
 */
export function isReschedulable(
  a: Pick<Appointment, 'canReschedule' | 'status' | 'rescheduleCount' | 'maxReschedules'>,
): boolean {
  return a.canReschedule && a.status === 'scheduled' && a.rescheduleCount < a.maxReschedules;
}

/** 'no_show' -> 'no-show', for messages. */
export function statusLabel(status: string): string {
  return status.replace('_', '-');
}

/** The dashboard's Report Issue: a note about one of today's appointments. */
export const issueReportSchema = z.strictObject({
  description: z.pipe(
    requiredText('Please describe the issue (at least 5 characters)', 500),
    z.string().check(z.minLength(5, 'Please describe the issue (at least 5 characters)')),
  ),
});
/** The Report Issue form: the appointment it is about, then the note. */
export const issueReportFormSchema = z.extend(issueReportSchema, {
  appointmentId: requiredText('Please select an appointment', 64),
});
