// A tenant's messaging settings (TENANT#<t>#MSGSETTINGS): providers with their credentials sealed
// (functions/lib/secrets.ts), the hub's DLT registration, the backup SMS route, the e-mail sender and
// the delay-alert minutes. Beside them, two lookups of the WhatsApp webhook (issue #56), kept by the same
// transaction: the hub's phone number id -> the tenant (a POST names its number), and the digest of its
// verify token (Meta's GET verification names nothing else). Each number and token belongs to one hub.
import { getItem, transact } from '../lib/dynamo';
import { config } from '../lib/config';
import { tenantPk } from '../lib/table';
import { auditPut, type Actor } from '../lib/audit';
import { ConflictError } from '../lib/errors';
import type { DltRegistration } from '../../shared/contracts/messaging';

export interface StoredMessagingSettings {
  smsProvider: {
    baseUrl: string;
    accountSid: string;
    voiceCallerId: string | null;
    apiKey: string | null;
    apiToken: string | null;
    callbackSecret: string | null;
  } | null;
  /** Absent on items saved before the registration had its own section: no registration. */
  dlt?: DltRegistration | null;
  snsBackup: boolean;
  whatsapp: {
    baseUrl: string;
    phoneNumberId: string;
    accessToken: string | null;
    appSecret: string | null;
    /** Sealed; absent on settings saved before the webhook (issue #56). */
    verifyToken?: string | null;
    /** The verify token's SHA-256 (its lookup's key), kept to remove the lookup when the token changes. */
    verifyTokenDigest?: string | null;
  } | null;
  emailFrom: string | null;
  delayAlertMinutes: number | null;
  updatedAt: string;
  revision: number;
}

const settingsKey = (tenantId: string) => ({ PK: tenantPk(tenantId, 'MSGSETTINGS'), SK: 'MSGSETTINGS' });
// Not a tenant's partition: the webhook finds the tenant by them.
const numberKey = (phoneNumberId: string) => ({ PK: `WHATSAPPNUMBER#${phoneNumberId}`, SK: 'WHATSAPPNUMBER' });
const verifyKey = (digest: string) => ({ PK: `WHATSAPPVERIFY#${digest}`, SK: 'WHATSAPPVERIFY' });

export function getMessagingSettings(tenantId: string): Promise<StoredMessagingSettings | null> {
  return getItem<StoredMessagingSettings>(settingsKey(tenantId), true);
}

/** The tenant whose WhatsApp number this is (the webhook's routing); null for a number no hub connected. */
export async function tenantOfWhatsappNumber(phoneNumberId: string): Promise<string | null> {
  return (await getItem<{ tenantId: string }>(numberKey(phoneNumberId)))?.tenantId ?? null;
}

/** The tenant that configured this verify token (by its digest); null when none did. */
export async function tenantOfVerifyToken(digest: string): Promise<string | null> {
  return (await getItem<{ tenantId: string }>(verifyKey(digest)))?.tenantId ?? null;
}

type LookupItems = Parameters<typeof transact>[0];

/** The writes that keep a lookup (number or verify token) pointing at this tenant: the old one removed, the new one claimed. */
function lookupWrites(
  tenantId: string,
  key: (value: string) => { PK: string; SK: string },
  before: string | null | undefined,
  after: string | null | undefined,
  now: Date,
): LookupItems {
  const mine = { ':t': tenantId };
  const items: LookupItems = [];
  if (before && before !== after)
    items.push({
      Delete: {
        TableName: config.tableName,
        Key: key(before),
        ConditionExpression: 'attribute_not_exists(PK) OR tenantId = :t',
        ExpressionAttributeValues: mine,
      },
    });
  if (after)
    items.push({
      Put: {
        TableName: config.tableName,
        Item: { ...key(after), entity: 'whatsapp-lookup', tenantId, updatedAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(PK) OR tenantId = :t',
        ExpressionAttributeValues: mine,
      },
    });
  return items;
}

/** Saves the settings (sealed secrets inside) with an audit record naming what changed, never a secret. */
export async function saveMessagingSettings(
  tenantId: string,
  before: StoredMessagingSettings | null,
  after: StoredMessagingSettings,
  actor: Actor,
  changedFields: string[],
  now: Date,
) {
  const lookups = [
    ...lookupWrites(tenantId, numberKey, before?.whatsapp?.phoneNumberId, after.whatsapp?.phoneNumberId, now),
    ...lookupWrites(tenantId, verifyKey, before?.whatsapp?.verifyTokenDigest, after.whatsapp?.verifyTokenDigest, now),
  ];
  await transact(
    [
      ...lookups,
      {
        Put: {
          TableName: config.tableName,
          Item: { ...settingsKey(tenantId), entity: 'messaging-settings', ...after },
          ConditionExpression: before ? 'revision = :seen' : 'attribute_not_exists(PK)',
          ExpressionAttributeValues: before ? { ':seen': before.revision } : undefined,
        },
      },
      auditPut(
        {
          tenantId,
          actor,
          action: 'messaging.settings-changed',
          entityType: 'messaging-settings',
          entityId: tenantId,
          after: { changed: changedFields },
        },
        now,
      ),
    ],
    (index) =>
      index < lookups.length
        ? new ConflictError('This WhatsApp number or verify token is connected to another hub', {
            whatsapp: 'This WhatsApp number or verify token is connected to another hub',
          })
        : new ConflictError('The messaging settings were changed by someone else. Refresh and try again.'),
  );
}
