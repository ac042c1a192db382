// Outbound webhook subscriptions of a system: an event type, a URL, its timeout and retries, its own
// sealed signing secret, and how its deliveries fare (the Monitoring tab marks one that keeps failing).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type Actor } from '../lib/audit';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, isConditionalCheckFailed, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError } from '../lib/errors';
import { systemKeys } from './system.store';
import type { WebhookSubscription } from '../../shared/contracts/integrations';

export interface WebhookRecord extends WebhookSubscription {
  tenantId: string;
  sealedSecret: string;
}

export const webhookKeys = {
  key: (tenantId: string, systemId: string, id: string) => ({
    PK: systemKeys.partition(tenantId),
    SK: `WEBHOOK#${systemId}#${id}`,
  }),
};

const toItem = (w: WebhookRecord) => ({
  ...webhookKeys.key(w.tenantId, w.systemId, w.id),
  entity: 'integration-webhook',
  ...w,
});

/** The subscriptions of one system, or of the whole tenant (the fan-out of an event). */
export async function listWebhookRecords(tenantId: string, systemId?: string): Promise<WebhookRecord[]> {
  const items = await queryPrefix<WebhookRecord>(
    systemKeys.partition(tenantId),
    systemId ? `WEBHOOK#${systemId}#` : 'WEBHOOK#',
    { consistent: true },
  );
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export function getWebhookRecord(tenantId: string, systemId: string, id: string): Promise<WebhookRecord | null> {
  return getItem<WebhookRecord>(webhookKeys.key(tenantId, systemId, id), true);
}

/** Creates (no `before`), replaces (as read) or deletes (no `after`) a subscription, with its audit record. */
export async function writeWebhook(
  change: { before: WebhookRecord | null; after: WebhookRecord | null },
  actor: Actor,
  now: Date,
): Promise<void> {
  const { before, after } = change;
  const subject = (after ?? before)!;
  const write = after
    ? {
        Put: {
          TableName: config.tableName,
          Item: toItem(after),
          ...(before
            ? { ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': before.updatedAt } }
            : { ConditionExpression: 'attribute_not_exists(PK)' }),
        },
      }
    : {
        Delete: {
          TableName: config.tableName,
          Key: webhookKeys.key(subject.tenantId, subject.systemId, subject.id),
          ConditionExpression: 'updatedAt = :seen',
          ExpressionAttributeValues: { ':seen': before!.updatedAt },
        },
      };
  const action = !before ? 'created' : after ? 'updated' : 'deleted';
  const image = (w: WebhookRecord | null) => (w ? { ...w, sealedSecret: '[redacted]' } : null);
  await transact(
    [
      write,
      auditPut(
        {
          tenantId: subject.tenantId,
          actor,
          action: `integration-webhook.${action}`,
          entityType: 'integration-webhook',
          entityId: subject.id,
          before: image(before),
          after: image(after),
        },
        now,
      ),
    ],
    () => new ConflictError('The webhook subscription changed meanwhile. Refresh and try again.'),
  );
}

/** Counts a finished delivery on its subscription: OK resets the failures, ERROR adds one. */
export async function recordDeliveryOutcome(
  tenantId: string,
  systemId: string,
  id: string,
  outcome: 'OK' | 'ERROR',
  at: string,
): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: webhookKeys.key(tenantId, systemId, id),
        UpdateExpression:
          outcome === 'OK'
            ? 'SET deliveryStatus = :s, lastDeliveryAt = :at, consecutiveFailures = :zero'
            : 'SET deliveryStatus = :s, lastDeliveryAt = :at ADD consecutiveFailures :one',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':s': outcome, ':at': at, ...(outcome === 'OK' ? { ':zero': 0 } : { ':one': 1 }) },
      }),
    );
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err; // the subscription was deleted meanwhile
  }
}
