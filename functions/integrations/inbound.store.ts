// What makes inbound traffic exactly-once: a webhook-id is claimed by one delivery of it at a time and
// then keeps the answer it got (an item with a TTL, well past the ±5 minute timestamp window), and an
// external record id maps to the one appointment made from it. Both are written in the booking's own
// transaction (the items below), so there is no moment where an appointment exists without them.
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, isConditionalCheckFailed } from '../lib/dynamo';
import { tenantPk } from '../lib/table';

const MESSAGE_TTL_SECONDS = 24 * 3600;
/**
 * A claim older than this (twice a request's budget for database calls, functions/lib/deadline.ts)
 * belongs to a delivery that died; it may be retaken. Safe even if that one's transaction is still
 * in flight: the transaction stores the answer only under the claim's token.
 */
const CLAIM_STALE_MS = 10_000;

export const inboundKeys = {
  message: (tenantId: string, systemId: string, webhookId: string) => ({
    PK: tenantPk(tenantId, 'INTEGRATIONS', 'INBOUND', systemId),
    SK: `MSG#${webhookId}`,
  }),
  externalRef: (tenantId: string, systemId: string, externalId: string) => ({
    PK: tenantPk(tenantId, 'INTEGRATIONS', 'EXTREF', systemId),
    SK: `REF#${externalId}`,
  }),
};

/** The answer a webhook-id got: a success body, or an error status with its message. */
export interface InboundAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface MessageRef {
  tenantId: string;
  systemId: string;
  webhookId: string;
}

/**
 * Where a delivery of a webhook-id stands: `claimed` (this delivery handles it, with its token),
 * `answered` (handled before: the stored answer), `in-progress` (another delivery handles it now), or
 * `seen` (accepted before answers were kept, so there is none to give).
 */
export type MessageClaim =
  | { state: 'claimed'; token: string }
  | { state: 'answered'; answer: InboundAnswer }
  | { state: 'in-progress' }
  | { state: 'seen' };

interface MessageItem {
  state?: 'IN_PROGRESS' | 'ANSWERED';
  /** The body as sent (JSON text), so a replay is the same bytes, not a map in another key order. */
  answer?: { status: number; body: string };
}

export async function claimMessage(ref: MessageRef, token: string, now: Date): Promise<MessageClaim> {
  const key = inboundKeys.message(ref.tenantId, ref.systemId, ref.webhookId);
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: key,
        UpdateExpression:
          'SET entity = :e, #state = :progress, claimToken = :token, claimedAt = :now, expiresAt = :ttl REMOVE answer',
        ConditionExpression: 'attribute_not_exists(PK) OR (#state = :progress AND claimedAt < :stale)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':e': 'integration-inbound-message',
          ':progress': 'IN_PROGRESS',
          ':token': token,
          ':now': now.toISOString(),
          ':stale': new Date(now.getTime() - CLAIM_STALE_MS).toISOString(),
          ':ttl': Math.floor(now.getTime() / 1000) + MESSAGE_TTL_SECONDS,
        },
      }),
    );
    return { state: 'claimed', token };
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
  const item = await getItem<MessageItem>(key, true);
  if (!item) return claimMessage(ref, token, now); // released between the two calls
  if (item.state === 'ANSWERED' && item.answer)
    return {
      state: 'answered',
      answer: { status: item.answer.status, body: JSON.parse(item.answer.body) as InboundAnswer['body'] },
    };
  return item.state === 'IN_PROGRESS' ? { state: 'in-progress' } : { state: 'seen' };
}

/** Stores the answer of a claimed webhook-id, as a transaction item (the booking's) ... */
export function messageAnswerUpdate(ref: MessageRef, token: string, answer: InboundAnswer) {
  return {
    Update: {
      TableName: config.tableName,
      Key: inboundKeys.message(ref.tenantId, ref.systemId, ref.webhookId),
      UpdateExpression: 'SET #state = :answered, answer = :answer REMOVE claimToken',
      ConditionExpression: 'claimToken = :token',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':answered': 'ANSWERED',
        ':answer': { status: answer.status, body: JSON.stringify(answer.body) },
        ':token': token,
      },
    },
  };
}

/** ... or alone (an answer no booking came with); false when the claim was taken over meanwhile. */
export async function answerMessage(ref: MessageRef, token: string, answer: InboundAnswer): Promise<boolean> {
  try {
    await ddb().send(new UpdateCommand(messageAnswerUpdate(ref, token, answer).Update));
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Gives up a claim that got no answer (our failure), so the sender's retry is handled afresh. */
export async function releaseMessage(ref: MessageRef, token: string): Promise<void> {
  await ddb()
    .send(
      new DeleteCommand({
        TableName: config.tableName,
        Key: inboundKeys.message(ref.tenantId, ref.systemId, ref.webhookId),
        ConditionExpression: 'claimToken = :token AND #state = :progress',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':token': token, ':progress': 'IN_PROGRESS' },
      }),
    )
    .catch((err: unknown) => {
      if (!isConditionalCheckFailed(err)) throw err;
    });
}

export interface ExternalRef {
  externalId: string;
  /** null only on a claim left by the claim-then-complete scheme this replaced; it is overwritten. */
  appointmentId: string | null;
  bookedAt?: string;
}

export function getExternalRef(tenantId: string, systemId: string, externalId: string): Promise<ExternalRef | null> {
  return getItem<ExternalRef>(inboundKeys.externalRef(tenantId, systemId, externalId), true);
}

/** The external id's mapping to its appointment, as an item of the booking's transaction: it fails if the id is booked already. */
export function externalRefPut(
  tenantId: string,
  systemId: string,
  externalId: string,
  appointmentId: string,
  now: Date,
) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        ...inboundKeys.externalRef(tenantId, systemId, externalId),
        entity: 'integration-external-ref',
        externalId,
        appointmentId,
        bookedAt: now.toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(PK) OR appointmentId = :null',
      ExpressionAttributeValues: { ':null': null },
    },
  };
}
