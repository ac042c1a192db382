// Self-registration: a shared base, a variant per user type, and documents
// uploaded straight to S3 before the registration is sent.
import { consentSchema } from './privacy-notice';
import * as z from 'zod';
import { REGISTRATION_ROLES, ROLES, selfChosenRoles, type UserType } from '../roles';
import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES } from '../product';
import { requiredText, seenRevision } from './fields';

export const USER_TYPES = ['external_user', 'internal_user', 'dockyard_employee'] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const baseFields = {
  email: z
    .email('Please enter a valid email address')
    .max(254)
    .transform((v) => v.toLowerCase()),
  firstName: requiredText('First name is required', 60),
  lastName: requiredText('Last name is required', 60),
  phoneNumber: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\+?[\d\s-]{10,16}$/, 'Enter a valid mobile number'),
    ])
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, 'Password must be at least 8 characters')
    .max(128, 'Password must be at most 128 characters'),
  userType: z.enum(USER_TYPES),
  role: requiredText('Please choose a role', 40),
};

/** The form's base (with the password confirmation, which is never sent). */
export const registrationFormBaseSchema = z
  .object({
    ...baseFields,
    confirmPassword: z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const dockyardEmployeeSchema = z.object({
  employeeId: requiredText('Employee ID is required', 40),
  corporateEmail: z.email('Please enter a valid corporate email').max(254),
  department: optionalText(80),
  designation: optionalText(80),
});

export const internalUserSchema = z.object({
  companyName: requiredText('Company name is required', 120),
  gstin: z
    .string({ error: 'GSTIN must be at least 15 characters' })
    .trim()
    .min(15, 'GSTIN must be at least 15 characters')
    .max(15, 'GSTIN is 15 characters')
    .transform((v) => v.toUpperCase()),
  cin: optionalText(21),
  businessType: optionalText(60),
  registeredAddress: optionalText(300),
});

export const externalUserSchema = z.object({
  driverLicense: requiredText('Driving license number is required', 30),
  aadharCard: z
    .string({ error: 'Aadhar number must be at least 12 digits' })
    .trim()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .min(12, 'Aadhar number must be at least 12 digits')
        .max(12, 'Aadhar number is 12 digits')
        .regex(/^\d+$/, 'Aadhar number must be digits'),
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
  size: z
    .number()
    .int()
    .min(1, 'The file is empty')
    .max(UPLOAD_MAX_BYTES - 1, UPLOAD_TEXTS.tooLarge),
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
          documentType: z.string().max(40),
          uploadId: z.string().regex(/^[A-Za-z0-9-]{10,64}$/, 'Unknown upload'),
        }),
      )
      .max(10),
    /** The registration link's token (functions/tenancy/facility-links.ts); the platform default when absent. */
    facility: z.string().max(140).optional(),
    /** The privacy notice the person saw and their messaging opt-ins (issue #36). */
    consent: consentSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const allowed = selfChosenRoles(v.userData.userType) as readonly string[];
    if (allowed.includes(v.userData.role)) return;
    const offered = (REGISTRATION_ROLES[v.userData.userType] as readonly string[]).includes(v.userData.role);
    ctx.addIssue({
      code: 'custom',
      path: ['userData', 'role'],
      message: offered ? USERS_TEXTS.roleGrantedByAdministrator : `Role must be one of ${allowed.join(', ')}`,
    });
  });

export const rejectSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .max(300)
    .optional()
    .transform((v) => v || 'Admin decision'),
  revision: seenRevision,
});

const linkId = z
  .string()
  .trim()
  .max(64, 'Unknown record')
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));
/**
 * An approval may name the carrier (and for a driver, the driver record) the account books for; left
 * out, the server matches one by licence, mobile number or e-mail, or creates it, and reports the link.
 * The approver picks the role (issue #28.5); the one the registrant asked for is only the suggestion
 * (and the default when none is named).
 */
export const approveSchema = z.strictObject({
  carrierId: linkId,
  driverId: linkId,
  role: z.enum(ROLES, { error: USERS_TEXTS.unknownRole }).optional(),
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
