// Routes of the privacy function (issue #36): a driver's own data (view, download, correct, ask for
// erasure) and the facility admin's erasure requests and access log; the tenant's retention policy and
// whole-data export.
import type { ApiRoute } from './types';

export const privacyRoutes = [
  { method: 'GET', path: '/api/privacy/my-data', fn: 'privacy', action: 'myData', access: 'driver:self' },
  {
    method: 'GET',
    path: '/api/privacy/my-data/export',
    fn: 'privacy',
    action: 'exportMyData',
    access: 'driver:self',
  },
  { method: 'PATCH', path: '/api/privacy/my-data', fn: 'privacy', action: 'correctMyData', access: 'driver:self' },
  {
    method: 'POST',
    path: '/api/privacy/erasure-requests',
    fn: 'privacy',
    action: 'requestErasure',
    access: 'driver:self',
  },
  {
    method: 'GET',
    path: '/api/privacy/erasure-requests',
    fn: 'privacy',
    action: 'listErasureRequests',
    access: 'admin:panel',
  },
  {
    method: 'POST',
    path: '/api/privacy/erasure-requests/{id}/complete',
    fn: 'privacy',
    action: 'completeErasure',
    access: 'admin:panel',
  },
  {
    method: 'POST',
    path: '/api/privacy/erasure-requests/{id}/refuse',
    fn: 'privacy',
    action: 'refuseErasure',
    access: 'admin:panel',
  },
  { method: 'GET', path: '/api/privacy/access-log', fn: 'privacy', action: 'accessLog', access: 'admin:panel' },
  // Security incidents: recorded, their affected people counted, the Board's deadline and the notice drafts.
  { method: 'GET', path: '/api/privacy/incidents', fn: 'privacy', action: 'listIncidents', access: 'admin:panel' },
  { method: 'POST', path: '/api/privacy/incidents', fn: 'privacy', action: 'recordIncident', access: 'admin:panel' },
  {
    method: 'POST',
    path: '/api/privacy/incidents/{id}/steps',
    fn: 'privacy',
    action: 'markIncidentStep',
    access: 'admin:panel',
  },
  // The tenant's retention policy and the daily worker's reports; the tenant's whole-data export.
  { method: 'GET', path: '/api/privacy/retention', fn: 'privacy', action: 'retentionPolicy', access: 'admin:panel' },
  {
    method: 'PUT',
    path: '/api/privacy/retention',
    fn: 'privacy',
    action: 'saveRetentionPolicy',
    access: 'admin:panel',
  },
  {
    method: 'GET',
    path: '/api/privacy/retention/reports',
    fn: 'privacy',
    action: 'retentionReports',
    access: 'admin:panel',
  },
  {
    method: 'POST',
    path: '/api/privacy/tenant-exports',
    fn: 'privacy',
    action: 'startTenantExport',
    access: 'admin:panel',
    whileReadOnly: true,
  },
  { method: 'GET', path: '/api/privacy/tenant-exports', fn: 'privacy', action: 'tenantExports', access: 'admin:panel' },
  {
    method: 'GET',
    path: '/api/privacy/tenant-exports/{id}',
    fn: 'privacy',
    action: 'tenantExport',
    access: 'admin:panel',
  },
  // A person's messaging choices from the signed link in a message (no sign-in).
  { method: 'GET', path: '/api/privacy/choices/{token}', fn: 'privacy', action: 'choices', access: 'public' },
  { method: 'POST', path: '/api/privacy/choices/{token}', fn: 'privacy', action: 'withdrawChoices', access: 'public' },
] as const satisfies readonly ApiRoute[];
