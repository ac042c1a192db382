// SES delivery events through SNS (POST /api/messaging/callbacks/ses): SES publishes each e-mail's
// Delivery, Bounce and Reject events to the platform's topic (SES_EVENTS_TOPIC_ARN), which posts them
// here. A message is believed only if its SNS signature verifies against the signing certificate of
// an amazonaws.com SNS host (SignatureVersion 1: SHA1, 2: SHA256), it comes from our topic, and it is
// at most an hour old; each SNS message id is applied once (a replay is a 409). The tenant and our
// message id are the e-mail's tags.
import { createVerify } from 'node:crypto';
import { BadRequestError, ConflictError, UnauthorizedError } from '../lib/errors';
import { logger } from '../lib/logger';
import { callOutbound, OutboundError } from '../lib/outbound';
import { claimCallback, getMessage, saveMessage } from './message.store';
import { canMoveTo } from './rules';
import type { MessageStatus } from '../../shared/contracts/messaging';
import { isId } from '../../shared/ids';

interface SnsMessage {
  Type?: string;
  MessageId?: string;
  TopicArn?: string;
  Subject?: string;
  Message?: string;
  Timestamp?: string;
  SignatureVersion?: string;
  Signature?: string;
  SigningCertURL?: string;
  SubscribeURL?: string;
  Token?: string;
}

const REFUSED = 'The SNS message signature is not valid';
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;
const MAX_AGE_MS = 3600_000;

/** Signing certificates by URL (they are few and long-lived). */
export const SNS_CERTIFICATES = new Map<string, string>();

async function certificate(url: string): Promise<string> {
  const cached = SNS_CERTIFICATES.get(url);
  if (cached) return cached;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' || !SNS_HOST.test(parsed.hostname) || !parsed.pathname.endsWith('.pem'))
    throw new UnauthorizedError(REFUSED);
  const res = await callOutbound({ method: 'GET', url, timeoutMs: 3000, maxBytes: 64 * 1024 }).catch((err: unknown) => {
    if (err instanceof OutboundError) throw new UnauthorizedError(REFUSED);
    throw err;
  });
  if (res.status !== 200) throw new UnauthorizedError(REFUSED);
  const pem = res.text;
  SNS_CERTIFICATES.set(url, pem);
  return pem;
}

/** The text SNS signs: the message's fields, in this order, each as "Name\nvalue\n". */
export function snsStringToSign(m: SnsMessage): string {
  const fields =
    m.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  return fields
    .filter((f) => typeof m[f as keyof SnsMessage] === 'string')
    .map((f) => `${f}\n${m[f as keyof SnsMessage]}\n`)
    .join('');
}

async function verify(m: SnsMessage, now: Date) {
  if (!m.Signature || !m.SigningCertURL || !['1', '2'].includes(m.SignatureVersion ?? ''))
    throw new BadRequestError('The body is not a signed SNS message');
  if (!m.SigningCertURL.startsWith('https://')) throw new UnauthorizedError(REFUSED);
  const verifier = createVerify(m.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
  verifier.update(snsStringToSign(m), 'utf8');
  if (!verifier.verify(await certificate(m.SigningCertURL), m.Signature, 'base64'))
    throw new UnauthorizedError(REFUSED);
  const topic = process.env.SES_EVENTS_TOPIC_ARN;
  if (!topic || m.TopicArn !== topic)
    throw new UnauthorizedError('The SNS message is not from the e-mail events topic');
  if (!m.Timestamp || Math.abs(now.getTime() - Date.parse(m.Timestamp)) > MAX_AGE_MS)
    throw new UnauthorizedError('The SNS message is too old');
}

interface SesEvent {
  eventType?: string;
  mail?: { tags?: Record<string, string[]> };
  bounce?: { bounceType?: string; bouncedRecipients?: { diagnosticCode?: string }[] };
  reject?: { reason?: string };
}

const STATUS: Record<string, MessageStatus> = { Delivery: 'delivered', Reject: 'failed' };

export async function handleSesEvent(rawBody: string, now = new Date()) {
  let m: SnsMessage;
  try {
    m = JSON.parse(rawBody) as SnsMessage;
  } catch {
    throw new BadRequestError('The body is not an SNS message');
  }
  if (typeof m !== 'object' || m === null || Array.isArray(m))
    throw new BadRequestError('The body is not an SNS message');
  await verify(m, now);
  if (m.Type === 'SubscriptionConfirmation' && m.SubscribeURL && SNS_HOST.test(new URL(m.SubscribeURL).hostname)) {
    await callOutbound({ method: 'GET', url: m.SubscribeURL, timeoutMs: 3000, maxBytes: 64 * 1024 });
    return { received: 'subscribed' };
  }
  if (m.Type !== 'Notification' || !m.Message || !m.MessageId) return { received: 'ignored' };
  let event: SesEvent;
  try {
    event = JSON.parse(m.Message) as SesEvent;
  } catch {
    return { received: 'ignored' };
  }
  const tenantId = event.mail?.tags?.tenantId?.[0];
  const messageId = event.mail?.tags?.messageId?.[0];
  if (!tenantId || !messageId || !isId(tenantId) || !isId(messageId)) return { received: 'ignored' };
  if (!(await claimCallback(tenantId, `sns-${m.MessageId}`, now)))
    throw new ConflictError('This callback was already received');
  const status =
    event.eventType === 'Bounce'
      ? event.bounce?.bounceType === 'Permanent'
        ? 'undeliverable'
        : 'failed'
      : STATUS[event.eventType ?? ''];
  const message = status ? await getMessage(tenantId, messageId) : null;
  if (!status || !message || message.channel !== 'email' || !canMoveTo(message.status, status))
    return { received: 'unchanged' };
  const reason =
    status === 'delivered'
      ? message.reason
      : (event.bounce?.bouncedRecipients?.[0]?.diagnosticCode ?? event.reject?.reason ?? event.eventType ?? null);
  await saveMessage({ ...message, status, reason, updatedAt: now.toISOString() }, message.status);
  logger.info('e-mail status from SES', { messageId, status });
  return { received: status };
}
