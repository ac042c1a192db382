// Routes of the integrations function (doc 2 §7, plus the edits, deletes, endpoint and webhook forms the
// spec leaves out). Admin only, except the inbound webhook: an external system proves itself with its
// Standard Webhooks signature, not a session.
import type { ApiRoute } from './types';

const SYSTEM = '/api/integrations/systems/{id}';

export const integrationsRoutes = [
  {
    method: 'GET',
    path: '/api/integrations/monitoring/stats',
    fn: 'integrations',
    action: 'monitoringStats',
    access: 'integrations:manage',
  },
  {
    method: 'GET',
    path: '/api/integrations/monitoring/systems',
    fn: 'integrations',
    action: 'monitoringSystems',
    access: 'integrations:manage',
  },
  {
    method: 'GET',
    path: '/api/integrations/systems',
    fn: 'integrations',
    action: 'listSystems',
    access: 'integrations:manage',
  },
  {
    method: 'POST',
    path: '/api/integrations/systems',
    fn: 'integrations',
    action: 'createSystem',
    access: 'integrations:manage',
  },
  { method: 'PATCH', path: SYSTEM, fn: 'integrations', action: 'editSystem', access: 'integrations:manage' },
  { method: 'DELETE', path: SYSTEM, fn: 'integrations', action: 'deleteSystem', access: 'integrations:manage' },
  {
    method: 'POST',
    path: `${SYSTEM}/rotate-secret`,
    fn: 'integrations',
    action: 'rotateInboundSecret',
    access: 'integrations:manage',
  },
  {
    method: 'POST',
    path: `${SYSTEM}/test`,
    fn: 'integrations',
    action: 'testConnection',
    access: 'integrations:manage',
  },
  { method: 'POST', path: `${SYSTEM}/sync`, fn: 'integrations', action: 'triggerSync', access: 'integrations:manage' },
  { method: 'GET', path: `${SYSTEM}/logs`, fn: 'integrations', action: 'listSyncLogs', access: 'integrations:manage' },
  {
    method: 'GET',
    path: `${SYSTEM}/endpoints`,
    fn: 'integrations',
    action: 'listEndpoints',
    access: 'integrations:manage',
  },
  {
    method: 'POST',
    path: `${SYSTEM}/endpoints`,
    fn: 'integrations',
    action: 'createEndpoint',
    access: 'integrations:manage',
  },
  {
    method: 'PATCH',
    path: `${SYSTEM}/endpoints/{endpointId}`,
    fn: 'integrations',
    action: 'editEndpoint',
    access: 'integrations:manage',
  },
  {
    method: 'DELETE',
    path: `${SYSTEM}/endpoints/{endpointId}`,
    fn: 'integrations',
    action: 'deleteEndpoint',
    access: 'integrations:manage',
  },
  {
    method: 'GET',
    path: `${SYSTEM}/webhooks`,
    fn: 'integrations',
    action: 'listWebhooks',
    access: 'integrations:manage',
  },
  {
    method: 'POST',
    path: `${SYSTEM}/webhooks`,
    fn: 'integrations',
    action: 'createWebhook',
    access: 'integrations:manage',
  },
  {
    method: 'PATCH',
    path: `${SYSTEM}/webhooks/{webhookId}`,
    fn: 'integrations',
    action: 'editWebhook',
    access: 'integrations:manage',
  },
  {
    method: 'DELETE',
    path: `${SYSTEM}/webhooks/{webhookId}`,
    fn: 'integrations',
    action: 'deleteWebhook',
    access: 'integrations:manage',
  },
  {
    method: 'GET',
    path: `${SYSTEM}/webhooks/{webhookId}/deliveries`,
    fn: 'integrations',
    action: 'listWebhookDeliveries',
    access: 'integrations:manage',
  },
  {
    method: 'POST',
    path: `${SYSTEM}/webhooks/{webhookId}/test`,
    fn: 'integrations',
    action: 'sendWebhookTest',
    access: 'integrations:manage',
  },
  {
    method: 'POST',
    path: `${SYSTEM}/webhooks/{webhookId}/deliveries/{eventId}/resend`,
    fn: 'integrations',
    action: 'resendWebhookDelivery',
    access: 'integrations:manage',
  },
  {
    method: 'POST',
    path: '/api/integrations/inbound/{systemId}',
    fn: 'integrations',
    action: 'receiveInbound',
    access: 'public',
  },
] as const satisfies readonly ApiRoute[];
