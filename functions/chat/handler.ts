// The chat function (issue #56): the WhatsApp Cloud API webhook of every hub, public and verified by
// Meta's own means (webhook.ts). It only verifies, applies the delivery statuses and records the
// messages; the answers are the inbox worker's (inbox.worker.ts).
import { json, type ApiRequest } from '../lib/http';
import { defineFunction } from '../api';
import { HttpError } from '../lib/errors';
import { receiveWebhook, verifySubscription } from './webhook';
import { chatRoutes } from '../../shared/routes/chat';

/** Meta's webhook bodies are small; a larger one is not Meta's. */
const MAX_BODY_BYTES = 256 * 1024;

function rawBody(req: ApiRequest): string {
  const { body, isBase64Encoded } = req.event;
  if (!body) return '';
  if (body.length > MAX_BODY_BYTES) throw new HttpError(413, 'Request body is too large');
  return isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
}

export const { handler, actions, routes } = defineFunction('chat', chatRoutes, {
  /** Meta's subscription check: the challenge echoed as plain text, or 403. */
  async verifyWebhook(req) {
    const challenge = await verifySubscription(req.query);
    return { status: 200, raw: challenge, headers: { 'content-type': 'text/plain; charset=utf-8' } };
  },

  async receiveWebhook(req) {
    return json(await receiveWebhook(rawBody(req), req.event.headers?.['x-hub-signature-256']));
  },
});
