// Messaging (doc 1 Messaging Center, §5 messaging validation, §7 POST /api/messaging/test and POST
// /api/notifications/send; issue #15): channels, Indian mobile numbers, the requests, the message
// log and the per-tenant provider settings. Messages are the spec's texts where it gives them.
import * as z from 'zod/mini';
import { findTemplate, LANGUAGES, TEMPLATE_KEYS, type Language } from './messaging-templates';
import { languageChoice } from './language';

export * from './messaging-templates';
export * from './messaging-fill';

export const CHANNELS = ['sms', 'whatsapp', 'voice', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_LABELS: Record<Channel, string> = {
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  voice: 'Voice Call',
  email: 'Email',
};
/** Channels that reach a mobile number (opt-out applies to SMS and WhatsApp). */
export const PHONE_CHANNELS: readonly Channel[] = ['sms', 'whatsapp', 'voice'];
export const OPT_OUT_CHANNELS: readonly Channel[] = ['sms', 'whatsapp'];

/**
 * `unconfirmed`: handed to a provider whose answer was lost; it may have been sent, so it is not sent
 * again, and the provider's delivery report moves it on (issue #55).
 */
export const MESSAGE_STATUSES = [
  'queued',
  'sent',
  'unconfirmed',
  'delivered',
  'failed',
  'undeliverable',
  'suppressed',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What one message may carry on each channel (SMS in bytes as sent: UCS-2 for Hindi). */
export const CHANNEL_LIMITS: Record<Channel, { max: number; unit: 'bytes' | 'characters' }> = {
  sms: { max: 1600, unit: 'bytes' },
  whatsapp: { max: 4096, unit: 'characters' },
  voice: { max: 1000, unit: 'characters' },
  email: { max: 10000, unit: 'characters' },
};

/** An SMS's size as the operator counts it: 1 byte per character in GSM text, UCS-2 (2 bytes) otherwise. */
export function smsBytes(text: string): number {
  return /^[\x20-\x7E\n\r]*$/.test(text) ? text.length : text.length * 2;
}

export function channelLimitProblem(channel: Channel, text: string): string | null {
  const { max, unit } = CHANNEL_LIMITS[channel];
  const size = unit === 'bytes' ? smsBytes(text) : [...text].length;
  return size > max
    ? `The message is too long for ${CHANNEL_LABELS[channel]}: at most ${max.toLocaleString('en-IN')} ${unit}`
    : null;
}

export const INDIAN_MOBILE_MESSAGE = 'Use Indian format: +91 followed by 10-digit number';

/**
 * An Indian mobile number in E.164 (+91 and 10 digits starting 6-9), from "+91 98450 12345",
 * "098450 12345", "9845012345" or "919845012345"; null for anything else.
 */
export function toIndianE164(input: string): string | null {
  const digits = input.trim().replace(/[\s()-]/g, '');
  const match = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(digits);
  return match ? `+91${match[1]}` : null;
}

const EMAIL = z.email('Enter a valid e-mail address').check(z.maxLength(254));

export const channelField = z.enum(CHANNELS, { error: 'Unknown channel: use sms, whatsapp, voice or email' });
export { languageChoice };
const languageField = z._default(languageChoice, 'en');
export const templateKeyField = z.pipe(
  z.nullable(
    z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(64),
        z.refine((key) => !key || findTemplate(key), 'Unknown message template'),
      ),
    ),
  ),
  z.transform((v) => (v ? v : null)),
);

/** The recipient of a phone channel: required with the spec's title text, then an Indian mobile number. */
const phoneField = (missing: string) =>
  z.pipe(
    z.string({ error: missing }).check(z.trim(), z.minLength(1, missing), z.maxLength(32, INDIAN_MOBILE_MESSAGE)),
    z.transform((v, ctx) => {
      if (v.includes('@')) return v.toLowerCase();
      const e164 = toIndianE164(v);
      if (!e164)
        ctx.issues.push({ code: 'custom', input: v, message: `Not an Indian mobile number. ${INDIAN_MOBILE_MESSAGE}` });
      return e164 ?? v;
    }),
  );

/** POST /api/messaging/test: one channel, the recipient (an e-mail address for Email). */
export const messagingTestSchema = z
  .strictObject({
    channel: channelField,
    to: phoneField('Please enter a phone number to test messaging'),
    message: z.optional(z.string().check(z.trim(), z.maxLength(1000))),
    language: languageField,
  })
  .check(z.superRefine((v, ctx) => recipientIssues(v.to, [v.channel], ctx)));
export type MessagingTestInput = z.input<typeof messagingTestSchema>;

