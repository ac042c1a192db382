// Callback mode (issue #32): a booking or change is POSTed to the customer's system, signed with the
// Standard Webhooks headers our outgoing webhooks carry, through the outbound port (its address guard
// and the breaker per tenant and host it shares with integrations), with CALLBACK_TIMEOUT_MS to answer.
// A 2xx accepts, whatever its body (the status is the answer; a receiver that answers 200 with junk
// still said yes). Any other status with a JSON body refuses, with its `errorMessage`. No answer
// (timeout, network, circuit open) or a refusal that is not JSON leaves the booking to the facility's
// down policy, and is logged without the booking's contents.
import { randomUUID } from 'node:crypto';
import { logger } from '../lib/logger';
import { callOutbound, OutboundError } from '../lib/outbound';
import { openSecret } from '../lib/secrets';
import { signedHeaders } from '../lib/standard-webhooks';
import { CALLBACK_TIMEOUT_MS, type ReferenceCallbackBody } from '../../shared/contracts/references';

export type CallbackAnswer =
  { kind: 'accepted' } | { kind: 'refused'; message: string | null } | { kind: 'unanswered' };

/** The longest customer message shown to the booker. */
const MAX_MESSAGE = 300;
/** The most of an answer read: a refusal is a short JSON object. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The refusal's own message, when its body is a JSON object with a non-empty errorMessage (undefined: not JSON). */
function refusalMessage(text: string): string | null | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const message = (body as { errorMessage?: unknown }).errorMessage;
  return typeof message === 'string' && message.trim() ? message.trim().slice(0, MAX_MESSAGE) : null;
}

export async function askCustomerSystem(
  target: { tenantId: string; facilityId: string; url: string; sealedSecret: string },
  body: ReferenceCallbackBody,
  now = new Date(),
): Promise<CallbackAnswer> {
  const text = JSON.stringify(body);
  const secret = await openSecret(target.tenantId, target.sealedSecret);
  const host = new URL(target.url).host;
  const unanswered = (cause: string, extra: Record<string, unknown> = {}): CallbackAnswer => {
    logger.warn('reference callback gave no usable answer', {
      tenantId: target.tenantId,
      facilityId: target.facilityId,
      host,
      action: body.action,
      cause,
      ...extra,
    });
    return { kind: 'unanswered' };
  };
  try {
    const res = await callOutbound({
      method: 'POST',
      url: target.url,
      headers: { 'content-type': 'application/json', ...signedHeaders(secret, `msg_${randomUUID()}`, text, now) },
      body: text,
      timeoutMs: CALLBACK_TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
      caller: target.tenantId,
    });
    if (res.status >= 200 && res.status < 300) return { kind: 'accepted' };
    const message = refusalMessage(res.text);
    if (message === undefined) return unanswered('NOT_JSON', { status: res.status, durationMs: res.durationMs });
    return { kind: 'refused', message };
  } catch (err) {
    if (err instanceof OutboundError) return unanswered(err.failure);
    throw err;
  }
}
