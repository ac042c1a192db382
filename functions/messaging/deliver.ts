// Sending one message on one channel: checked (opt-out, DLT, window, length), written to the log
// as queued (idempotent per event and channel; the 60-second duplicate guard), then, an SMS only with
// its sender's DLT registration (the hub's, or the platform's for system SMS), handed to the
// channel's providers in order: each retried with backoff when the failure may pass, the next one
// (SNS for SMS) when it does not; the log records every attempt and the outcome. A provider failure
// is an outcome of the message, never an error of the request that caused it.
import { randomUUID } from 'node:crypto';
import { auditPut, type Actor } from '../lib/audit';
import { logger } from '../lib/logger';
import { countFigure } from '../lib/telemetry';
import {
  claimDispatch,
  createMessage,
  getMessage,
  isOptedOut,
  lastInboundAt,
  saveMessage,
  type StoredMessage,
} from './message.store';
import { recordHealth } from './channel-health.store';
import {
  backoffMs,
  DISPATCH_STOPPED_MS,
  DUPLICATE_WINDOW_MS,
  duplicateHash,
  eventMessageId,
  prepare,
  PROVIDER_TRIES,
  SendRefused,
  smsDlt,
  UNCONFIRMED_REASON,
  WHATSAPP_WINDOW_MS,
  type Prepared,
} from './rules';
import { platformSetup, providerSetup, type ProviderSetup } from './settings';
import { isLocalMessaging } from './channel';
import { choicesLink } from '../consent';
import { exotelSms, exotelVoice } from './providers/exotel';
import { whatsappCloud } from './providers/whatsapp-cloud';
import { sesEmail, snsSms } from './providers/aws';
import { sendRequest } from './providers/transport';
import { ProviderError, type Provider, type ProviderMessage, type RichContent } from './providers/types';
import {
  CHANNEL_LABELS,
  OPT_OUT_CHANNELS,
  type Channel,
  type Language,
  type MessageAttempt,
  type Placeholder,
  type SendOutcome,
} from '../../shared/contracts/messaging';

export interface SendRequest {
  tenantId: string;
  channel: Channel;
  /** E.164 for phone channels, an e-mail address for Email. */
  to: string;
  language: Language;
  templateKey: string | null;
  values?: Partial<Record<Placeholder, string>> | null;
  text?: string | null;
  subject?: string | null;
  /** Sent for a domain event: the message id is derived from it, so a retry never sends twice. */
  event?: { id: string; type: string } | null;
  actor?: Actor | null;
  /** A person's request: a refusal is thrown (4xx) instead of being logged as failed. */
  refuseWithError?: boolean;
  /** Whose providers and DLT registration carry it: the hub's (default) or the platform's (account notices). */
  sender?: Sender;
  /** An e-mail's recipient's mobile number, when known: whose choices link the e-mail carries. */
  person?: string | null;
  /**
   * A reply of a conversation the person is having with the hub (issue #56, replies.ts): no choices
   * line (the person is in the chat, where STOP works; a line under every answer would drown it) and no
   * 60-second duplicate guard (a question asked again is an answer, and `event` keeps a retry single).
   */
  conversation?: boolean;
  /** WhatsApp inside the window: buttons, a list or an image; `text` is what the log (and SMS) shows. */
  rich?: RichContent | null;
}

export type Sender = 'hub' | 'platform';

type Step = { provider: Provider<never>; config: unknown };

function chainOf(channel: Channel, setup: ProviderSetup): Step[] {
  const step = <C>(provider: Provider<C>, config: C | null): Step[] => (config ? [{ provider: provider, config }] : []);
  switch (channel) {
    case 'sms':
      return [...step(exotelSms, setup.exotel), ...(setup.snsBackup || !setup.exotel ? step(snsSms, {}) : [])];
    case 'voice':
      return step(exotelVoice, setup.exotel);
    case 'whatsapp':
      return step(whatsappCloud, setup.whatsapp);
    case 'email':
      return step(sesEmail, setup.ses);
  }
}

