// Request and response bodies of the session calls.
import * as z from 'zod/mini';
import type { CanAccess, Permission } from '../roles';
import { requiredText } from './fields';

/** The sign-in form posts `identifier`; the /test-auth page posts `username`. Both mean the same. */
export const loginSchema = z.pipe(
  z.strictObject({
    identifier: z.optional(z.string().check(z.trim(), z.maxLength(254, 'Identifier is too long'))),
    username: z.optional(z.string().check(z.trim(), z.maxLength(254, 'Username is too long'))),
    password: z.string({ error: 'Password is required' }).check(z.maxLength(256, 'Password is too long')),
  }),
  z.transform(({ identifier, username, password }, ctx) => {
    const id = identifier ?? username ?? '';
    if (id.length < 1)
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['identifier'],
        message: 'Please enter your email, username, or mobile number',
      });
    if (password.length < 1)
      ctx.issues.push({ code: 'custom', input: ctx.value, path: ['password'], message: 'Password is required' });
    if (id.length < 1 || password.length < 1) return z.NEVER;
    return { identifier: id, password };
  }),
);
export type LoginInput = z.input<typeof loginSchema>;

/** Sign-in by mobile number and one-time code (issue #32: fleet owners without e-mail). */
export const SIGN_IN_CODE_TEXTS = {
  mobileRequired: 'Please enter your mobile number',
  mobileInvalid: 'Enter a 10-digit Indian mobile number',
  codeInvalid: 'Enter the 6-digit code',
  sent: 'If this mobile number belongs to an account, a 6-digit code has been sent to it. It is valid for 10 minutes.',
  refused: 'The code is wrong or has expired. Request a new code.',
  tooMany: 'Too many codes were requested for this number. Please try again later.',
} as const;
const mobileNumber = z
  .string({ error: SIGN_IN_CODE_TEXTS.mobileRequired })
  .check(
    z.trim(),
    z.minLength(1, SIGN_IN_CODE_TEXTS.mobileRequired),
    z.regex(/^(\+?91[\s-]?)?[6-9]\d{4}[\s-]?\d{5}$/, SIGN_IN_CODE_TEXTS.mobileInvalid),
  );
export const signInCodeRequestSchema = z.strictObject({ phoneNumber: mobileNumber });
export const signInCodeSchema = z.strictObject({
  phoneNumber: mobileNumber,
  code: z
    .string({ error: SIGN_IN_CODE_TEXTS.codeInvalid })
    .check(z.trim(), z.regex(/^\d{6}$/, SIGN_IN_CODE_TEXTS.codeInvalid)),
});
export type SignInCodeInput = z.input<typeof signInCodeSchema>;

/** The sign-in form's own schema (the spec's field names and texts). */
export const loginFormSchema = z.object({
  identifier: requiredText('Please enter your email, username, or mobile number'),
  password: z.string({ error: 'Password is required' }).check(z.minLength(1, 'Password is required')),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export interface SessionUser {
  id: string;
  tenantId: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
  profileImageUrl: string | null;
  role: string;
  roles: string[];
  permissions: Permission[];
  canAccess: CanAccess;
  userType: string | null;
  isVerified: boolean;
  driverId: string | null;
  carrierId: string | null;
  status: 'pending' | 'active' | 'rejected';
  /** Pending only for the e-mail code (an organisation's first admin): the pending screen asks for it. */
  awaitsEmailCode?: boolean;
  /** The language the user chose ('en' or 'hi'), null until they choose one. */
  language?: 'en' | 'hi' | null;
}

export interface LoginResponse {
  user: SessionUser;
}