/** POST /api/notifications/send: the spec's notification request, plus language, template and an e-mail address. */
export const notificationSendSchema = z
  .strictObject({
    to: phoneField('Please enter phone number and message'),
    message: z
      .string({ error: 'Please enter phone number and message' })
      .check(z.trim(), z.minLength(1, 'Please enter phone number and message'), z.maxLength(10000)),
    channels: z.pipe(
      z
        .array(channelField, { error: 'Please select at least one notification channel' })
        .check(z.minLength(1, 'Please select at least one notification channel'), z.maxLength(4)),
      z.transform((v) => [...new Set(v)]),
    ),
    subject: z.optional(z.string().check(z.trim(), z.maxLength(200))),
    language: languageField,
    templateKey: templateKeyField,
    email: z.pipe(
      z.nullable(z.optional(z.union([z.literal(''), EMAIL]))),
      z.transform((v) => (v ? v.toLowerCase() : null)),
    ),
  })
  .check(z.superRefine((v, ctx) => recipientIssues(v.to, v.channels, ctx, v.email)));
export type NotificationSendInput = z.input<typeof notificationSendSchema>;

function recipientIssues(to: string, channels: readonly Channel[], ctx: z.core.$RefinementCtx, email?: string | null) {
  const isEmail = to.includes('@');
  if (isEmail && channels.some((c) => PHONE_CHANNELS.includes(c)))
    ctx.addIssue({ code: 'custom', path: ['to'], message: `Not an Indian mobile number. ${INDIAN_MOBILE_MESSAGE}` });
  if (channels.includes('email') && !(email || (isEmail && EMAIL.safeParse(to).success)))
    ctx.addIssue({
      code: 'custom',
      path: [email === undefined ? 'to' : 'email'],
      message: 'Email needs an e-mail address',
    });
}

/** GET /api/messaging/messages: newest first, paged, filtered by status and channel. */
export const messageListQuerySchema = z.strictObject({
  status: z.optional(z.enum(MESSAGE_STATUSES, { error: 'Unknown status' })),
  channel: z.optional(channelField),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 25),
  cursor: z.optional(z.string().check(z.maxLength(500))),
});

export interface MessageAttempt {
  provider: string;
  at: string;
  ok: boolean;
  error?: string;
}

/** One entry of the message log. */
export interface MessageEntry {
  id: string;
  channel: Channel;
  to: string;
  template: string | null;
  language: Language;
  /** The text as sent, every secret in it masked (`/invite/••••`, `••••••`): the secret goes to the provider only. */
  body: string;
  /** The template's values, secrets masked likewise (absent on messages written before issue #52). */
  values?: Record<string, string> | null;
  status: MessageStatus;
  reason: string | null;
  provider: string | null;
  providerMessageId: string | null;
  attempts: number;
  attemptLog: MessageAttempt[];
  eventId: string | null;
  eventType: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MessagePage {
  items: MessageEntry[];
  nextCursor: string | null;
}

/** The answer of a send: one outcome per channel. */
export interface SendOutcome {
  channel: Channel;
  messageId: string;
  status: MessageStatus;
  reason: string | null;
}

/** The Integration Status cards: computed from the settings and the last sends of each channel. */
export interface ChannelStatus {
  channel: Channel;
  configured: boolean;
  providers: string[];
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
  /** SMS only: the hub's templates an SMS may carry in each language (those its DLT registration has ids for). */
  templates?: Record<Language, string[]>;
}

// ---- India's DLT registration (TRAI TCCCPR 2018; docs/decisions.md "DLT registration") ----

/** The ids the operators' DLT platforms issue (principal entity, content template) are 19 digits. */
export const DLT_ID_PATTERN = /^\d{19}$/;
/** The header (sender id) of transactional and service SMS: 6 letters. */
export const SMS_HEADER_PATTERN = /^[A-Z]{6}$/;
/** The local demo's stand-in for every DLT id: no operator issues it, the screens call it demo, and it is only ever sent to the local sink. */
export const DEMO_DLT_ID = '0000000000000000000';
export const DEMO_SMS_HEADER = 'DSDEMO';

export const DLT_TEXTS = {
  entityId: 'The DLT entity ID must be 19 digits',
  templateId: 'A DLT template ID must be 19 digits',
  header: 'The sender header must be 6 letters (A-Z)',
  demoId: 'All zeros is the demo stand-in, not a DLT ID: enter the ID from your DLT registration',
  sameTemplateId: 'This DLT template ID is already entered for another text: each registered text has its own ID',
  // Why an SMS was not sent (the message log's reason).
  noRegistration:
    'Not sent: SMS needs the hub’s DLT registration. Enter the DLT entity ID and sender header under Configuration, Messaging providers',
  noPlatformRegistration: 'Not sent: the platform’s DLT registration is missing from this deployment’s configuration',
  noTemplateIdEn:
    'Not sent: "{0}" has no DLT template ID for its English text. Add it under Configuration, Messaging providers',
  noTemplateIdHi:
    'Not sent: "{0}" has no DLT template ID for its Hindi text. Add it under Configuration, Messaging providers',
  demoOnly:
    'Not sent: the demo DLT registration only reaches the local outbox. Enter your own DLT IDs under Configuration, Messaging providers',
};

const dltId = (message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.regex(DLT_ID_PATTERN, message),
    z.refine((id) => id !== DEMO_DLT_ID, DLT_TEXTS.demoId),
  );
/** A template id field: blank means "not registered yet". */
const templateIdField = z.pipe(
  z.optional(z.nullable(z.union([z.literal(''), dltId(DLT_TEXTS.templateId)]))),
  z.transform((v) => v || null),
);

/** A DLT registration: the principal entity, its header, and the template id of each registered text. */
export const dltRegistrationSchema = z
  .strictObject({
    entityId: dltId(DLT_TEXTS.entityId),
    header: z
      .string({ error: DLT_TEXTS.header })
      .check(z.trim(), z.toUpperCase(), z.regex(SMS_HEADER_PATTERN, DLT_TEXTS.header)),
    templateIds: z._default(
      z.partialRecord(
        z.enum(TEMPLATE_KEYS, { error: 'Unknown message template' }),
        z.strictObject({ en: templateIdField, hi: templateIdField }),
      ),
      {},
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      const seen = new Set<string>();
      for (const [key, ids] of Object.entries(v.templateIds)) {
        for (const language of LANGUAGES) {
          const id = ids?.[language];
          if (!id) continue;
          if (seen.has(id))
            ctx.addIssue({ code: 'custom', path: ['templateIds', key, language], message: DLT_TEXTS.sameTemplateId });
          seen.add(id);
        }
      }
    }),
  );
export type DltRegistration = z.output<typeof dltRegistrationSchema>;

/** The registration's template id of a text, or null when that text is not registered. */
export const dltTemplateId = (
  r: Pick<DltRegistration, 'templateIds'>,
  templateKey: string,
  language: Language,
): string | null => r.templateIds[templateKey]?.[language] ?? null;

/** The local demo's registration (seeded for the demo hub; the platform's own on the local stack only). */
export const DEMO_DLT_REGISTRATION: DltRegistration = {
  entityId: DEMO_DLT_ID,
  header: DEMO_SMS_HEADER,
  templateIds: Object.fromEntries(TEMPLATE_KEYS.map((k) => [k, { en: DEMO_DLT_ID, hi: DEMO_DLT_ID }])),
};

// ---- Per-tenant provider settings (/configuration). Secrets are write-only: a GET says only whether one is set. ----

const secret = z.optional(z.string().check(z.trim(), z.maxLength(500)));
const optional = (max: number) =>
  z.pipe(
    z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(max)))),
    z.transform((v) => (v ? v : null)),
  );

