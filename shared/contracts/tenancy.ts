// SaaS tenancy (issue #18): organisation sign-up, the trial and plan, invitations, memberships of
// several tenants, facility links. Request schemas shared by the sign-up screens and the functions.
import * as z from 'zod/mini';
import { isValidTimeZone, DEFAULT_TIME_ZONE } from '../time';
import { GSTIN_MESSAGES, gstinProblem } from '../gstin';
import { optionalText, requiredText } from './fields';

export const TRIAL_DAYS = 30;
export const PLANS = ['starter', 'growth', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** Roles a tenant administrator may invite staff with. */
export const INVITABLE_ROLES = [
  'admin',
  'operations',
  'yard_manager',
  'operations_manager',
  'warehouse_manager',
  'security_officer',
  'spectator',
] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const TENANCY_TEXTS = {
  emailTaken: 'An account with this email address already exists. Sign in instead, or use another email address.',
  phoneTaken: 'An account with this mobile number already exists. Sign in instead, or use another mobile number.',
  signupAccepted: 'We sent a 6-digit code to your email address. Enter it to start your 30-day free trial.',
  wrongCode: 'The verification code is not valid or has expired',
  trialEnded: 'Your free trial has ended. Your hub is read-only until your plan is set up: contact us to choose one.',
  invitationInvalid: 'This invitation link is not valid. Ask your administrator for a new invitation.',
  invitationUsed: 'This invitation was already used. Sign in with your account.',
  invitationExpired: 'This invitation has expired. Ask your administrator for a new invitation.',
  invitationRevoked: 'This invitation was revoked. Ask your administrator for a new invitation.',
  linkInvalid: 'This facility link is not valid. Ask the hub for its current link.',
  linkReplaced: 'The link was replaced by someone else meanwhile. Reload the page to see the current link.',
  registrationNeedsLink:
    'Registration needs your hub\u2019s link. Open the registration link or QR code your hub shared with you.',
  notMember: 'You are not a member of this organisation',
  tooMany: 'Too many attempts from this network. Please try again later.',
} as const;

const email = z.pipe(
  z.email('Please enter a valid email address').check(z.maxLength(254)),
  z.transform((v) => v.toLowerCase()),
);
const mobile = z
  .string({ error: 'Enter a valid 10-digit mobile number' })
  .check(z.trim(), z.regex(/^(\+91[\s-]?)?[6-9]\d{4}[\s-]?\d{5}$/, 'Enter a valid 10-digit mobile number'));
const optionalMobile = z.pipe(
  z.optional(z.union([z.literal(''), z.null(), mobile])),
  z.transform((v) => (v ? v : null)),
);

/** At least 8 characters with a letter and a digit; never the e-mail address itself. */
export const strongPassword = z.string({ error: 'Password must be at least 8 characters' }).check(
  z.minLength(8, 'Password must be at least 8 characters'),
  z.maxLength(128, 'Password must be at most 128 characters'),
  z.refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), 'Password must contain at least one letter and one number'),
);

/** An optional GSTIN (sign-up, carriers): blank is none; otherwise it must pass shared/gstin.ts. */
export const gstin = z
  .pipe(
    z.optional(z.union([z.literal(''), z.null(), z.string().check(z.trim(), z.toUpperCase())])),
    z.transform((v) => (v ? v : null)),
  )
  .check(
    z.superRefine((v, ctx) => {
      const problem = v ? gstinProblem(v) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: GSTIN_MESSAGES[problem] });
    }),
  );

/**
 * The first facility's dock doors, made at sign-up (D01, D02 ...; more are added under Facilities). At
 * most 40: they are written in the sign-up's one transaction with the tenant, its admin and the
 * facility, under DynamoDB's 100 items.
 */
export const SIGNUP_MAX_DOORS = 40;
const DOOR_COUNT = 'Enter the number of dock doors, from 1 to 40';

const signupFields = {
  companyName: requiredText('Company name is required', 120),
  gstin,
  firstName: requiredText('First name is required', 60),
  lastName: requiredText('Last name is required', 60),
  email,
  phoneNumber: mobile,
  password: strongPassword,
  facilityName: requiredText('Facility name is required', 120),
  facilityCity: requiredText('City is required', 80),
  facilityState: requiredText('State is required', 80),
  dockDoors: z.coerce
    .number({ error: DOOR_COUNT })
    .check(z.int(DOOR_COUNT), z.gte(1, DOOR_COUNT), z.lte(SIGNUP_MAX_DOORS, DOOR_COUNT)),
  timeZone: z
    ._default(z.string().check(z.trim()), DEFAULT_TIME_ZONE)
    .check(z.refine(isValidTimeZone, 'Unknown time zone')),
};

