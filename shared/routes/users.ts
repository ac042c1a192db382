// Routes of the users function: Registration, e-mail verification and user approval.
import type { ApiRoute } from './types';

export const usersRoutes = [
  { method: 'POST', path: '/api/auth/register/uploads', fn: 'users', action: 'requestUpload', access: 'public' },
  { method: 'POST', path: '/api/auth/register', fn: 'users', action: 'register', access: 'public' },
  { method: 'POST', path: '/api/auth/verify-email', fn: 'users', action: 'verifyEmail', access: 'public' },
  { method: 'GET', path: '/api/auth/users', fn: 'users', action: 'listUsers', access: 'users:manage' },
  {
    method: 'GET',
    path: '/api/admin/pending-registrations',
    fn: 'users',
    action: 'pendingRegistrations',
    access: 'users:manage',
  },
  {
    method: 'POST',
    path: '/api/admin/approve-user/{userId}',
    fn: 'users',
    action: 'approveUser',
    access: 'users:manage',
  },
  {
    method: 'POST',
    path: '/api/admin/reject-user/{userId}',
    fn: 'users',
    action: 'rejectUser',
    access: 'users:manage',
  },
  {
    method: 'GET',
    path: '/api/admin/users/{userId}/documents/{documentType}',
    fn: 'users',
    action: 'userDocument',
    access: 'users:manage',
  },
  {
    method: 'PATCH',
    path: '/api/auth/user/language',
    fn: 'users',
    action: 'setLanguage',
    access: 'session',
    whileReadOnly: true,
  },
] as const satisfies readonly ApiRoute[];
