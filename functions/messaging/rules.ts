// The pure rules of sending: what a channel accepts (length, DLT for SMS, WhatsApp's 24-hour
// window), the ids that make a send idempotent, the retry backoff and the status a callback may move
// a message to.
import { createHash } from 'node:crypto';
import {
  channelLimitProblem,
  checkDlt,
  dltTemplateId,
  findTemplate,
  HUB_TEMPLATES,
  renderTemplate,
  TemplateError,
  CHANNEL_LABELS,
  DEMO_DLT_ID,
  DLT_TEXTS,
  PLACEHOLDERS,
  type Channel,
  type DltRegistration,
  type Language,
  type MessageStatus,
  type MessageTemplate,
  type Placeholder,
} from '../../shared/contracts/messaging';
import type { SmsDlt } from './providers/types';

/** A message the channel would not carry, with the reason (4xx for a person, a failed entry for an event). */
export class SendRefused extends Error {}

export const DUPLICATE_WINDOW_MS = 60_000;
export const WHATSAPP_WINDOW_MS = 24 * 3600 * 1000;
/** Tries per provider for a retryable failure, and the wait before each retry. */
export const PROVIDER_TRIES = 3;
export const backoffMs = (retry: number) => 150 * 2 ** (retry - 1);
/**
 * A try that began handing a message to its providers this long ago and saved no outcome has stopped
 * (every provider's tries, timeouts and backoffs take well under it): the message is then unconfirmed.
 */
export const DISPATCH_STOPPED_MS = 60_000;
/** Why a message is unconfirmed: it may have reached the provider, so it is not sent again (issue #55). */
export const UNCONFIRMED_REASON =
  'The provider may have got this message (its answer was lost), so it was not sent again; its delivery report will confirm it';

export interface Prepared {
  body: string;
  template: MessageTemplate | null;
  values: Record<string, string> | null;
  freeText: boolean;
  /** A WhatsApp template's URL button: the token its registered `/privacy/choices/{{1}}` ends with. */
  choicesButton: string | null;
  /** What the message log keeps: the text and the values with every secret masked (maskSecrets). */
  logged: { body: string; values: Record<string, string> | null };
  /** What the 60-second duplicate guard compares: the text without its choices link, signed anew for each message. */
  said: string;
}

/** A code in the log: never its digits. */
export const MASKED_CODE = '••••••';
/** A link in the log keeps its address up to the token: `https://…/invite/••••`. */
export const maskLink = (link: string) => link.replace(/[^/]*$/, '••••');

/** The templates whose `code` opens something (a sign-in, a booking link); elsewhere it is a booking reference. */
const SECRET_CODE_TEMPLATES = new Set(['sign_in_code', 'booking_link']);

/**
 * Issue #52: the secrets a message carries (every link a template carries, each a signed or one-time
 * token; a sign-in or access code; the person's choices link), each with how the log shows it. The
 * secret itself goes only to the provider (and, locally, to the local outbox).
 */
function secretsOf(
  template: MessageTemplate | null,
  values: Record<string, string> | null,
  choices: ChoicesLink | null | undefined,
): [string, string][] {
  const secrets: [string, string][] = choices ? [[choices.url, maskLink(choices.url)]] : [];
  for (const [name, value] of Object.entries(values ?? {})) {
    const kind = PLACEHOLDERS[name as Placeholder]?.kind;
    if (!value) continue;
    if (kind === 'link') secrets.push([value, maskLink(value)]);
    else if (name === 'code' && template && SECRET_CODE_TEMPLATES.has(template.key)) secrets.push([value, MASKED_CODE]);
  }
  return secrets;
}

const maskSecrets = (text: string, secrets: [string, string][]) =>
  secrets.reduce((masked, [secret, shown]) => masked.split(secret).join(shown), text);

/** The person's choices link (consent's choicesLink): its address and the token it ends with. */
export interface ChoicesLink {
  url: string;
  token: string;
}

/** The line after a text that carries the person's choices link, in the message's language. */
export const CHOICES_LINE: Record<Language, string> = {
  en: 'Your message choices: {0}',
  hi: 'आपके संदेश विकल्प: {0}',
};

export interface Content {
  channel: Channel;
  language: Language;
  templateKey: string | null;
  /** From an event: the template's values (the text is rendered from them). */
  values?: Partial<Record<Placeholder, string>> | null;
  /** From a person: the text as typed (checked against the template when one is named). */
  text?: string | null;
  /** WhatsApp: whether the recipient wrote to us in the last 24 hours. */
  insideWhatsappWindow: boolean;
  /** The recipient's choices link (null: no origin configured, or no mobile number to make it for). */
  choices?: ChoicesLink | null;
}