const notTheEmail = (v: { email: string; password: string }) => v.password.toLowerCase() !== v.email.toLowerCase();
const NOT_THE_EMAIL = { message: 'Password must not be your email address', path: ['password'] };

/** POST /api/signup. */
export const signupSchema = z.strictObject(signupFields).check(z.refine(notTheEmail, NOT_THE_EMAIL));
export type SignupInput = z.input<typeof signupSchema>;

/** The sign-up form (with the password confirmation, never sent). */
export const signupFormSchema = z
  .object({
    ...signupFields,
    timeZone: z.string({ error: 'Unknown time zone' }).check(z.trim(), z.refine(isValidTimeZone, 'Unknown time zone')),
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .check(z.minLength(1, 'Please confirm your password')),
  })
  .check(
    z.refine(notTheEmail, NOT_THE_EMAIL),
    z.refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] }),
  );
export type SignupForm = z.input<typeof signupFormSchema>;

export const emailCodeSchema = z.strictObject({
  email,
  code: z.string({ error: 'Enter the 6-digit code' }).check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code')),
});
export const resendCodeSchema = z.strictObject({ email });

export interface SignupAnswer {
  message: string;
  email: string;
}

/** POST /api/invitations: by e-mail or mobile (at least one), with a role. */
export const invitationSchema = z
  .strictObject({
    email: z.pipe(
      z.optional(z.union([z.literal(''), z.null(), email])),
      z.transform((v) => (v ? v : null)),
    ),
    phoneNumber: optionalMobile,
    role: z.enum(INVITABLE_ROLES, { error: 'Please choose a role' }),
  })
  .check(
    z.refine((v) => v.email || v.phoneNumber, {
      message: 'Enter an email address or a mobile number',
      path: ['email'],
    }),
  );
export type InvitationInput = z.input<typeof invitationSchema>;

const invitationToken = z
  .string({ error: TENANCY_TEXTS.invitationInvalid })
  .check(z.regex(/^[A-Za-z0-9_-]{30,60}$/, TENANCY_TEXTS.invitationInvalid));
export const invitationTokenSchema = z.strictObject({ token: invitationToken });

/** Accepting: a new account names itself and sets a password; an existing account proves its password. */
export const acceptInvitationSchema = z.strictObject({
  token: invitationToken,
  firstName: optionalText(60),
  lastName: optionalText(60),
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(1, 'Password is required'), z.maxLength(128, 'Password must be at most 128 characters')),
});
export const acceptInvitationFormSchema = z.object({
  firstName: z._default(z.string().check(z.trim(), z.maxLength(60)), ''),
  lastName: z._default(z.string().check(z.trim(), z.maxLength(60)), ''),
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(128)),
  confirmPassword: z
    .string({ error: 'Please confirm your password' })
    .check(z.minLength(1, 'Please confirm your password')),
});

export const switchTenantSchema = z.strictObject({
  tenantId: z
    .string({ error: TENANCY_TEXTS.notMember })
    .check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, TENANCY_TEXTS.notMember)),
});
export const planSchema = z.strictObject({ plan: z.enum(PLANS, { error: `Plan must be one of ${PLANS.join(', ')}` }) });

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

export interface InvitationView {
  id: string;
  email: string | null;
  phoneNumber: string | null;
  role: InvitableRole;
  status: InvitationStatus | 'expired';
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
}

export interface InvitationPreview {
  tenantName: string;
  role: InvitableRole;
  email: string | null;
  phoneNumber: string | null;
  /** The invited address already signs in: accepting adds this organisation to that login. */
  existingAccount: boolean;
}

export interface TenantView {
  id: string;
  name: string;
  gstin: string | null;
  plan: Plan | null;
  trialEndsAt: string | null;
  /** Null while the tenant may change data; the reason otherwise. */
  readOnly: string | null;
}

export interface MembershipView {
  tenantId: string;
  tenantName: string;
  role: string;
  current: boolean;
}

export interface FacilityLinkView {
  facilityId: string;
  token: string;
}

export interface FacilityLinkInfo {
  token: string;
  tenantName: string;
  facilityName: string;
  city: string | null;
  state: string | null;
  /** The facility's zone: a guest's today and slot times are the facility's, wherever the guest is. */
  timeZone: string;
  /** Whom the privacy notice names for questions about personal data: the facility's phone, else its e-mail. */
  privacyContact: string | null;
}
