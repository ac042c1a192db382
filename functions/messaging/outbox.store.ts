// The local outbox: every message sent with MESSAGING_MODE=local, in one partition, newest last,
// kept a week (TTL). Only the local stack and the tests read it.
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import type { OutgoingMessage } from './channel';

/** A message as the local outbox records it (the text under `body`, as the dev outbox serves it). */
export interface LocalMessage {
  channel: OutgoingMessage['channel'];
  to: string;
  subject?: string;
  body: string;
  sentAt: string;
}

const OUTBOX_PK = 'OUTBOX';
const KEEP_SECONDS = 7 * 24 * 3600;

export async function putOutboxMessage(message: LocalMessage, now: Date): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: config.tableName,
      Item: { PK: OUTBOX_PK, SK: `${message.sentAt}#${randomUUID()}`, ...message, expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS },
    }),
  );
}

/** The local outbox, newest first (local stack and tests). */
export async function localOutbox(limit = 50): Promise<LocalMessage[]> {
  const res = await ddb().send(new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': OUTBOX_PK }, ScanIndexForward: false, Limit: limit }));
  return (res.Items ?? []) as LocalMessage[];
}
