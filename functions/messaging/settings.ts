// The tenant's messaging providers as /configuration edits them and as the sender uses them. A GET
// never carries a secret or its ciphertext, only whether each is set. Locally (MESSAGING_MODE=local)
// a channel the tenant has not configured uses the local sandbox profile: its requests go to the
// local sink only, so every channel can be tried on a fresh machine.
import { createHash } from 'node:crypto';
import { openSecret, sealSecret } from '../lib/secrets';
import { requirePublicUrl } from '../lib/outbound';
import type { Actor } from '../lib/audit';
import { isLocalMessaging } from './channel';
import { getMessagingSettings, saveMessagingSettings, type StoredMessagingSettings } from './settings.store';
import type { ExotelConfig } from './providers/exotel';
import type { WhatsappConfig } from './providers/whatsapp-cloud';
import type { SesEmailConfig } from './providers/aws';
import { logger } from '../lib/logger';
import {
  DEFAULT_DELAY_ALERT_MINUTES,
  DEMO_DLT_ID,
  DEMO_DLT_REGISTRATION,
  dltRegistrationSchema,
  type DltRegistration,
  type MessagingSettingsView,
  type messagingSettingsSchema,
} from '../../shared/contracts/messaging';
import type * as z from 'zod/mini';

const LOCAL_SANDBOX = {
  exotel: {
    baseUrl: 'https://api.exotel.com',
    accountSid: 'local-sandbox',
    apiKey: 'local',
    apiToken: 'local',
    voiceCallerId: '08047112233',
  },
  whatsapp: { baseUrl: 'https://graph.facebook.com/v21.0', phoneNumberId: '100000000000000', accessToken: 'local' },
};

export interface ProviderSetup {
  exotel: ExotelConfig | null;
  /** SNS is used when the primary fails (or as the only SMS route without a primary). */
  snsBackup: boolean;
  /** The DLT registration every SMS carries (the hub's own; the platform's for system SMS); null: no SMS is sent. */
  dlt: DltRegistration | null;
  whatsapp: WhatsappConfig | null;
  ses: SesEmailConfig;
  delayAlertMinutes: number;
  smsCallbackSecret: string | null;
  whatsappAppSecret: string | null;
}

/** The lookup key of a verify token (settings.store.ts): its SHA-256, so the token itself is kept sealed only. */
export const verifyTokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

const open = (tenantId: string, sealed: string | null | undefined) =>
  sealed ? openSecret(tenantId, sealed) : Promise.resolve(null);

export function callbackUrl(
  tenantId: string,
  kind: 'sms' | 'whatsapp',
  base = process.env.MESSAGING_CALLBACK_BASE_URL,
): string | null {
  return base ? `${base.replace(/\/+$/, '')}/api/messaging/callbacks/${tenantId}/${kind}` : null;
}

/** What the sender needs: each provider's configuration with its secrets opened. */
export async function providerSetup(tenantId: string): Promise<ProviderSetup> {
  const s = await getMessagingSettings(tenantId);
  const local = isLocalMessaging();
  const sms = s?.smsProvider;
  const [apiKey, apiToken, smsCallbackSecret, accessToken, whatsappAppSecret] = await Promise.all([
    open(tenantId, sms?.apiKey),
    open(tenantId, sms?.apiToken),
    open(tenantId, sms?.callbackSecret),
    open(tenantId, s?.whatsapp?.accessToken),
    open(tenantId, s?.whatsapp?.appSecret),
  ]);
  const exotel: ExotelConfig | null =
    sms && apiKey && apiToken
      ? {
          baseUrl: sms.baseUrl,
          accountSid: sms.accountSid,
          apiKey,
          apiToken,
          voiceCallerId: sms.voiceCallerId,
          statusCallbackUrl: callbackUrl(tenantId, 'sms'),
        }
      : local
        ? { ...LOCAL_SANDBOX.exotel, statusCallbackUrl: callbackUrl(tenantId, 'sms') }
        : null;
  const whatsapp: WhatsappConfig | null =
    s?.whatsapp && accessToken
      ? { baseUrl: s.whatsapp.baseUrl, phoneNumberId: s.whatsapp.phoneNumberId, accessToken }
      : local
        ? LOCAL_SANDBOX.whatsapp
        : null;
  return {
    exotel,
    snsBackup: s?.snsBackup ?? true,
    dlt: s?.dlt ?? null,
    whatsapp,
    ses: platformEmail(s?.emailFrom),
    delayAlertMinutes: s?.delayAlertMinutes ?? DEFAULT_DELAY_ALERT_MINUTES,
    smsCallbackSecret,
    whatsappAppSecret,
  };
}

