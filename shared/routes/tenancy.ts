// Routes of the tenancy function: organisation sign-up, the tenant and its plan, memberships,
// invitations and facility links (issue #18). The tenant switch itself is auth's (it makes sessions).
import type { ApiRoute } from './types';

export const tenancyRoutes = [
  { method: 'POST', path: '/api/signup', fn: 'tenancy', action: 'signup', access: 'public' },
  { method: 'POST', path: '/api/signup/verify', fn: 'tenancy', action: 'verifySignup', access: 'public' },
  { method: 'POST', path: '/api/signup/resend', fn: 'tenancy', action: 'resendSignupCode', access: 'public' },
  { method: 'GET', path: '/api/tenancy/tenant', fn: 'tenancy', action: 'currentTenant', access: 'session' },
  {
    method: 'PUT',
    path: '/api/tenancy/plan',
    fn: 'tenancy',
    action: 'setPlan',
    access: 'platform:billing',
    whileReadOnly: true,
  },
  { method: 'GET', path: '/api/tenancy/memberships', fn: 'tenancy', action: 'memberships', access: 'session' },
  // A new organisation's set-up checklist (issue #53), shown on the dashboard to whoever sets the hub up.
  { method: 'GET', path: '/api/tenancy/setup', fn: 'tenancy', action: 'setupChecklist', access: 'facilities:write' },
  // Closing the tenant (issue #36): its admin closes it, and reopens it within the grace.
  { method: 'GET', path: '/api/tenancy/closing', fn: 'tenancy', action: 'closing', access: 'admin:panel' },
  {
    method: 'POST',
    path: '/api/tenancy/close',
    fn: 'tenancy',
    action: 'closeTenant',
    access: 'admin:panel',
    whileReadOnly: true,
  },
  {
    method: 'POST',
    path: '/api/tenancy/reopen',
    fn: 'tenancy',
    action: 'reopenTenant',
    access: 'admin:panel',
    whileReadOnly: true,
  },
  { method: 'GET', path: '/api/invitations', fn: 'tenancy', action: 'listInvitations', access: 'users:manage' },
  { method: 'POST', path: '/api/invitations', fn: 'tenancy', action: 'createInvitation', access: 'users:manage' },
  {
    method: 'DELETE',
    path: '/api/invitations/{id}',
    fn: 'tenancy',
    action: 'revokeInvitation',
    access: 'users:manage',
  },
  { method: 'POST', path: '/api/invitations/preview', fn: 'tenancy', action: 'previewInvitation', access: 'public' },
  { method: 'POST', path: '/api/invitations/accept', fn: 'tenancy', action: 'acceptInvitation', access: 'public' },
  {
    method: 'GET',
    path: '/api/facilities/{id}/link',
    fn: 'tenancy',
    action: 'facilityLink',
    access: 'facilities:read',
  },
  {
    method: 'POST',
    path: '/api/facilities/{id}/link/rotate',
    fn: 'tenancy',
    action: 'rotateFacilityLink',
    access: 'facilities:write',
  },
  { method: 'GET', path: '/api/facility-links/{token}', fn: 'tenancy', action: 'facilityLinkInfo', access: 'public' },
  // How a guest booking's confirmation message went (issue #53): which channel carried it, or why none did.
  {
    method: 'GET',
    path: '/api/facility-links/{token}/bookings/{reference}/delivery',
    fn: 'tenancy',
    action: 'facilityLinkDelivery',
    access: 'public',
  },
] as const satisfies readonly ApiRoute[];
