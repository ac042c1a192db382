// Provider callbacks (public routes): delivery statuses and inbound messages. Each is verified
// before anything is read from it: the SMS/voice provider's with the tenant's callback secret
// (HMAC-SHA256 over "<timestamp>.<raw body>", at most 5 minutes old), WhatsApp's with
// X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret). A callback is applied once:
// a replay (the same signed body again) is refused and changes nothing. STOP opts the number out of
// SMS and WhatsApp, START opts it back in; a WhatsApp message opens its 24-hour window. Any other
// inbound SMS is recorded for the conversation (issue #56: chat's inbox worker reads it; messaging
// does not know the chat, which builds on it). The statuses of WhatsApp's webhook are applied by one
// function (applyWhatsappStatuses), here and for the hub-wide webhook of chat.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ConflictError, NotFoundError, UnauthorizedError } from '../lib/errors';
import { countFigure } from '../lib/telemetry';
import {
  claimCallback,
  findMessageByProviderId,
  getMessage,
  recordInbound,
  recordInboundSms,
  saveMessage,
  setOptOut,
  type StoredMessage,
} from './message.store';
import { canMoveTo } from './rules';
import { providerSetup, whatsappAppSecret } from './settings';
import { toIndianE164, type MessageStatus } from '../../shared/contracts/messaging';
import { isId } from '../../shared/ids';
import { asText } from '../../shared/text';

const MAX_AGE_SECONDS = 300;
const REFUSED = 'The callback signature is not valid';

