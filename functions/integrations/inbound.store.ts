// What makes inbound traffic idempotent: a webhook-id is accepted once per system (an item with a
// TTL, well past the ±5 minute timestamp window), and an external record id maps to the one
// appointment made from it (claimed before booking, so a sync and a webhook carrying the same
// request cannot both book it).
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, isConditionalCheckFailed, putIfAbsent } from '../lib/dynamo';
import { tenantPk } from '../lib/table';

const MESSAGE_TTL_SECONDS = 24 * 3600;
/** A claim older than this is from a run that died between claiming and booking; it may be retaken. */
const CLAIM_STALE_MS = 5 * 60_000;

export const inboundKeys = {
  message: (tenantId: string, systemId: string, webhookId: string) => ({ PK: tenantPk(tenantId, 'INTEGRATIONS', 'INBOUND', systemId), SK: `MSG#${webhookId}` }),
  externalRef: (tenantId: string, systemId: string, externalId: string) => ({ PK: tenantPk(tenantId, 'INTEGRATIONS', 'EXTREF', systemId), SK: `REF#${externalId}` }),
};

/** Records the webhook-id; false when it was accepted before (a replay). */
export function acceptMessageOnce(tenantId: string, systemId: string, webhookId: string, now: Date): Promise<boolean> {
  return putIfAbsent({ ...inboundKeys.message(tenantId, systemId, webhookId), entity: 'integration-inbound-message', receivedAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + MESSAGE_TTL_SECONDS });
}

/** Forgets a webhook-id whose processing failed on our side, so the sender's retry is accepted. */
export async function forgetMessage(tenantId: string, systemId: string, webhookId: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: config.tableName, Key: inboundKeys.message(tenantId, systemId, webhookId) }));
}

export interface ExternalRef {
  externalId: string;
  appointmentId: string | null;
  claimedAt: string;
}

export function getExternalRef(tenantId: string, systemId: string, externalId: string): Promise<ExternalRef | null> {
  return getItem<ExternalRef>(inboundKeys.externalRef(tenantId, systemId, externalId), true);
}

/** Claims an external id for booking; false when it is booked or another run is booking it now. */
export async function claimExternalRef(tenantId: string, systemId: string, externalId: string, now: Date): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: inboundKeys.externalRef(tenantId, systemId, externalId),
        UpdateExpression: 'SET entity = :e, externalId = :x, appointmentId = :null, claimedAt = :now',
        ConditionExpression: 'attribute_not_exists(PK) OR (appointmentId = :null AND claimedAt < :stale)',
        ExpressionAttributeValues: { ':e': 'integration-external-ref', ':x': externalId, ':null': null, ':now': now.toISOString(), ':stale': new Date(now.getTime() - CLAIM_STALE_MS).toISOString() },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

export async function completeExternalRef(tenantId: string, systemId: string, externalId: string, appointmentId: string): Promise<void> {
  await ddb().send(new UpdateCommand({ TableName: config.tableName, Key: inboundKeys.externalRef(tenantId, systemId, externalId), UpdateExpression: 'SET appointmentId = :a', ExpressionAttributeValues: { ':a': appointmentId } }));
}

export async function releaseExternalRef(tenantId: string, systemId: string, externalId: string): Promise<void> {
  await ddb().send(
    new DeleteCommand({ TableName: config.tableName, Key: inboundKeys.externalRef(tenantId, systemId, externalId), ConditionExpression: 'appointmentId = :null', ExpressionAttributeValues: { ':null': null } }),
  ).catch((err) => {
    if (!isConditionalCheckFailed(err)) throw err;
  });
}
