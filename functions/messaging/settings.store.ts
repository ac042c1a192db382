// A tenant's messaging settings (TENANT#<t>#MSGSETTINGS): providers with their credentials sealed
// (functions/lib/secrets.ts), the hub's DLT registration, the backup SMS route, the e-mail sender and
// the delay-alert minutes.
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
  whatsapp: { baseUrl: string; phoneNumberId: string; accessToken: string | null; appSecret: string | null } | null;
  emailFrom: string | null;
  delayAlertMinutes: number | null;
  updatedAt: string;
  revision: number;
}

const settingsKey = (tenantId: string) => ({ PK: tenantPk(tenantId, 'MSGSETTINGS'), SK: 'MSGSETTINGS' });

export function getMessagingSettings(tenantId: string): Promise<StoredMessagingSettings | null> {
  return getItem<StoredMessagingSettings>(settingsKey(tenantId), true);
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
  await transact(
    [
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
    () => new ConflictError('The messaging settings were changed by someone else. Refresh and try again.'),
  );
}