/** The hub's WhatsApp app secret alone (the webhook checks each POST with it; nothing else is opened). */
export async function whatsappAppSecret(tenantId: string): Promise<string | null> {
  return open(tenantId, (await getMessagingSettings(tenantId))?.whatsapp?.appSecret);
}

const platformEmail = (from?: string | null): SesEmailConfig => ({
  from: from ?? process.env.EMAIL_FROM ?? 'no-reply@docksaathi.in',
  configurationSet: process.env.SES_CONFIGURATION_SET ?? null,
});

/**
 * The platform's own DLT registration, from the deploy configuration (PLATFORM_SMS_DLT: JSON of
 * { entityId, header, templateIds }, set from SSM or the stack's context). Without it a deployment
 * sends no system SMS (each refusal is logged); the local stack uses the demo registration.
 */
export function platformDlt(): DltRegistration | null {
  const raw = process.env.PLATFORM_SMS_DLT;
  if (!raw) return isLocalMessaging() ? DEMO_DLT_REGISTRATION : null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const registration = dltRegistrationSchema.safeParse(parsed);
  if (registration.success) return registration.data;
  logger.error('PLATFORM_SMS_DLT is not a valid DLT registration: no system SMS is sent', {
    issues: registration.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
  });
  return null;
}

/** What the sender needs for the platform's own messages (account notices): SNS with the platform's registration, SES. */
export function platformSetup(): ProviderSetup {
  return {
    exotel: null,
    snsBackup: true,
    dlt: platformDlt(),
    whatsapp: null,
    ses: platformEmail(),
    delayAlertMinutes: DEFAULT_DELAY_ALERT_MINUTES,
    smsCallbackSecret: null,
    whatsappAppSecret: null,
  };
}

export function settingsView(
  tenantId: string,
  s: StoredMessagingSettings | null,
  origin: string,
): MessagingSettingsView {
  const sms = s?.smsProvider;
  return {
    smsProvider: sms
      ? {
          baseUrl: sms.baseUrl,
          accountSid: sms.accountSid,
          voiceCallerId: sms.voiceCallerId,
          apiKeySet: Boolean(sms.apiKey),
          apiTokenSet: Boolean(sms.apiToken),
          callbackSecretSet: Boolean(sms.callbackSecret),
        }
      : null,
    dlt: s?.dlt ? { ...s.dlt, demo: s.dlt.entityId === DEMO_DLT_ID } : null,
    snsBackup: s?.snsBackup ?? true,
    whatsapp: s?.whatsapp
      ? {
          baseUrl: s.whatsapp.baseUrl,
          phoneNumberId: s.whatsapp.phoneNumberId,
          accessTokenSet: Boolean(s.whatsapp.accessToken),
          appSecretSet: Boolean(s.whatsapp.appSecret),
          verifyTokenSet: Boolean(s.whatsapp.verifyToken),
        }
      : null,
    emailFrom: s?.emailFrom ?? null,
    delayAlertMinutes: s?.delayAlertMinutes ?? DEFAULT_DELAY_ALERT_MINUTES,
    callbackUrls: {
      sms: callbackUrl(tenantId, 'sms', origin)!,
      whatsapp: callbackUrl(tenantId, 'whatsapp', origin)!,
      // The one webhook of every hub's WhatsApp app (issue #56): the hub is found by its phone number id.
      whatsappWebhook: `${origin.replace(/\/+$/, '')}/api/whatsapp/webhook`,
    },
  };
}

export async function readSettings(tenantId: string, origin: string): Promise<MessagingSettingsView> {
  return settingsView(tenantId, await getMessagingSettings(tenantId), origin);
}

/** A secret field: a new value is sealed; left out (or blank) keeps the one stored. */
const keepOrSeal = async (tenantId: string, given: string | undefined, stored: string | null | undefined) =>
  given ? sealSecret(tenantId, given) : (stored ?? null);

