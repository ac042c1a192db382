// Outbound webhook subscriptions of a system: an event type, a URL, its timeout and retries, its own
// sealed signing secret, and how its deliveries fare (the Monitoring tab marks one that keeps failing).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type Actor } from '../lib/audit';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, isConditionalCheckFailed, queryPrefix, transact } from '../lib/dynamo';
import { RevisionConflictError } from '../lib/errors';
import { revised, revisionCondition, revisionOf, type Revisioned } from '../lib/revision';
import { systemKeys } from './system.store';
import type { WebhookFailure, WebhookSubscription } from '../../shared/contracts/integrations-webhooks';

export interface WebhookRecord extends Omit<WebhookSubscription, 'revision'>, Revisioned {
  tenantId: string;
  sealedSecret: string;
  /** The time of the attempt `lastFailure` and `deliveryStatus` speak of: an older one's outcome never overwrites them. */
  lastAttemptAt?: string;
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

/**
 * Creates (no `before`), replaces (as read, at its revision: functions/lib/revision.ts) or deletes (no
 * `after`) a subscription, with its audit record. A replacement stores the next revision.
 */
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
          Item: toItem(before ? revised(before, after) : after),
          ...(before ? revisionCondition(revisionOf(before)) : { ConditionExpression: 'attribute_not_exists(PK)' }),
        },
      }
    : {
        Delete: {
          TableName: config.tableName,
          Key: webhookKeys.key(subject.tenantId, subject.systemId, subject.id),
          ...revisionCondition(revisionOf(before!)),
        },
      };
  const action = !before ? 'created' : after ? 'updated' : 'deleted';
  const secretReplaced = Boolean(before && after && before.sealedSecret !== after.sealedSecret);
  const image = (w: WebhookRecord | null) =>
    w ? { ...w, sealedSecret: w === after && secretReplaced ? '[replaced]' : '[redacted]' } : null;
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
    () => new RevisionConflictError(),
  );
}

/**
 * Records on the subscription how an attempt went: a success clears the failure and the count of
 * failed deliveries; a failure is kept as the last one, and a delivery that used up its retries
 * (`gaveUp`) marks the subscription in error and counts one more. An attempt older than the one
 * recorded changes nothing.
 */
export async function recordAttemptOutcome(
  subscription: Pick<WebhookRecord, 'tenantId' | 'systemId' | 'id'>,
  attempt: { at: string; failure: WebhookFailure | null; statusCode: number | null; gaveUp: boolean },
): Promise<void> {
  const { at, failure, statusCode, gaveUp } = attempt;
  const sets = ['lastAttemptAt = :at', 'lastFailure = :failure'];
  const values: Record<string, unknown> = {
    ':at': at,
    ':failure': failure ? { failure, statusCode, at } : null,
  };
  let add = '';
  if (!failure) {
    sets.push('deliveryStatus = :ok', 'lastDeliveryAt = :at', 'consecutiveFailures = :zero');
    Object.assign(values, { ':ok': 'OK', ':zero': 0 });
  } else if (gaveUp) {
    sets.push('deliveryStatus = :error', 'lastDeliveryAt = :at');
    Object.assign(values, { ':error': 'ERROR', ':one': 1 });
    add = ' ADD consecutiveFailures :one';
  }
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: webhookKeys.key(subscription.tenantId, subscription.systemId, subscription.id),
        UpdateExpression: `SET ${sets.join(', ')}${add}`,
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(lastAttemptAt) OR lastAttemptAt <= :at)',
        ExpressionAttributeValues: values,
      }),
    );
  } catch (err) {
    // Deleted meanwhile, or a newer attempt's outcome is recorded already.
    if (!isConditionalCheckFailed(err)) throw err;
  }
}
