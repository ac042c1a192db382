// Routes of the privacy function (issue #36): a driver's own data (view, download, correct, ask for
// erasure) and the facility admin's erasure requests and access log.
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
] as const satisfies readonly ApiRoute[];