/** Applies an edit: fields left out stay as they are; `null` for a provider removes it. */
export async function updateSettings(
  tenantId: string,
  input: z.output<typeof messagingSettingsSchema>,
  actor: Actor,
  origin: string,
  now = new Date(),
): Promise<MessagingSettingsView> {
  // A provider address is the tenant's to choose, so it must be public (the outbound port's rule).
  if (input.smsProvider) await requirePublicUrl(input.smsProvider.baseUrl, 'smsProvider.baseUrl');
  if (input.whatsapp) await requirePublicUrl(input.whatsapp.baseUrl, 'whatsapp.baseUrl');
  const before = await getMessagingSettings(tenantId);
  const after: StoredMessagingSettings = {
    smsProvider: before?.smsProvider ?? null,
    dlt: input.dlt === undefined ? (before?.dlt ?? null) : input.dlt,
    snsBackup: input.snsBackup ?? before?.snsBackup ?? true,
    whatsapp: before?.whatsapp ?? null,
    emailFrom: input.emailFrom === undefined ? (before?.emailFrom ?? null) : input.emailFrom || null,
    delayAlertMinutes: input.delayAlertMinutes ?? before?.delayAlertMinutes ?? null,
    updatedAt: now.toISOString(),
    revision: (before?.revision ?? 0) + 1,
  };
  if (input.smsProvider === null) after.smsProvider = null;
  else if (input.smsProvider) {
    const { apiKey, apiToken, callbackSecret, ...plain } = input.smsProvider;
    const old = before?.smsProvider;
    after.smsProvider = {
      ...plain,
      apiKey: await keepOrSeal(tenantId, apiKey, old?.apiKey),
      apiToken: await keepOrSeal(tenantId, apiToken, old?.apiToken),
      callbackSecret: await keepOrSeal(tenantId, callbackSecret, old?.callbackSecret),
    };
  }
  if (input.whatsapp === null) after.whatsapp = null;
  else if (input.whatsapp) {
    const { accessToken, appSecret, verifyToken, ...plain } = input.whatsapp;
    const old = before?.whatsapp;
    after.whatsapp = {
      ...plain,
      accessToken: await keepOrSeal(tenantId, accessToken, old?.accessToken),
      appSecret: await keepOrSeal(tenantId, appSecret, old?.appSecret),
      verifyToken: await keepOrSeal(tenantId, verifyToken, old?.verifyToken),
      verifyTokenDigest: verifyToken ? verifyTokenDigest(verifyToken) : (old?.verifyTokenDigest ?? null),
    };
  }
  const changed = Object.keys(input).filter((k) => (input as Record<string, unknown>)[k] !== undefined);
  await saveMessagingSettings(tenantId, before, after, actor, changed, now);
  return settingsView(tenantId, after, origin);
}

/** The local demo hub's stand-in DLT registration (functions/local/seed.ts); settings already saved are left as they are. */
export async function seedDemoDltRegistration(tenantId: string, now = new Date()): Promise<void> {
  if (await getMessagingSettings(tenantId)) return;
  const demo: StoredMessagingSettings = {
    smsProvider: null,
    dlt: DEMO_DLT_REGISTRATION,
    snsBackup: true,
    whatsapp: null,
    emailFrom: null,
    delayAlertMinutes: null,
    updatedAt: now.toISOString(),
    revision: 1,
  };
  await saveMessagingSettings(tenantId, null, demo, { userId: 'seed', username: 'demo seed' }, ['dlt'], now);
}

/** What the local stack's fake WhatsApp Cloud API needs of the demo hub (functions/local/fake-whatsapp.ts). */
export interface DemoWhatsapp {
  baseUrl: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

/**
 * Points the local demo hub's WhatsApp at the fake Cloud API (written on every start: the fake's port
 * changes), secrets sealed and the webhook's lookups kept as a save from /configuration keeps them.
 */
export async function seedDemoWhatsapp(tenantId: string, demo: DemoWhatsapp, now = new Date()): Promise<void> {
  const before = await getMessagingSettings(tenantId);
  const after: StoredMessagingSettings = {
    smsProvider: before?.smsProvider ?? null,
    dlt: before?.dlt ?? DEMO_DLT_REGISTRATION,
    snsBackup: before?.snsBackup ?? true,
    whatsapp: {
      baseUrl: demo.baseUrl,
      phoneNumberId: demo.phoneNumberId,
      accessToken: await sealSecret(tenantId, demo.accessToken),
      appSecret: await sealSecret(tenantId, demo.appSecret),
      verifyToken: await sealSecret(tenantId, demo.verifyToken),
      verifyTokenDigest: verifyTokenDigest(demo.verifyToken),
    },
    emailFrom: before?.emailFrom ?? null,
    delayAlertMinutes: before?.delayAlertMinutes ?? null,
    updatedAt: now.toISOString(),
    revision: (before?.revision ?? 0) + 1,
  };
  await saveMessagingSettings(tenantId, before, after, { userId: 'seed', username: 'demo seed' }, ['whatsapp'], now);
}
