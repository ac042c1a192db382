// Messaging (doc 1 Messaging Center, §5 messaging validation, §7 POST /api/messaging/test and POST
// /api/notifications/send; issue #15): channels, Indian mobile numbers, the requests, the message
// log and the per-tenant provider settings. Messages are the spec's texts where it gives them.
import * as z from 'zod';
import { findTemplate, LANGUAGES, TEMPLATE_KEYS, type Language } from './messaging-templates';

export * from './messaging-templates';

export const CHANNELS = ['sms', 'whatsapp', 'voice', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_LABELS: Record<Channel, string> = { sms: 'SMS', whatsapp: 'WhatsApp', voice: 'Voice Call', email: 'Email' };
/** Channels that reach a mobile number (opt-out applies to SMS and WhatsApp). */
export const PHONE_CHANNELS: readonly Channel[] = ['sms', 'whatsapp', 'voice'];
export const OPT_OUT_CHANNELS: readonly Channel[] = ['sms', 'whatsapp'];

export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'undeliverable', 'suppressed'] as const;
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
  return size > max ? `The message is too long for ${CHANNEL_LABELS[channel]}: at most ${max.toLocaleString('en-IN')} ${unit}` : null;
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

const EMAIL = z.email('Enter a valid e-mail address').max(254);

const channelField = z.enum(CHANNELS, { error: 'Unknown channel: use sms, whatsapp, voice or email' });
const languageField = z.enum(LANGUAGES, { error: 'Unknown language: use en or hi' }).default('en');
const templateKeyField = z
  .string()
  .trim()
  .max(64)
  .refine((key) => !key || findTemplate(key), 'Unknown message template')
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** The recipient of a phone channel: required with the spec's title text, then an Indian mobile number. */
const phoneField = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(32, INDIAN_MOBILE_MESSAGE)
    .transform((v, ctx) => {
      if (v.includes('@')) return v.toLowerCase();
      const e164 = toIndianE164(v);
      if (!e164) ctx.addIssue({ code: 'custom', message: `Not an Indian mobile number. ${INDIAN_MOBILE_MESSAGE}` });
      return e164 ?? v;
    });

/** POST /api/messaging/test: one channel, the recipient (an e-mail address for Email). */
export const messagingTestSchema = z
  .strictObject({
    channel: channelField,
    to: phoneField('Please enter a phone number to test messaging'),
    message: z.string().trim().max(1000).optional(),
    language: languageField,
  })
  .superRefine((v, ctx) => recipientIssues(v.to, [v.channel], ctx));
export type MessagingTestInput = z.input<typeof messagingTestSchema>;

/** POST /api/notifications/send: the spec's notification request, plus language, template and an e-mail address. */
export const notificationSendSchema = z
  .strictObject({
    to: phoneField('Please enter phone number and message'),
    message: z.string({ error: 'Please enter phone number and message' }).trim().min(1, 'Please enter phone number and message').max(10000),
    channels: z.array(channelField, { error: 'Please select at least one notification channel' }).min(1, 'Please select at least one notification channel').max(4).transform((v) => [...new Set(v)]),
    subject: z.string().trim().max(200).optional(),
    language: languageField,
    templateKey: templateKeyField,
    email: z.union([z.literal(''), EMAIL]).optional().nullable().transform((v) => (v ? v.toLowerCase() : null)),
  })
  .superRefine((v, ctx) => recipientIssues(v.to, v.channels, ctx, v.email));
export type NotificationSendInput = z.input<typeof notificationSendSchema>;

function recipientIssues(to: string, channels: readonly Channel[], ctx: z.RefinementCtx, email?: string | null) {
  const isEmail = to.includes('@');
  if (isEmail && channels.some((c) => PHONE_CHANNELS.includes(c))) ctx.addIssue({ code: 'custom', path: ['to'], message: `Not an Indian mobile number. ${INDIAN_MOBILE_MESSAGE}` });
  if (channels.includes('email') && !(email || (isEmail && EMAIL.safeParse(to).success))) ctx.addIssue({ code: 'custom', path: [email === undefined ? 'to' : 'email'], message: 'Email needs an e-mail address' });
}

/** GET /api/messaging/messages: newest first, paged, filtered by status and channel. */
export const messageListQuerySchema = z.strictObject({
  status: z.enum(MESSAGE_STATUSES, { error: 'Unknown status' }).optional(),
  channel: channelField.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(500).optional(),
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
  body: string;
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
}

// ---- Per-tenant provider settings (/configuration). Secrets are write-only: a GET says only whether one is set. ----

const secret = z.string().trim().max(500).optional();
const optional = (max: number) => z.string().trim().max(max).optional().nullable().transform((v) => (v ? v : null));

export const messagingSettingsSchema = z.strictObject({
  smsProvider: z.strictObject({
    baseUrl: z.url('Enter the provider API address').max(300),
    accountSid: z.string().trim().min(1, 'Account SID is required').max(100),
    apiKey: secret,
    apiToken: secret,
    callbackSecret: secret,
    senderId: z.string().trim().regex(/^[A-Z]{6}$/, 'Sender ID must be 6 capital letters'),
    dltEntityId: z.string().trim().regex(/^\d{12,19}$/, 'DLT entity ID must be 12 to 19 digits'),
    voiceCallerId: optional(20),
  }).nullable().optional(),
  snsBackup: z.boolean().optional(),
  whatsapp: z.strictObject({
    baseUrl: z.url('Enter the WhatsApp API address').max(300).default('https://graph.facebook.com/v21.0'),
    phoneNumberId: z.string().trim().regex(/^\d{5,30}$/, 'Phone number ID must be digits'),
    accessToken: secret,
    appSecret: secret,
  }).nullable().optional(),
  emailFrom: z.union([z.literal(''), EMAIL]).optional().nullable().transform((v) => (v ? v.toLowerCase() : v)),
  delayAlertMinutes: z.coerce.number().int('Must be a whole number').min(5, 'At least 5 minutes').max(240, 'At most 240 minutes').optional(),
});
export type MessagingSettingsInput = z.input<typeof messagingSettingsSchema>;

/** The settings as a GET answers them: no secret, only whether each one is set. */
export interface MessagingSettingsView {
  smsProvider: { baseUrl: string; accountSid: string; senderId: string; dltEntityId: string; voiceCallerId: string | null; apiKeySet: boolean; apiTokenSet: boolean; callbackSecretSet: boolean } | null;
  snsBackup: boolean;
  whatsapp: { baseUrl: string; phoneNumberId: string; accessTokenSet: boolean; appSecretSet: boolean } | null;
  emailFrom: string | null;
  delayAlertMinutes: number;
  callbackUrls: { sms: string; whatsapp: string };
}

export const DEFAULT_DELAY_ALERT_MINUTES = 15;

/** Driver preferences (fields on the driver, carriers domain). */
export const driverMessagingSchema = z.strictObject({
  preferredChannels: z.array(channelField).max(4).transform((v) => [...new Set(v)]).optional(),
  preferredLanguage: z.enum(LANGUAGES, { error: 'Unknown language: use en or hi' }).optional(),
});
export type { Language };
export { TEMPLATE_KEYS };
