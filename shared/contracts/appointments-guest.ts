// Guest slot bookings (a driver or transporter without an account, through the landing page or a
// facility's booking link) and the confirmation the guest keeps.
import * as z from 'zod/mini';
import { count, LOAD_TYPES, optionalText } from './appointments';
import { LANGUAGES } from './messaging-templates';
import { fieldValuesSchema } from './booking-fields';
import { consentSchema } from './privacy-notice';

export const OWNER_TYPES = ['Driver', 'TruckOwner', 'Transporter'] as const;
export const VEHICLE_TYPES = ['Truck', 'Trailer', 'Container', 'Van', 'Tanker'] as const;
export const GUEST_MISSING_INFORMATION = 'Please fill in all required fields and select a time slot';
export const OWNER_NAME_REQUIRED = 'Owner name is required';

const required = (max: number) =>
  z
    .string({ error: GUEST_MISSING_INFORMATION })
    .check(z.trim(), z.minLength(1, GUEST_MISSING_INFORMATION), z.maxLength(max, `Must be at most ${max} characters`));

export const guestBookingSchema = z
  .strictObject({
    ownerType: z.enum(OWNER_TYPES, { error: GUEST_MISSING_INFORMATION }),
    vehicleNumber: z
      .pipe(
        required(15),
        z.transform((v) => v.toUpperCase().replace(/\s+/g, '')),
      )
      .check(z.refine((v) => /^[A-Z0-9-]{4,15}$/.test(v), 'Enter the vehicle number as on the plate, e.g. MH12AB1234')),
    vehicleType: z.enum(VEHICLE_TYPES, { error: GUEST_MISSING_INFORMATION }),
    capacityTons: z.coerce
      .number({ error: GUEST_MISSING_INFORMATION })
      .check(z.gt(0, 'Capacity must be more than 0 tons'), z.lte(100, 'Capacity must be at most 100 tons')),
    driverName: required(120),
    driverLicense: required(30),
    mobileNumber: required(20).check(z.refine((v) => /^\+?[\d\s-]{10,16}$/.test(v), 'Enter a valid mobile number')),
    ownerName: optionalText(120),
    ownerContactNumber: optionalText(20),
    loadType: z._default(z.enum(LOAD_TYPES), 'inbound'),
    goodsType: optionalText(80),
    poNumber: optionalText(40),
    /** Units of the PO the truck brings (issue #32: counted in the PO's ledger). */
    quantity: count,
    ewayBill: optionalText(20),
    /** The facility's appointment type and its answers to the custom booking fields (issue #32). */
    typeId: z.pipe(
      z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(64)))),
      z.transform((v) => (v ? v : null)),
    ),
    fields: fieldValuesSchema,
    expectedArrivalDate: z.string({ error: GUEST_MISSING_INFORMATION }).check(
      z.minLength(1, GUEST_MISSING_INFORMATION),
      z.maxLength(40),
      z.refine((v) => !Number.isNaN(Date.parse(v)), GUEST_MISSING_INFORMATION),
    ),
    slotId: required(40),
    bookingType: z._default(z.literal('guest'), 'guest'),
    priority: z._default(z.literal('normal'), 'normal'),
    /** The booking link's facility ('tenantId/facilityId'); the platform's guest facility when absent. */
    facility: z.optional(z.string().check(z.maxLength(140))),
    /** The language the guest booked in: their confirmation SMS is written in it. */
    language: z._default(z.enum(LANGUAGES, { error: 'Unknown language: use en or hi' }), 'en'),
    /** The privacy notice the guest saw and their messaging opt-ins (issue #36); the booking never depends on them. */
    consent: z.optional(consentSchema),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.ownerType !== 'Driver' && !v.ownerName)
        ctx.addIssue({ code: 'custom', path: ['ownerName'], message: OWNER_NAME_REQUIRED });
    }),
  );
export type GuestBookingInput = z.input<typeof guestBookingSchema>;

/**
 * What the guest's confirmation panel shows (issue #29.1): whom and where they booked, when (the
 * facility's day and times, with its zone for the calendar file), the door once one is known, and the
 * signed gate pass to show at the gate (none once the booking is no longer scheduled).
 */
export interface GuestBookingConfirmation {
  confirmationCode: string;
  tenantName: string;
  facilityName: string;
  address: string | null;
  timeZone: string;
  slotDate: string;
  startTime: string;
  endTime: string;
  /** The slot's start and end as UTC instants (for the calendar file). */
  startsAt: string;
  endsAt: string;
  doorNumber: string | null;
  /** A booking-link booking at a facility that approves carrier bookings: no gate pass until staff approve it. */
  awaitingApproval: boolean;
  /** `expiresAt`: the pass's last valid instant (its `exp`), as UTC. */
  gatePass: { token: string; qrSvg: string; expiresAt: string } | null;
  /** The pass link's token (issue #31): /pass/<token> shows the pass and keeps it on the phone for offline use. */
  passLink: string | null;
  /** The token of the guest's message choices page (issue #36): /privacy/choices/<token>; null without a mobile number. */
  choicesLink: string | null;
}

/**
 * A pass or link is offered for printing (or download) only when it is still valid when the slot it
 * is for ends (issue #29): a printed pass that lapses during the slot would be refused at the gate.
 */
export const validThroughSlot = (expiresAt: string, slotEndsAt: string) =>
  Date.parse(expiresAt) >= Date.parse(slotEndsAt);
