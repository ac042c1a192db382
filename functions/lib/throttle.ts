// Fixed-window counters in the table (one item per key and window, expired by TTL) for login
// throttling and guest rate limits. Atomic ADD, so concurrent requests are all counted.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './aws';
import { config } from './config';
import { TooManyRequestsError } from './errors';

export interface Window {
  limit: number;
  windowSeconds: number;
}

function keyOf(key: string, window: Window, now: number) {
  const start = Math.floor(now / 1000 / window.windowSeconds) * window.windowSeconds;
  return { item: { PK: `THROTTLE#${key}`, SK: `WINDOW#${start}` }, resetsAt: start + window.windowSeconds };
}

export async function countIn(key: string, window: Window, now = Date.now()): Promise<{ count: number; retryAfter: number }> {
  const { item, resetsAt } = keyOf(key, window, now);
  const res = await ddb().send(new GetCommand({ TableName: config.tableName, Key: item, ConsistentRead: true }));
  return { count: Number(res.Item?.count ?? 0), retryAfter: resetsAt - now / 1000 };
}

export async function addHit(key: string, window: Window, now = Date.now()): Promise<number> {
  const { item, resetsAt } = keyOf(key, window, now);
  const res = await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: item,
      UpdateExpression: 'ADD #count :one SET expiresAt = :expiresAt',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':expiresAt': resetsAt + 60 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(res.Attributes?.count ?? 1);
}

/** Counts this request and refuses it with 429 once the window's limit is passed. */
export async function rateLimit(key: string, window: Window, message: string, now = Date.now()): Promise<void> {
  const count = await addHit(key, window, now);
  if (count > window.limit) {
    const { resetsAt } = keyOf(key, window, now);
    throw new TooManyRequestsError(message, resetsAt - now / 1000);
  }
}
