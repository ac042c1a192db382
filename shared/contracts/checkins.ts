// Driver check-ins.
import * as z from 'zod/mini';
import { CHECKIN_STATUSES, LOAD_TYPES, type CheckinStatus } from './appointments';
import { ewayBillField, licenceField, type GateOutcome } from './gate';
import { seenRevision } from './fields';
import { toIndianE164 } from './messaging';
import { consentSchema } from './privacy-notice';
import { fromMinutes, toMinutes } from '../time';

export { CHECKIN_STATUSES, CHECKIN_TRANSITIONS, type CheckinStatus } from './appointments';
export const CHECKIN_METHODS = ['qr_code', 'manual', 'tablet'] as const;

/**
 * How long before its scheduled start an appointment may be checked in (on its own day only); a truck
 * standing at a door likewise keeps that door from windows starting within this time (the door rule).
 */
export const EARLY_CHECKIN_MINUTES = 120;

/** The local time ('HH:mm') from which an appointment starting at `start` may check in (its day's 00:00 at the earliest); the gate pass is valid from it too. */
export const checkinOpensAt = (start: string) => fromMinutes(Math.max(0, toMinutes(start) - EARLY_CHECKIN_MINUTES));

const optionalText = (max: number) =>
  z.pipe(
    z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`)))),
    z.transform((v) => (v ? v : null)),
  );

/** The driver and the vehicle a check-in names, by appointment or as a walk-in. */
const driverNameField = z
  .string({ error: 'Driver name is required' })
  .check(z.trim(), z.minLength(1, 'Driver name is required'), z.maxLength(120));
const vehicleLicenseField = z.pipe(
  z
    .string({ error: 'Vehicle license is required' })
    .check(z.trim(), z.minLength(1, 'Vehicle license is required'), z.maxLength(20)),
  z.transform((v) => v.toUpperCase()),
);

export const quickCheckinSchema = z.strictObject({
  appointmentId: z
    .string({ error: 'Please select an appointment' })
    .check(z.trim(), z.minLength(1, 'Please select an appointment'), z.maxLength(64)),
  driverName: driverNameField,
  vehicleLicense: vehicleLicenseField,
  dockDoorId: optionalText(64),
  notes: optionalText(500),
  // Gate compliance (#21): the driver's licence and the e-way bill, checked against the registries when the tenant has ULIP set up.
  driverLicense: licenceField,
  ewayBill: ewayBillField,
  status: z._default(z.literal('checked_in'), 'checked_in'),
});

export const walkInCheckinSchema = z.strictObject({
  driverName: driverNameField,
  vehicleLicense: vehicleLicenseField,
  carrierName: z
    .string({ error: 'Carrier name is required' })
    .check(z.trim(), z.minLength(1, 'Carrier name is required'), z.maxLength(120)),
  loadType: z._default(z.enum(LOAD_TYPES, { error: 'Load type must be inbound or outbound' }), 'inbound'),
  poNumber: optionalText(40),
  bolNumber: optionalText(40),
  dockDoorId: optionalText(64),
  notes: optionalText(500),
  driverLicense: licenceField,
  ewayBill: ewayBillField,
  /** The driver's mobile number, when they give it at the gate; their consent (issue #36) is recorded against it. */
  driverPhone: optionalText(20).check(z.refine((v) => !v || toIndianE164(v) !== null, 'Enter a valid mobile number')),
  consent: z.optional(consentSchema),
});

export const checkinStatusSchema = z.strictObject({
  status: z.enum(CHECKIN_STATUSES, { error: `Status must be one of ${CHECKIN_STATUSES.join(', ')}` }),
  revision: seenRevision,
});

/** A dock door for a check-in that has none yet (a walk-in that came without one). */
export const checkinDoorSchema = z.strictObject({
  dockDoorId: z
    .string({ error: 'Please select a dock door' })
    .check(z.trim(), z.minLength(1, 'Please select a dock door'), z.maxLength(64)),
  revision: seenRevision,
});

export const selfCheckinSchema = z.strictObject({ checkInTime: z.optional(z.string().check(z.maxLength(40))) });

export const qrCheckinSchema = z.strictObject({
  token: z
    .string({ error: 'This check-in code is not valid' })
    .check(z.minLength(10, 'This check-in code is not valid'), z.maxLength(600)),
  bookingReference: z.optional(z.string().check(z.trim(), z.maxLength(30))),
  mobileNumber: z.optional(z.string().check(z.trim(), z.maxLength(20))),
});

export interface Checkin {
  id: string;
  tenantId: string;
  facilityId: string;
  appointmentId: string;
  bookingReference: string;
  driverId: string | null;
  driverName: string;
  vehicleLicense: string | null;
  carrierName: string | null;
  dockDoorId: string | null;
  doorNumber: string | null;
  notes: string | null;
  status: CheckinStatus;
  checkinMethod: (typeof CHECKIN_METHODS)[number];
  checkInTime: string;
  atDockAt: string | null;
  completedAt: string | null;
  departedAt: string | null;
  createdAt: string;
  createdBy: string | null;
  /** The gate compliance decision (#21); absent when the tenant has no ULIP set up. */
  gate?: GateOutcome | null;
  /** functions/lib/revision.ts; a check-in from before revisions has none (revision 0). */
  revision?: number;
  /**
   * A check-in synced from a gate device or a driver's phone (issue #52.4): the time the device claims
   * it happened (checkInTime follows it) and the server's time when it arrived.
   */
  claimedAt?: string;
  receivedAt?: string;
}
