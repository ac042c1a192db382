// Routes of the auth function: Sign-in, sign-out and the session.
import type { ApiRoute } from './types';

export const authRoutes = [
  { method: 'POST', path: '/api/auth/login', fn: 'auth', action: 'login', access: 'public' },
  { method: 'POST', path: '/api/auth/logout', fn: 'auth', action: 'logout', access: 'public' },
  // Sign-in by mobile number and one-time code (issue #32).
  { method: 'POST', path: '/api/auth/mobile-code', fn: 'auth', action: 'requestSignInCode', access: 'public' },
  { method: 'POST', path: '/api/auth/mobile-code/verify', fn: 'auth', action: 'signInWithCode', access: 'public' },
  { method: 'GET', path: '/api/auth/user', fn: 'auth', action: 'currentUser', access: 'session' },
  {
    method: 'POST',
    path: '/api/auth/switch-tenant',
    fn: 'auth',
    action: 'switchTenant',
    access: 'session',
    whileReadOnly: true,
  },
] as const satisfies readonly ApiRoute[];