export const messagingSettingsSchema = z.strictObject({
  smsProvider: z.optional(
    z.nullable(
      z.strictObject({
        baseUrl: z.url('Enter the provider API address').check(z.maxLength(300)),
        accountSid: z.string().check(z.trim(), z.minLength(1, 'Account SID is required'), z.maxLength(100)),
        apiKey: secret,
        apiToken: secret,
        callbackSecret: secret,
        voiceCallerId: optional(20),
      }),
    ),
  ),
  dlt: z.optional(z.nullable(dltRegistrationSchema)),
  snsBackup: z.optional(z.boolean()),
  whatsapp: z.optional(
    z.nullable(
      z.strictObject({
        baseUrl: z._default(
          z.url('Enter the WhatsApp API address').check(z.maxLength(300)),
          'https://graph.facebook.com/v21.0',
        ),
        phoneNumberId: z.string().check(z.trim(), z.regex(/^\d{5,30}$/, 'Phone number ID must be digits')),
        accessToken: secret,
        appSecret: secret,
        /** The token Meta's webhook verification (GET /api/whatsapp/webhook) echoes back (issue #56). */
        verifyToken: secret,
      }),
    ),
  ),
  emailFrom: z.pipe(
    z.nullable(z.optional(z.union([z.literal(''), EMAIL]))),
    z.transform((v) => (v ? v.toLowerCase() : v)),
  ),
  delayAlertMinutes: z.optional(
    z.coerce
      .number()
      .check(z.int('Must be a whole number'), z.gte(5, 'At least 5 minutes'), z.lte(240, 'At most 240 minutes')),
  ),
});
export type MessagingSettingsInput = z.input<typeof messagingSettingsSchema>;

/** The settings as a GET answers them: no secret, only whether each one is set. */
export interface MessagingSettingsView {
  smsProvider: {
    baseUrl: string;
    accountSid: string;
    voiceCallerId: string | null;
    apiKeySet: boolean;
    apiTokenSet: boolean;
    callbackSecretSet: boolean;
  } | null;
  /** `demo`: the local demo's stand-in registration (all-zero ids), never sent outside the local sink. */
  dlt: (DltRegistration & { demo: boolean }) | null;
  snsBackup: boolean;
  whatsapp: {
    baseUrl: string;
    phoneNumberId: string;
    accessTokenSet: boolean;
    appSecretSet: boolean;
    verifyTokenSet: boolean;
  } | null;
  emailFrom: string | null;
  delayAlertMinutes: number;
  /** `whatsappWebhook`: the address to give Meta as the app's webhook (issue #56). */
  callbackUrls: { sms: string; whatsapp: string; whatsappWebhook: string };
}

export const DEFAULT_DELAY_ALERT_MINUTES = 15;

export type { Language };
export { TEMPLATE_KEYS };
