// The local stack's dead-letter queue of its stream workers: deployed, a batch the event source mapping
// gives up on goes to the worker's SQS dead-letter queue (lib/workers.ts); locally the stream poller
// hands it here (stream-poller.ts `onGiveUp`) and it is kept in the table with its records, so
// `npm run dlq -- list|show|redrive <worker>` works against `npm start` and the tests as in AWS.
// One partition (LOCAL#DLQ, as the poller's own LOCAL#STREAM positions), sorted by worker and time.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, queryPrefix } from '../lib/dynamo';

const PK = 'LOCAL#DLQ';
/** Records per dead letter: a batch of large images is split so that no item nears DynamoDB's 400 KB. */
const RECORDS_PER_LETTER = 25;

export interface DeadLetter {
  id: string;
  worker: string;
  failedAt: string;
  error: string;
  records: DynamoDBRecord[];
}

interface StoredDeadLetter extends Omit<DeadLetter, 'records'> {
  records: string;
}

const fromItem = (item: StoredDeadLetter): DeadLetter => ({
  ...item,
  records: JSON.parse(item.records) as DynamoDBRecord[],
});

export async function keepDeadLetter(worker: string, records: DynamoDBRecord[], error: unknown, now = new Date()) {
  const message = error instanceof Error ? error.message : String(error);
  for (let i = 0; i < records.length; i += RECORDS_PER_LETTER) {
    const id = `${worker}#${now.toISOString()}#${randomUUID().slice(0, 8)}`;
    const letter: StoredDeadLetter = {
      id,
      worker,
      failedAt: now.toISOString(),
      error: message,
      records: JSON.stringify(records.slice(i, i + RECORDS_PER_LETTER)),
    };
    await ddb().send(new PutCommand({ TableName: config.tableName, Item: { PK, SK: id, ...letter } }));
  }
}

/** The dead letters of a worker (or of every worker), oldest first. */
export async function listDeadLetters(worker?: string): Promise<DeadLetter[]> {
  const items = await queryPrefix<StoredDeadLetter>(PK, worker ? `${worker}#` : '', { consistent: true });
  return items.map(fromItem);
}

export async function getDeadLetter(id: string): Promise<DeadLetter | null> {
  const item = await getItem<StoredDeadLetter>({ PK, SK: id }, true);
  return item ? fromItem(item) : null;
}

export async function removeDeadLetter(id: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: config.tableName, Key: { PK, SK: id } }));
}
