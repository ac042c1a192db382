// Request and response bodies of the session calls (spec doc 1 §3, §5, §7; doc 3 test page).
import { z } from 'zod';
import type { CanAccess, Permission } from '../roles';

/** The sign-in form posts `identifier`; the /test-auth page posts `username`. Both mean the same. */
export const loginSchema = z
  .strictObject({
    identifier: z.string().trim().max(254, 'Identifier is too long').optional(),
    username: z.string().trim().max(254, 'Username is too long').optional(),
    password: z.string().max(256, 'Password is too long'),
  })
  .transform(({ identifier, username, password }, ctx) => {
    const id = identifier ?? username ?? '';
    if (id.length < 1) {
      ctx.addIssue({ code: 'custom', path: ['identifier'], message: 'Please enter your email, username, or mobile number' });
      return z.NEVER;
    }
    if (password.length < 1) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Password is required' });
      return z.NEVER;
    }
    return { identifier: id, password };
  });
export type LoginInput = z.input<typeof loginSchema>;

/** The sign-in form's own schema (the spec's field names and texts). */
export const loginFormSchema = z.object({
  identifier: z.string().trim().min(1, 'Please enter your email, username, or mobile number'),
  password: z.string().min(1, 'Password is required'),
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
}

export interface LoginResponse {
  user: SessionUser;
}