/** The text to send and how, or SendRefused with the reason. */
export function prepare(c: Content): Prepared {
  const template = c.templateKey ? (findTemplate(c.templateKey) ?? null) : null;
  if (c.templateKey && !template) throw new SendRefused('Unknown message template');
  let body: string;
  let values: Record<string, string> | null = null;
  if (c.values && template) {
    try {
      body = renderTemplate(template.key, c.language, c.values);
    } catch (err) {
      if (err instanceof TemplateError) throw new SendRefused(err.message);
      throw err;
    }
    values = Object.fromEntries(template.placeholders.map((p) => [p, c.values![p]!.trim()]));
  } else {
    body = (c.text ?? '').trim();
    if (!body) throw new SendRefused('Please enter phone number and message');
    if (template) {
      const match = checkDlt(template.text[c.language], body);
      if (match.ok) values = match.values;
      else if (c.channel === 'sms' || (c.channel === 'whatsapp' && !c.insideWhatsappWindow))
        throw new SendRefused(match.reason);
    }
  }
  const freeText = c.channel === 'whatsapp' && (!template || !values);
  // The choices link (issue #36, DPDP: withdrawing as easy as giving), decided per channel here, the
  // one place every message passes: an e-mail and a free-text WhatsApp (inside the 24-hour window)
  // end with a line carrying it; a WhatsApp template (outside the window, approved texts only) carries
  // it as the URL button every template is registered with (`<app origin>/privacy/choices/{{1}}`, the
  // token the dynamic part); an SMS is a DLT-registered text that cannot take a line (a reply STOP
  // withdraws); a voice call carries no link. The line counts towards the channel's limit.
  let choicesButton: string | null = null;
  const said = body;
  if (c.choices && (c.channel === 'email' || freeText)) {
    body = `${body}\n\n${CHOICES_LINE[c.language].replace('{0}', c.choices.url)}`;
  } else if (c.choices && c.channel === 'whatsapp') {
    choicesButton = c.choices.token;
  }
  const tooLong = channelLimitProblem(c.channel, body);
  if (tooLong) throw new SendRefused(tooLong);
  if (c.channel === 'sms') {
    if (!template) throw new SendRefused('An SMS must use a DLT-registered template: choose a quick template');
    const dlt = checkDlt(template.text[c.language], body);
    if (!dlt.ok) throw new SendRefused(dlt.reason);
  }
  if (freeText && !c.insideWhatsappWindow) {
    throw new SendRefused(
      `${CHANNEL_LABELS.whatsapp} outside the 24-hour customer-service window needs an approved template: choose a quick template`,
    );
  }
  const secrets = secretsOf(template, values, c.choices);
  const logged = {
    body: maskSecrets(body, secrets),
    values: values && Object.fromEntries(Object.entries(values).map(([k, v]) => [k, maskSecrets(v, secrets)])),
  };
  return { body, template, values, freeText, choicesButton, logged, said };
}

/**
 * The DLT fields of an SMS from its sender's registration (the hub's, or the platform's for system
 * SMS), or SendRefused: no registration, no template id for the text's language, or the demo's
 * stand-in ids outside the local sink. TRAI's rules allow no SMS without them.
 */
export function smsDlt(
  registration: DltRegistration | null,
  sender: 'hub' | 'platform',
  template: MessageTemplate,
  language: Language,
  localSink: boolean,
): SmsDlt {
  if (!registration)
    throw new SendRefused(sender === 'platform' ? DLT_TEXTS.noPlatformRegistration : DLT_TEXTS.noRegistration);
  const templateId = dltTemplateId(registration, template.key, language);
  if (!templateId)
    throw new SendRefused(
      (language === 'hi' ? DLT_TEXTS.noTemplateIdHi : DLT_TEXTS.noTemplateIdEn).replace('{0}', template.name),
    );
  if (!localSink && (registration.entityId === DEMO_DLT_ID || templateId === DEMO_DLT_ID))
    throw new SendRefused(DLT_TEXTS.demoOnly);
  return { entityId: registration.entityId, header: registration.header, templateId };
}

/**
 * The hub's templates an SMS may carry, per language: those its DLT registration lets through
 * (smsDlt), so the Messaging Center offers these only instead of refusing a text after sending it.
 */
export function smsTemplatesOf(registration: DltRegistration | null, localSink: boolean): Record<Language, string[]> {
  const passes = (template: MessageTemplate, language: Language) => {
    try {
      smsDlt(registration, 'hub', template, language, localSink);
      return true;
    } catch (err) {
      if (err instanceof SendRefused) return false;
      throw err;
    }
  };
  const registered = (language: Language) => HUB_TEMPLATES.filter((t) => passes(t, language)).map((t) => t.key);
  return { en: registered('en'), hi: registered('hi') };
}

/** A stable message id per event and channel (the idempotency key of the notifier). */
export function eventMessageId(eventId: string, channel: Channel): string {
  const h = createHash('sha256').update(`${eventId}#${channel}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The key of the 60-second duplicate guard: the same text on the same channel to the same recipient. */
export function duplicateHash(channel: Channel, to: string, body: string): string {
  return createHash('sha256').update(`${channel}\n${to}\n${body}`).digest('hex').slice(0, 40);
}

const RANK: Record<MessageStatus, number> = {
  queued: 0,
  unconfirmed: 1,
  sent: 2,
  delivered: 3,
  failed: 3,
  undeliverable: 3,
  suppressed: 4,
};

/** A callback moves a message forward only (a late "sent" never undoes "delivered"); suppressed stays. */
export function canMoveTo(from: MessageStatus, to: MessageStatus): boolean {
  if (from === 'suppressed' || from === to) return false;
  return RANK[to] > RANK[from] || (from === 'failed' && to === 'delivered');
}
