// Routes of the messaging function (issue #15): the Messaging Center's test and multi-channel send,
// the message log, the Integration Status, the tenant's provider settings, opt-outs, and the
// providers' callbacks (public, each verified by its own signature over the raw body).
import type { ApiRoute } from './types';

export const messagingRoutes = [
  { method: 'POST', path: '/api/messaging/test', fn: 'messaging', action: 'testMessage', access: 'messaging:send' },
  {
    method: 'POST',
    path: '/api/notifications/send',
    fn: 'messaging',
    action: 'sendNotification',
    access: 'messaging:send',
  },
  {
    method: 'POST',
    path: '/api/messaging/driver-messages',
    fn: 'messaging',
    action: 'sendDriverMessage',
    access: 'messaging:send',
  },
  { method: 'GET', path: '/api/messaging/messages', fn: 'messaging', action: 'listMessages', access: 'messaging:send' },
  {
    method: 'GET',
    path: '/api/messaging/status',
    fn: 'messaging',
    action: 'integrationStatus',
    access: 'messaging:send',
  },
  { method: 'POST', path: '/api/messaging/opt-outs', fn: 'messaging', action: 'setOptOut', access: 'messaging:send' },
  {
    method: 'GET',
    path: '/api/messaging/settings',
    fn: 'messaging',
    action: 'getSettings',
    access: 'settings:configure',
  },
  {
    method: 'PUT',
    path: '/api/messaging/settings',
    fn: 'messaging',
    action: 'updateSettings',
    access: 'settings:configure',
  },
  {
    method: 'POST',
    path: '/api/messaging/callbacks/{tenantId}/sms',
    fn: 'messaging',
    action: 'smsCallback',
    access: 'public',
  },
  {
    method: 'POST',
    path: '/api/messaging/callbacks/{tenantId}/whatsapp',
    fn: 'messaging',
    action: 'whatsappCallback',
    access: 'public',
  },
  { method: 'POST', path: '/api/messaging/callbacks/ses', fn: 'messaging', action: 'sesCallback', access: 'public' },
] as const satisfies readonly ApiRoute[];
