// A carrier of the platform (issue #59): one identity keyed by its GSTIN, with its own people (owner,
// dispatcher, drivers) signing in by mobile number, linked to each hub (tenant) that works with it.
// Each hub keeps its own carrier record, appointments and drivers' personal data; a link says which
// of the hub's carrier records is this identity. Texts are the answers' English; Hindi in shared/i18n.
import * as z from 'zod/mini';
import { gstinProblem, GSTIN_MESSAGES } from '../gstin';
import { requiredText } from './fields';
import { signInCodeRequestSchema } from './auth';
import { appointmentInputSchema, type Appointment } from './appointments';
import { languageChoice, type Language } from './language';
import { CARRIER_IDENTITY_TEXTS } from './carrier-identity-texts';

export { CARRIER_IDENTITY_TEXTS };

/** A GSTIN that must be given and pass its check character (shared/gstin.ts, as at sign-up). */
export const requiredGstin = z.string({ error: CARRIER_IDENTITY_TEXTS.gstinRequired }).check(
  z.trim(),
  z.toUpperCase(),
  z.minLength(1, CARRIER_IDENTITY_TEXTS.gstinRequired),
  z.superRefine((v, ctx) => {
    const problem = gstinProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: GSTIN_MESSAGES[problem] });
  }),
);

const mobile = signInCodeRequestSchema.shape.phoneNumber;

/** The language of a carrier person's SMS (sign-in code, a hub's invitation): English unless chosen. */
const personLanguage = z._default(languageChoice, 'en');

/** A carrier registers itself: its GSTIN, its name and its owner, who signs in with the mobile number. */
export const carrierRegistrationSchema = z.strictObject({
  gstin: requiredGstin,
  name: requiredText('Carrier name is required', 120),
  ownerName: requiredText('Owner name is required', 120),
  phoneNumber: mobile,
  language: personLanguage,
});
export type CarrierRegistration = z.input<typeof carrierRegistrationSchema>;

export const CARRIER_PEOPLE_ROLES = ['owner', 'dispatcher', 'driver'] as const;
export type CarrierPersonRole = (typeof CARRIER_PEOPLE_ROLES)[number];

/** The owner adds a dispatcher (an office user who books but does not manage links or people). */
export const carrierUserInputSchema = z.strictObject({
  name: requiredText('Name is required', 120),
  phoneNumber: mobile,
  role: z.literal('dispatcher', { error: CARRIER_IDENTITY_TEXTS.roleInvalid }),
  language: personLanguage,
});

/** A driver of the carrier: the licence stays with the carrier; each hub holds its own copy when assigned. */
export const carrierDriverInputSchema = z.strictObject({
  name: requiredText('Driver name is required', 120),
  phoneNumber: mobile,
  licenseNumber: requiredText('License number is required', 30),
  language: personLanguage,
});

/** A hub invites a carrier by GSTIN or by mobile number, naming the hub's own carrier record to link. */
export const carrierInvitationSchema = z
  .strictObject({
    gstin: z.optional(requiredGstin),
    phoneNumber: z.optional(mobile),
    carrierId: requiredText(CARRIER_IDENTITY_TEXTS.carrierRecordRequired, 64),
  })
  .check(
    z.refine((v) => Boolean(v.gstin) !== Boolean(v.phoneNumber), {
      message: CARRIER_IDENTITY_TEXTS.inviteWhom,
      path: ['gstin'],
    }),
  );

/** A carrier asks a hub to link, naming the hub by its id (the hub's code shown on its booking pages). */
export const linkRequestSchema = z.strictObject({
  hubId: requiredText(CARRIER_IDENTITY_TEXTS.hubNotFound, 64),
  message: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});

/** The hub approves a carrier's request, naming its carrier record for it. */
export const linkApprovalSchema = z.strictObject({
  carrierId: requiredText(CARRIER_IDENTITY_TEXTS.carrierRecordRequired, 64),
});

/**
 * A booking at a linked hub: the hub's own appointment form (its rules apply). `carrierId` is the link's
 * record and is set by the server; `driverId` names one of the carrier's drivers (a CarrierPerson id).
 */
export const networkBookingSchema = appointmentInputSchema;
/** The body as sent, before the link's carrier record is set and the appointment form checks it. */
export const networkBookingBodySchema = z.record(z.string(), z.unknown());
export type NetworkBookingInput = Omit<z.input<typeof appointmentInputSchema>, 'carrierId'>;

export const networkBookingsQuerySchema = z.strictObject({
  date: z.string({ error: 'Date must be YYYY-MM-DD' }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD')),
  hubId: z.optional(z.string().check(z.maxLength(64))),
  status: z.optional(z.string().check(z.maxLength(32))),
});

// ---- answers

export interface CarrierIdentity {
  id: string;
  /** Null only for a carrier moved over from a hub's record that had none (the migration of issue #59). */
  gstin: string | null;
  name: string;
  createdAt: string;
}

export interface CarrierPerson {
  id: string;
  identityId: string;
  name: string;
  phoneNumber: string;
  role: CarrierPersonRole;
  /** Drivers only. */
  licenseNumber?: string | null;
  /** The language of the person's SMS; an item written before it existed has none and reads as 'en'. */
  language: Language;
  createdAt: string;
}

/** GET /api/carrier-identity/me */
export interface CarrierIdentityMe {
  identity: CarrierIdentity;
  person: CarrierPerson;
}

export type LinkStatus = 'invited' | 'requested' | 'linked';

/** A hub's view of one carrier identity it works with (invited, asking or linked). */
export interface HubCarrierLink {
  identityId: string;
  gstin: string | null;
  identityName: string;
  tenantId: string;
  hubName: string;
  /** The hub's own carrier record (null while the carrier only asks). */
  carrierId: string | null;
  status: LinkStatus;
  /** What the hub invited by (an invitation only). */
  invitedBy?: { gstin: string } | { phoneNumber: string } | null;
  message?: string | null;
  /** DPDP: the hub holds the personal data the carrier gives it (its drivers') as its own fiduciary. */
  fiduciary: string;
  createdAt: string;
  linkedAt: string | null;
}

/** A hub invitation as the carrier sees it before accepting. */
export interface CarrierInvitation {
  tenantId: string;
  hubName: string;
  createdAt: string;
}

/** "My hubs": a linked hub and what its booking form needs. */
export interface MyHub {
  tenantId: string;
  hubName: string;
  carrierId: string;
  linkedAt: string;
  facilities: { id: string; name: string; timeZone: string }[];
  /** The facility's booking rules (lead time, cut-offs, approval) keyed by facility id. */
  bookingRules: Record<string, unknown>;
  appointmentTypes: { id: string; facilityId: string; name: string }[];
}

/** One booking of the carrier, at the hub named. */
export interface NetworkBooking {
  tenantId: string;
  hubName: string;
  appointment: Appointment;
}

/** A gate pass in the driver's wallet. */
export interface WalletPass {
  tenantId: string;
  hubName: string;
  appointmentId: string;
  bookingReference: string | null;
  scheduledDate: string;
  scheduledTimeStart: string;
  facilityId: string;
  facilityName: string;
  status: string;
  /** The signed gate pass (shared/gate-pass.ts), checked offline at the hub's gate. */
  token: string;
}
