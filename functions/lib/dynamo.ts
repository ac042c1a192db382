// Small helpers over the document client that every repository shares.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './aws';
import { config } from './config';

export function isConditionalCheckFailed(err: unknown): boolean {
  return (err as Error | undefined)?.name === 'ConditionalCheckFailedException';
}

/** Puts the item unless one with its key exists; returns whether it was written. */
export async function putIfAbsent(item: Record<string, unknown> & { PK: string; SK: string }): Promise<boolean> {
  try {
    await ddb().send(new PutCommand({ TableName: config.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Drops the key attributes of an item read from the table. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, GSI2PK: _g2, GSI2SK: _g2s, entity: _e, ...rest } = item;
  return rest as T;
}
