// The local outbox (the local sink): every message sent with MESSAGING_MODE=local, in one partition,
// newest last, kept a week (TTL), with the exact provider request when a provider adapter sent it.
// A message id is accepted once, as a provider honouring an idempotency key would. Only the local
// stack and the tests read it.
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { cancellationCodes, queryAll } from '../lib/dynamo';
import type { Channel } from '../../shared/contracts/messaging';

/** A message as the local outbox records it (the text under `body`, as the dev outbox serves it). */
export interface LocalMessage {
  channel: Channel;
  to: string;
  subject?: string;
  body: string;
  sentAt: string;
  /** Sent by a provider adapter: our message id, the provider, the request it would have made, its receipt. */
  messageId?: string;
  provider?: string;
  request?: Record<string, unknown>;
  receipt?: string;
  /** An e-mail's attachments (a calendar invitation), as sent. */
  attachments?: { filename: string; contentType: string; content: string }[];
}

const OUTBOX_PK = 'OUTBOX';
/** The outbox's partition, for an erasure's rewrite (erase-person.ts). */
export const outboxPartition = () => OUTBOX_PK;
const KEEP_SECONDS = 7 * 24 * 3600;

/** Records the message; false when its message id was recorded before (nothing written). */
export async function putOutboxMessage(message: LocalMessage, now: Date): Promise<boolean> {
  const expiresAt = Math.floor(now.getTime() / 1000) + KEEP_SECONDS;
  const item = { PK: OUTBOX_PK, SK: `${message.sentAt}#${randomUUID()}`, ...message, expiresAt };
  if (!message.messageId) {
    await ddb().send(new PutCommand({ TableName: config.tableName, Item: item }));
    return true;
  }
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: config.tableName,
              Item: { PK: `${OUTBOX_PK}#MESSAGE`, SK: message.messageId, expiresAt },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          { Put: { TableName: config.tableName, Item: item } },
        ],
      }),
    );
    return true;
  } catch (err) {
    if (cancellationCodes(err)?.[0] === 'ConditionalCheckFailed') return false;
    throw err;
  }
}

/**
 * The local outbox, newest first (local stack and tests): the newest `limit`, or with `to` the newest
 * `limit` sent to that address, however many were sent to others since (a journey beside a broadcast).
 */
export async function localOutbox(limit = 50, to?: string): Promise<LocalMessage[]> {
  if (to)
    return (
      await queryAll({
        KeyConditionExpression: 'PK = :pk',
        FilterExpression: '#to = :to',
        ExpressionAttributeNames: { '#to': 'to' },
        ExpressionAttributeValues: { ':pk': OUTBOX_PK, ':to': to },
        ScanIndexForward: false,
      })
    ).slice(0, limit) as unknown as LocalMessage[];
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': OUTBOX_PK },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []) as LocalMessage[];
}