/** The choices link a message carries (rules.ts prepare says where): the person's, never another's. */
async function choicesOf(req: SendRequest) {
  if (req.conversation) return null;
  const phone = req.channel === 'email' ? req.person : req.channel === 'whatsapp' ? req.to : null;
  return phone ? choicesLink(req.tenantId, phone) : null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function outcomeOf(m: StoredMessage): SendOutcome {
  return { channel: m.channel, messageId: m.id, status: m.status, reason: m.reason };
}

/** The checks of sendOne alone: throws SendRefused when the channel would not carry the message. */
export async function preflight(req: SendRequest, now = new Date()): Promise<void> {
  const insideWhatsappWindow = req.channel === 'whatsapp' ? await withinWindow(req.tenantId, req.to, now) : false;
  prepare({
    channel: req.channel,
    language: req.language,
    templateKey: req.templateKey,
    values: req.values,
    text: req.text,
    insideWhatsappWindow,
    choices: await choicesOf(req),
  });
}

export async function sendOne(req: SendRequest, now = new Date()): Promise<SendOutcome> {
  const id = req.event ? eventMessageId(req.event.id, req.channel) : randomUUID();
  const insideWhatsappWindow = req.channel === 'whatsapp' ? await withinWindow(req.tenantId, req.to, now) : false;
  const base: StoredMessage = {
    id,
    tenantId: req.tenantId,
    channel: req.channel,
    to: req.to,
    template: req.templateKey,
    language: req.language,
    body: req.text ?? '',
    status: 'queued',
    reason: null,
    provider: null,
    providerMessageId: null,
    attempts: 0,
    attemptLog: [],
    eventId: req.event?.id ?? null,
    eventType: req.event?.type ?? null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  let prepared: Prepared;
  try {
    prepared = prepare({
      channel: req.channel,
      language: req.language,
      templateKey: req.templateKey,
      values: req.values,
      text: req.text,
      insideWhatsappWindow,
      choices: await choicesOf(req),
    });
  } catch (err) {
    if (!(err instanceof SendRefused)) throw err;
    if (req.refuseWithError) throw err;
    return record({ ...base, status: 'failed', reason: err.message });
  }
  // Issue #52: the log keeps the text and values with every secret masked; the real text goes to the provider only.
  const message: StoredMessage = { ...base, body: prepared.logged.body, values: prepared.logged.values };
  if (OPT_OUT_CHANNELS.includes(req.channel) && (await isOptedOut(req.tenantId, req.to))) {
    return record({ ...message, status: 'suppressed', reason: 'The recipient opted out (STOP); nothing was sent' });
  }
  const audit = req.actor
    ? [
        auditPut(
          {
            tenantId: req.tenantId,
            actor: req.actor,
            action: 'message.sent',
            entityType: 'message',
            entityId: id,
            after: { channel: req.channel, to: req.to, template: req.templateKey, language: req.language },
          },
          now,
        ),
      ]
    : [];
  const created = await createMessage(
    message,
    req.conversation
      ? null
      : { hash: duplicateHash(req.channel, req.to, prepared.said), windowMs: DUPLICATE_WINDOW_MS },
    audit,
  );
  if (created === 'duplicate') {
    return record({
      ...message,
      id: req.event ? id : randomUUID(),
      status: 'suppressed',
      reason: 'The same message went to this recipient less than 60 s ago; sent once',
    });
  }
  if (created === 'exists') {
    const existing = await getMessage(req.tenantId, id);
    if (!existing || existing.status !== 'queued') return outcomeOf(existing ?? message);
    // Written but never handed to a provider (the worker stopped in between): this retry sends it.
    if (!existing.dispatchStartedAt)
      return dispatch(existing, prepared, req.subject ?? null, req.sender ?? 'hub', req.rich ?? null);
    // A try began handing it over and saved no outcome: it may have reached the provider, so it is
    // not sent again (issue #55). Once that try has surely stopped, the message says so.
    if (now.getTime() - Date.parse(existing.dispatchStartedAt) < DISPATCH_STOPPED_MS) return outcomeOf(existing);
    const unconfirmed: StoredMessage = {
      ...existing,
      status: 'unconfirmed',
      reason: UNCONFIRMED_REASON,
      updatedAt: now.toISOString(),
    };
    return outcomeOf((await saveMessage(unconfirmed, 'queued')) ? unconfirmed : existing);
  }
  return dispatch(message, prepared, req.subject ?? null, req.sender ?? 'hub', req.rich ?? null);
}

/** Logs a message that is not sent (refused, suppressed); a second write of the same id changes nothing. */
async function record(m: StoredMessage): Promise<SendOutcome> {
  const created = await createMessage(m, null);
  if (created === 'exists') return outcomeOf((await getMessage(m.tenantId, m.id)) ?? m);
  return outcomeOf(m);
}

async function withinWindow(tenantId: string, phone: string, now: Date): Promise<boolean> {
  const at = await lastInboundAt(tenantId, phone);
  return at !== null && now.getTime() - Date.parse(at) < WHATSAPP_WINDOW_MS;
}

/** Hands the message to its channel's providers in order and saves what happened. */
async function dispatch(
  message: StoredMessage,
  prepared: Prepared,
  subject: string | null,
  sender: Sender,
  rich: RichContent | null,
): Promise<SendOutcome> {
  const setup = sender === 'platform' ? platformSetup() : await providerSetup(message.tenantId);
  let dlt = null;
  if (message.channel === 'sms') {
    try {
      dlt = smsDlt(setup.dlt, sender, prepared.template!, message.language, isLocalMessaging());
    } catch (err) {
      if (!(err instanceof SendRefused)) throw err;
      const details = {
        messageId: message.id,
        sender,
        template: message.template,
        language: message.language,
        reason: err.message,
      };
      if (sender === 'platform') logger.error('System SMS not sent: no platform DLT registration for it', details);
      else logger.warn('SMS not sent: no DLT registration for it', details);
      countFigure('dltRefusals', {});
      const refused: StoredMessage = {
        ...message,
        status: 'failed',
        reason: err.message,
        updatedAt: new Date().toISOString(),
      };
      await saveMessage(refused, message.status);
      return outcomeOf(refused);
    }
  }
  const chain = chainOf(message.channel, setup);
  // One try at a time hands a message over; a try that finds another began stops here (issue #55).
  if (chain.length > 0 && !(await claimDispatch(message, new Date()))) return outcomeOf(message);
  const outgoing: ProviderMessage = {
    ...message,
    body: prepared.body,
    subject,
    template: prepared.template,
    values: prepared.values,
    freeText: prepared.freeText,
    choicesButton: prepared.choicesButton,
    dlt,
    rich: message.channel === 'whatsapp' ? rich : null,
  };
  const attempts: MessageAttempt[] = [...message.attemptLog];
  let lastError = `${CHANNEL_LABELS[message.channel]} is not configured for this hub`;
  for (const { provider, config } of chain) {
    for (let tryNo = 1; tryNo <= PROVIDER_TRIES; tryNo++) {
      if (tryNo > 1) await sleep(backoffMs(tryNo - 1));
      const at = new Date();
      try {
        const answer = await sendRequest(provider.name, outgoing, provider.build(outgoing, config as never), at);
        attempts.push({ provider: provider.name, at: at.toISOString(), ok: true });
        const sent: StoredMessage = {
          ...message,
          status: 'sent',
          reason: null,
          provider: provider.name,
          providerMessageId: provider.messageIdOf(answer),
          attempts: attempts.length,
          attemptLog: attempts,
          updatedAt: new Date().toISOString(),
        };
        await Promise.all([
          saveMessage(sent, message.status),
          recordHealth(message.tenantId, message.channel, provider.name, null, at).catch(() => undefined),
        ]);
        countFigure('messagesSent', { channel: message.channel });
        return outcomeOf(sent);
      } catch (err) {
        lastError = err instanceof Error ? err.message : String(err);
        attempts.push({ provider: provider.name, at: at.toISOString(), ok: false, error: lastError.slice(0, 300) });
        await recordHealth(message.tenantId, message.channel, provider.name, lastError, at).catch(() => undefined);
        logger.warn('message provider failed', {
          messageId: message.id,
          provider: provider.name,
          try: tryNo,
          err: lastError,
        });
        // The provider got it and its answer was lost: another try, or the next provider, could make a
        // second copy. The provider's delivery report (it carries our id) settles it (issue #55).
        if (err instanceof ProviderError && err.maybeSent) {
          const unconfirmed: StoredMessage = {
            ...message,
            status: 'unconfirmed',
            reason: UNCONFIRMED_REASON,
            provider: provider.name,
            attempts: attempts.length,
            attemptLog: attempts,
            updatedAt: new Date().toISOString(),
          };
          await saveMessage(unconfirmed, message.status);
          countFigure('messageFailures', { channel: message.channel });
          return outcomeOf(unconfirmed);
        }
        if (!(err instanceof ProviderError) || !err.retryable) break;
      }
    }
  }
  const failed: StoredMessage = {
    ...message,
    status: 'failed',
    reason: lastError.slice(0, 300),
    attempts: attempts.length,
    attemptLog: attempts,
    updatedAt: new Date().toISOString(),
  };
  await saveMessage(failed, message.status);
  countFigure('messageFailures', { channel: message.channel });
  return outcomeOf(failed);
}
