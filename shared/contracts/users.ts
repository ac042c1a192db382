// Self-registration: a shared base, a variant per user type, and documents
// uploaded straight to S3 before the registration is sent.
import { consentSchema } from './privacy-notice';
import * as z from 'zod/mini';
import { REGISTRATION_ROLES, ROLES, selfChosenRoles, type UserType } from '../roles';
import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES } from '../product';
import { requiredText, seenRevision } from './fields';

export const USER_TYPES = ['external_user', 'internal_user', 'dockyard_employee'] as const;

const optionalText = (max: number) =>
  z.pipe(
    z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`)))),
    z.transform((v) => (v ? v : null)),
  );

const baseFields = {
  email: z.pipe(
    z.email('Please enter a valid email address').check(z.maxLength(254)),
    z.transform((v) => v.toLowerCase()),
  ),
  firstName: requiredText('First name is required', 60),
  lastName: requiredText('Last name is required', 60),
  phoneNumber: z.pipe(
    z.nullable(
      z.optional(
        z.union([
          z.literal(''),
          z.string().check(z.trim(), z.regex(/^\+?[\d\s-]{10,16}$/, 'Enter a valid mobile number')),
        ]),
      ),
    ),
    z.transform((v) => (v ? v : null)),
  ),
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .check(
      z.minLength(8, 'Password must be at least 8 characters'),
      z.maxLength(128, 'Password must be at most 128 characters'),
    ),
  userType: z.enum(USER_TYPES),
  role: requiredText('Please choose a role', 40),
};

/** The form's base (with the password confirmation, which is never sent). */
export const registrationFormBaseSchema = z
  .object({
    ...baseFields,
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .check(z.minLength(1, 'Please confirm your password')),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] }),
  );

export const dockyardEmployeeSchema = z.object({
  employeeId: requiredText('Employee ID is required', 40),
  corporateEmail: z.email('Please enter a valid corporate email').check(z.maxLength(254)),
  department: optionalText(80),
  designation: optionalText(80),
});

export const internalUserSchema = z.object({
  companyName: requiredText('Company name is required', 120),
  gstin: z.pipe(
    z
      .string({ error: 'GSTIN must be at least 15 characters' })
      .check(
        z.trim(),
        z.minLength(15, 'GSTIN must be at least 15 characters'),
        z.maxLength(15, 'GSTIN is 15 characters'),
      ),
    z.transform((v) => v.toUpperCase()),
  ),
  cin: optionalText(21),
  businessType: optionalText(60),
  registeredAddress: optionalText(300),
});

export const externalUserSchema = z.object({
  driverLicense: requiredText('Driving license number is required', 30),
  aadharCard: z.pipe(
    z.pipe(
      z.string({ error: 'Aadhar number must be at least 12 digits' }).check(z.trim()),
      z.transform((v) => v.replace(/\s/g, '')),
    ),
    z
      .string()
      .check(
        z.minLength(12, 'Aadhar number must be at least 12 digits'),
        z.maxLength(12, 'Aadhar number is 12 digits'),
        z.regex(/^\d+$/, 'Aadhar number must be digits'),
      ),
  ),
  vehicleNumber: optionalText(15),
  vehicleType: optionalText(20),
  capacity: optionalText(20),
});

export const VARIANT_SCHEMAS = {
  dockyard_employee: dockyardEmployeeSchema,
  internal_user: internalUserSchema,
  external_user: externalUserSchema,
} as const;

export const REQUIRED_DOCUMENTS: Record<UserType, readonly { type: string; label: string }[]> = {
  dockyard_employee: [
    { type: 'employee_id', label: 'Employee ID Card' },
    { type: 'corporate_email_proof', label: 'Corporate Email Proof' },
  ],
  internal_user: [
    { type: 'company_registration', label: 'Company Registration Certificate' },
    { type: 'gst_certificate', label: 'GST Certificate' },
    { type: 'address_proof', label: 'Registered Address Proof' },
  ],
  external_user: [
    { type: 'driving_license', label: 'Driving License' },
    { type: 'aadhar_card', label: 'Aadhar Card' },
  ],
};

export const USERS_TEXTS = {
  roleGrantedByAdministrator: 'Only an administrator can grant this role. Please choose another role.',
  unknownRole: 'Choose one of the roles',
  roleNotGrantable: 'You cannot grant this role: it holds permissions you do not have',
};

export const DOCUMENT_TYPES = Object.values(REQUIRED_DOCUMENTS).flatMap((d) => d.map((x) => x.type));

export const UPLOAD_TEXTS = {
  invalidTypeTitle: 'Invalid File Type',
  invalidType: 'Only PDF, PNG, and JPEG files are allowed',
  tooLargeTitle: 'File Too Large',
  tooLarge: 'File size must be less than 5MB',
  missingTitle: 'Missing Required Documents',
};

export function missingDocumentsMessage(userType: UserType, present: readonly string[]): string | null {
  const missing = REQUIRED_DOCUMENTS[userType].filter((d) => !present.includes(d.type));
  return missing.length ? `Please upload: ${missing.map((d) => d.label).join(', ')}` : null;
}

export const uploadRequestSchema = z.strictObject({
  documentType: z.enum(DOCUMENT_TYPES as [string, ...string[]], { error: 'Unknown document type' }),
  fileName: requiredText('File name is required', 200),
  contentType: z.enum(UPLOAD_CONTENT_TYPES, { error: UPLOAD_TEXTS.invalidType }),
  size: z.number().check(z.int(), z.gte(1, 'The file is empty'), z.lte(UPLOAD_MAX_BYTES - 1, UPLOAD_TEXTS.tooLarge)),
});

export const registerRequestSchema = z
  .strictObject({
    userData: z.strictObject({
      ...baseFields,
      userCategory: z.enum(['internal_user', 'external_user', 'dockyard_employee']),
    }),
    variant: z.record(z.string(), z.unknown()),
    documents: z
      .array(
        z.strictObject({
          documentType: z.string().check(z.maxLength(40)),
          uploadId: z.string().check(z.regex(/^[A-Za-z0-9-]{10,64}$/, 'Unknown upload')),
        }),
      )
      .check(z.maxLength(10)),
    /** The registration link's token (functions/tenancy/facility-links.ts); the platform default when absent. */
    facility: z.optional(z.string().check(z.maxLength(140))),
    /** The privacy notice the person saw and their messaging opt-ins (issue #36). */
    consent: z.optional(consentSchema),
  })
  .check(
    z.superRefine((v, ctx) => {
      const allowed = selfChosenRoles(v.userData.userType) as readonly string[];
      if (allowed.includes(v.userData.role)) return;
      const offered = (REGISTRATION_ROLES[v.userData.userType] as readonly string[]).includes(v.userData.role);
      ctx.addIssue({
        code: 'custom',
        path: ['userData', 'role'],
        message: offered ? USERS_TEXTS.roleGrantedByAdministrator : `Role must be one of ${allowed.join(', ')}`,
      });
    }),
  );

export const rejectSchema = z.strictObject({
  reason: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(300))),
    z.transform((v) => v || 'Admin decision'),
  ),
  revision: seenRevision,
});

const linkId = z.pipe(
  z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(64, 'Unknown record')))),
  z.transform((v) => (v ? v : null)),
);
/**
 * An approval may name the carrier (and for a driver, the driver record) the account books for; left
 * out, the server matches one by licence, mobile number or e-mail, or creates it, and reports the link.
 * The approver picks the role (issue #28.5); the one the registrant asked for is only the suggestion
 * (and the default when none is named).
 */
export const approveSchema = z.strictObject({
  carrierId: linkId,
  driverId: linkId,
  role: z.optional(z.enum(ROLES, { error: USERS_TEXTS.unknownRole })),
  revision: seenRevision,
});
/** An approval as the approval form fills it in and as the server reads it. */
export type ApprovalInput = z.input<typeof approveSchema>;
export type Approval = z.output<typeof approveSchema>;

/** PATCH /api/auth/user/language: the language a signed-in user reads the product in. */
export const USER_LANGUAGES = ['en', 'hi'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];
export const userLanguageSchema = z.strictObject({
  language: z.enum(USER_LANGUAGES, { error: 'Choose English or Hindi' }),
});