function sameSignature(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function signSmsCallback(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

export function signWhatsappCallback(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** The tenant's secret for the provider's callbacks; a tenant without one has no such callback (404). */
async function callbackSecret(tenantId: string, kind: 'sms' | 'whatsapp'): Promise<string> {
  const setup = isId(tenantId) ? await providerSetup(tenantId) : null;
  const secret = kind === 'sms' ? setup?.smsCallbackSecret : setup?.whatsappAppSecret;
  if (!secret) throw new NotFoundError('No provider callback is configured here');
  return secret;
}

async function applyOnce(tenantId: string, rawBody: string, now: Date) {
  const digest = createHash('sha256').update(rawBody).digest('hex');
  if (!(await claimCallback(tenantId, digest, now))) throw new ConflictError('This callback was already received');
}

const STOP = /^\s*(stop|unsubscribe|रोकें|बंद)\s*$/i;
const START = /^\s*(start|subscribe|शुरू)\s*$/i;

/** STOP or START from the number: applied (its opt-out set or cleared) and named; null for any other text. */
export async function applyOptOutKeyword(
  tenantId: string,
  phone: string,
  text: string,
  now: Date,
): Promise<'stop' | 'start' | null> {
  if (STOP.test(text)) {
    await setOptOut(tenantId, phone, true, 'STOP', now);
    return 'stop';
  }
  if (START.test(text)) {
    await setOptOut(tenantId, phone, false, 'START', now);
    return 'start';
  }
  return null;
}

/** The hub's WhatsApp app signed this body (X-Hub-Signature-256), compared in constant time. */
export async function whatsappSignatureValid(
  tenantId: string,
  rawBody: string,
  signature: string | undefined,
): Promise<boolean> {
  const secret = isId(tenantId) ? await whatsappAppSecret(tenantId) : null;
  // Without a secret the expected value is still computed, so a hub without one answers as slowly as one with.
  return sameSignature(signWhatsappCallback(secret ?? '', rawBody), signature) && Boolean(secret);
}

async function moveMessage(
  message: StoredMessage | null,
  to: MessageStatus,
  reason: string | null,
  now: Date,
): Promise<boolean> {
  if (!message || !canMoveTo(message.status, to)) return false;
  const moved = await saveMessage(
    {
      ...message,
      status: to,
      reason: to === 'failed' || to === 'undeliverable' ? reason : message.reason,
      updatedAt: now.toISOString(),
    },
    message.status,
  );
  if (moved && to === 'delivered') countFigure('messagesDelivered', { channel: message.channel });
  return moved;
}

const SMS_STATUS: Record<string, MessageStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  failed: 'failed',
  'failed-dnd': 'undeliverable',
  undelivered: 'undeliverable',
  completed: 'delivered',
  'no-answer': 'undeliverable',
  busy: 'undeliverable',
};

function fieldsOf(rawBody: string, contentType: string): Record<string, string> {
  if (/json/i.test(contentType)) {
    try {
      const parsed = JSON.parse(rawBody) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, asText(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(rawBody));
}

/** The SMS/voice provider's callback: a status (SmsSid or CallSid, Status, CustomField) or an inbound SMS (From, Body). */
export async function handleSmsCallback(
  tenantId: string,
  rawBody: string,
  headers: Record<string, string | undefined>,
  now = new Date(),
) {
  const timestamp = headers['x-callback-timestamp'] ?? '';
  const secret = await callbackSecret(tenantId, 'sms');
  if (
    !/^\d{10}$/.test(timestamp) ||
    !sameSignature(signSmsCallback(secret, timestamp, rawBody), headers['x-callback-signature'])
  )
    throw new UnauthorizedError(REFUSED);
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAX_AGE_SECONDS)
    throw new UnauthorizedError('The callback is too old');
  await applyOnce(tenantId, `${timestamp}.${rawBody}`, now);
  const f = fieldsOf(rawBody, headers['content-type'] ?? '');
  if (f.From && f.Body && !f.Status) {
    const phone = toIndianE164(f.From);
    if (phone && !(await applyOptOutKeyword(tenantId, phone, f.Body, now)))
      await recordInboundSms({
        tenantId,
        phone,
        text: f.Body.slice(0, 1600),
        sid: f.SmsSid || createHash('sha256').update(`${timestamp}.${rawBody}`).digest('hex').slice(0, 40),
        receivedAt: now.toISOString(),
      });
    return { received: 'inbound' };
  }
  const status = SMS_STATUS[(f.Status ?? '').toLowerCase()];
  if (!status) return { received: 'ignored' };
  const provider = f.CallSid ? 'exotel-voice' : 'exotel-sms';
  const ref = f.CustomField?.startsWith('{') ? (JSON.parse(f.CustomField) as { ref?: string }).ref : f.CustomField;
  const message =
    ref && isId(ref)
      ? await getMessage(tenantId, ref)
      : await findMessageByProviderId(tenantId, provider, f.SmsSid ?? f.CallSid ?? '');
  const moved = await moveMessage(message, status, f.DetailedStatus || f.Status || null, now);
  return { received: moved ? status : 'unchanged' };
}

/** A delivery status of the Cloud API's webhook (`entry[].changes[].value.statuses[]`). */
export interface WhatsappStatus {
  id?: string;
  status?: string;
  biz_opaque_callback_data?: string;
  errors?: { title?: string }[];
}

interface WhatsappPayload {
  entry?: {
    changes?: {
      value?: {
        statuses?: WhatsappStatus[];
        messages?: { from?: string; text?: { body?: string } }[];
      };
    }[];
  }[];
}

const WHATSAPP_STATUS: Record<string, MessageStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  failed: 'failed',
};

/** Moves the message log by the statuses of a verified webhook (forward only); answers how many moved. */
export async function applyWhatsappStatuses(tenantId: string, statuses: WhatsappStatus[], now: Date): Promise<number> {
  let moved = 0;
  for (const s of statuses) {
    const status = WHATSAPP_STATUS[s.status ?? ''];
    if (!status || !s.id) continue;
    // Our id rides along (biz_opaque_callback_data): it finds a message whose send answer was lost.
    const ref = s.biz_opaque_callback_data;
    const message =
      ref && isId(ref)
        ? await getMessage(tenantId, ref)
        : await findMessageByProviderId(tenantId, 'whatsapp-cloud', s.id);
    if (await moveMessage(message, status, s.errors?.[0]?.title ?? null, now)) moved++;
  }
  return moved;
}

/** The WhatsApp Cloud API webhook: statuses of our messages and the driver's messages to us. */
export async function handleWhatsappCallback(
  tenantId: string,
  rawBody: string,
  headers: Record<string, string | undefined>,
  now = new Date(),
) {
  const secret = await callbackSecret(tenantId, 'whatsapp');
  if (!sameSignature(signWhatsappCallback(secret, rawBody), headers['x-hub-signature-256']))
    throw new UnauthorizedError(REFUSED);
  await applyOnce(tenantId, rawBody, now);
  let payload: WhatsappPayload;
  try {
    payload = JSON.parse(rawBody) as WhatsappPayload;
  } catch {
    return { received: 'ignored' };
  }
  let moved = 0;
  for (const change of (payload.entry ?? []).flatMap((e) => e.changes ?? [])) {
    moved += await applyWhatsappStatuses(tenantId, change.value?.statuses ?? [], now);
    for (const m of change.value?.messages ?? []) {
      const phone = m.from ? toIndianE164(m.from) : null;
      if (!phone) continue;
      await recordInbound(tenantId, phone, now);
      if (m.text?.body) await applyOptOutKeyword(tenantId, phone, m.text.body, now);
    }
  }
  return { received: moved };
}
