// Routes of the chat function (issue #56): the WhatsApp Cloud API webhook every hub's WhatsApp app is
// pointed at. Public: Meta's GET verification checks the hub's verify token, and each POST is verified
// by its X-Hub-Signature-256 with the app secret of the hub its phone number id belongs to.
import type { ApiRoute } from './types';

export const chatRoutes = [
  { method: 'GET', path: '/api/whatsapp/webhook', fn: 'chat', action: 'verifyWebhook', access: 'public' },
  { method: 'POST', path: '/api/whatsapp/webhook', fn: 'chat', action: 'receiveWebhook', access: 'public' },
] as const satisfies readonly ApiRoute[];
