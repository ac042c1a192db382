// The WhatsApp Cloud API webhook of every hub (issue #56), as Meta specifies it. GET: the subscription
// check, echoing hub.challenge when hub.verify_token is one a hub configured. POST: found by each
// change's metadata.phone_number_id, accepted only with X-Hub-Signature-256 made with that hub's app
// secret (constant-time compare); then the delivery statuses move the message log (messaging's rule)
// and each message is recorded once per wamid in the chat's inbox, answered after by the inbox worker,
// so the webhook answers 200 at once (Meta retries a slow or failed answer for a day). A forged,
// unsigned or unknown-number POST is refused (401) before anything is applied.
import * as z from 'zod/mini';
import { BadRequestError, ForbiddenError, UnauthorizedError } from '../lib/errors';
import {
  applyWhatsappStatuses,
  tenantOfVerifyToken,
  tenantOfWhatsappNumber,
  verifyTokenDigest,
  whatsappSignatureValid,
} from '../messaging';
import { recordChatInbound } from './inbox.store';
import { toIndianE164 } from '../../shared/contracts/messaging';
import type { ChatContent } from './types';

const REFUSED = 'The callback signature is not valid';
const SIGNATURE = /^sha256=[0-9a-f]{64}$/;
/** Meta's challenge is a number; anything else is not echoed (the answer is ours to keep plain). */
const CHALLENGE = /^[A-Za-z0-9._-]{1,200}$/;

/** GET verification: the challenge to echo, or ForbiddenError (403, nothing else said). */
export async function verifySubscription(query: Record<string, string>): Promise<string> {
  const token = query['hub.verify_token'] ?? '';
  const challenge = query['hub.challenge'] ?? '';
  if (query['hub.mode'] !== 'subscribe' || !token || token.length > 500 || !CHALLENGE.test(challenge))
    throw new ForbiddenError();
  if (!(await tenantOfVerifyToken(verifyTokenDigest(token)))) throw new ForbiddenError();
  return challenge;
}

const text = (max: number) => z.string().check(z.maxLength(max));
const reply = z.looseObject({ id: text(256), title: text(100) });
/** One message of `value.messages[]`: the kinds the conversation reads; any other kind is an empty text. */
const messageSchema = z.looseObject({
  from: text(32),
  id: text(256).check(z.minLength(1)),
  timestamp: z.optional(text(20)),
  type: z.optional(text(40)),
  text: z.optional(z.looseObject({ body: text(4096) })),
  interactive: z.optional(z.looseObject({ button_reply: z.optional(reply), list_reply: z.optional(reply) })),
  button: z.optional(z.looseObject({ payload: z.optional(text(256)), text: z.optional(text(256)) })),
  location: z.optional(
    z.looseObject({
      latitude: z.number().check(z.gte(-90), z.lte(90)),
      longitude: z.number().check(z.gte(-180), z.lte(180)),
    }),
  ),
});
const payloadSchema = z.looseObject({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              value: z.looseObject({
                metadata: z.looseObject({ phone_number_id: z.string().check(z.regex(/^\d{1,64}$/)) }),
                messages: z.optional(z.array(messageSchema).check(z.maxLength(100))),
                statuses: z.optional(
                  z
                    .array(
                      z.looseObject({
                        id: z.optional(text(256)),
                        status: z.optional(text(40)),
                        biz_opaque_callback_data: z.optional(text(512)),
                        errors: z.optional(z.array(z.looseObject({ title: z.optional(text(300)) }))),
                      }),
                    )
                    .check(z.maxLength(1000)),
                ),
              }),
            }),
          )
          .check(z.maxLength(100)),
      }),
    )
    .check(z.maxLength(100)),
});
type MetaMessage = z.infer<typeof messageSchema>;

/** What the person sent, as the conversation reads it (a tapped button or row by its id). */
export function contentOf(m: MetaMessage): ChatContent {
  const tapped = m.interactive?.button_reply ?? m.interactive?.list_reply;
  if (tapped) return { kind: 'reply', id: tapped.id, title: tapped.title };
  // A template's quick-reply button (a message sent outside the window): its payload is the id.
  if (m.button) return { kind: 'reply', id: m.button.payload ?? m.button.text ?? '', title: m.button.text ?? '' };
  if (m.location) return { kind: 'location', latitude: m.location.latitude, longitude: m.location.longitude };
  // A photo, a voice note, a sticker: nothing the conversation asked for, so it asks its question again.
  return { kind: 'text', text: m.text?.body ?? '' };
}

/** When the person sent it (Meta's timestamp, seconds), never later than now. */
function sentAt(timestamp: string | undefined, now: Date): string {
  const ms = Number(timestamp) * 1000;
  return Number.isFinite(ms) && ms > 0 && ms <= now.getTime() ? new Date(ms).toISOString() : now.toISOString();
}

/** Every phone_number_id the body names (read before it is trusted: only to find whose secret signs it). */
function numbersNamed(body: unknown): string[] {
  const entries = (body as { entry?: unknown })?.entry;
  const ids = (Array.isArray(entries) ? entries : []).flatMap((e: { changes?: unknown }) =>
    (Array.isArray(e?.changes) ? e.changes : []).map(
      (c: { value?: { metadata?: { phone_number_id?: unknown } } }) => c?.value?.metadata?.phone_number_id,
    ),
  );
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && /^\d{1,64}$/.test(id)))];
}

/** POST: verified, statuses applied, messages recorded; answers how many of each. */
export async function receiveWebhook(rawBody: string, signature: string | undefined, now = new Date()) {
  if (!signature || !SIGNATURE.test(signature)) throw new UnauthorizedError(REFUSED);
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new UnauthorizedError(REFUSED);
  }
  const numbers = numbersNamed(body);
  if (!numbers.length) throw new UnauthorizedError(REFUSED);
  const tenants = new Map<string, string>();
  for (const number of numbers) {
    const tenantId = await tenantOfWhatsappNumber(number);
    if (!tenantId || !(await whatsappSignatureValid(tenantId, rawBody, signature)))
      throw new UnauthorizedError(REFUSED);
    tenants.set(number, tenantId);
  }
  // Signed by the hub: now its shape is checked (a body Meta would not send is refused, nothing applied).
  const parsed = payloadSchema.safeParse(body);
  if (!parsed.success) throw new BadRequestError('This is not a WhatsApp Business Account webhook');
  let statuses = 0;
  let messages = 0;
  for (const { value } of parsed.data.entry.flatMap((e) => e.changes)) {
    const tenantId = tenants.get(value.metadata.phone_number_id)!;
    statuses += await applyWhatsappStatuses(tenantId, value.statuses ?? [], now);
    for (const m of value.messages ?? []) {
      const phone = toIndianE164(m.from);
      if (!phone) continue;
      const recorded = await recordChatInbound(
        {
          tenantId,
          phone,
          channel: 'whatsapp',
          providerMessageId: m.id,
          receivedAt: sentAt(m.timestamp, now),
          content: contentOf(m),
        },
        now,
      );
      if (recorded) messages++;
    }
  }
  return { received: { messages, statuses } };
}
