// Routes of the auth function: Sign-in, sign-out and the session.
import type { ApiRoute } from './types';

export const authRoutes = [
  { method: 'POST', path: '/api/auth/login', fn: 'auth', action: 'login', access: 'public' },
  { method: 'POST', path: '/api/auth/logout', fn: 'auth', action: 'logout', access: 'public' },
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
