// Small helpers over the document client that every store shares: the one paginated query and the
// one reading of a cancelled transaction, reads by many keys.
import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type BatchGetCommandOutput,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ddb } from './aws';
import { config } from './config';
import { clampedCounterMove, reportClampedCounters } from './counters';

export function isConditionalCheckFailed(err: unknown): boolean {
  return (err as Error | undefined)?.name === 'ConditionalCheckFailedException';
}

/** Puts the item unless one with its key exists; returns whether it was written. */
export async function putIfAbsent(item: Record<string, unknown> & { PK: string; SK: string }): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({ TableName: config.tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Drops the key attributes of an item read from the table. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const {
    PK: _pk,
    SK: _sk,
    GSI1PK: _g1,
    GSI1SK: _g1s,
    GSI2PK: _g2,
    GSI2SK: _g2s,
    GSI3PK: _g3,
    GSI3SK: _g3s,
    entity: _e,
    ...rest
  } = item;
  return rest as T;
}

/** Every item a query on the table returns, following pagination (LastEvaluatedKey). */
export async function queryAll(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb().send(new QueryCommand({ ...input, TableName: config.tableName, ExclusiveStartKey: start }));
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Every item of a partition whose sort key starts with the prefix (follows pagination). */
export async function queryPrefix<T>(
  pk: string,
  skPrefix: string,
  options: { index?: 'GSI1' | 'GSI2' | 'GSI3'; consistent?: boolean } = {},
): Promise<T[]> {
  const keys = options.index ? { pk: `${options.index}PK`, sk: `${options.index}SK` } : { pk: 'PK', sk: 'SK' };
  const items = await queryAll({
    IndexName: options.index,
    // An empty prefix means the whole partition (DynamoDB refuses empty strings in conditions).
    KeyConditionExpression: skPrefix ? '#pk = :pk AND begins_with(#sk, :sk)' : '#pk = :pk',
    ExpressionAttributeNames: skPrefix ? { '#pk': keys.pk, '#sk': keys.sk } : { '#pk': keys.pk },
    ExpressionAttributeValues: skPrefix ? { ':pk': pk, ':sk': skPrefix } : { ':pk': pk },
    ConsistentRead: options.index ? undefined : options.consistent,
  });
  return items.map((item) => withoutKeys<T>(item));
}

export async function getItem<T>(key: { PK: string; SK: string }, consistent = false): Promise<T | null> {
  const res = await ddb().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: consistent }));
  return res.Item ? withoutKeys<T>(res.Item) : null;
}

/**
 * The reason code of each item of a cancelled transaction, in item order ('ConditionalCheckFailed',
 * 'TransactionConflict', 'None' ...); null when the error is not a transaction cancellation.
 */
export function cancellationCodes(err: unknown): (string | undefined)[] | null {
  return err instanceof TransactionCanceledException ? (err.CancellationReasons ?? []).map((r) => r.Code) : null;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * Runs a transaction; when a condition fails, `onConditionFailed(index)` names the error to throw
 * for the first failing item (its index in `items`). A transaction cancelled only because another
 * one held the same items at that moment (TransactionConflict) wrote nothing, so it is retried; so is
 * one whose counter decrement (functions/lib/counters.ts) would have gone below zero, with that counter
 * left at 0.
 */
export async function transact(
  items: TransactItem[],
  onConditionFailed: (index: number) => Error,
  retries = 10,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: items }));
      reportClampedCounters(items);
      return;
    } catch (err) {
      const codes = cancellationCodes(err);
      if (!codes) throw err;
      const index = codes.indexOf('ConditionalCheckFailed');
      if (index >= 0) {
        // A counter short of its decrement is set to 0 instead, and the change goes through.
        const clamped = attempt < retries ? await clampedCounterMove(items[index]!) : null;
        if (!clamped) throw onConditionFailed(index);
        items = items.map((item, i) => (i === index ? clamped : item));
        continue;
      }
      const conflict = codes.includes('TransactionConflict');
      if (!conflict || attempt >= retries) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** Math.min(attempt, 5)));
    }
  }
}

/**
 * Reads up to any number of items by key with BatchGetItem (100 keys a call, unprocessed keys asked
 * again with back-off); the answer is in the order of `keys`, null where no item exists. A key asked
 * for twice is read once (BatchGetItem refuses a call with the same key twice) and answered twice.
 */
export async function batchGet<T>(keys: { PK: string; SK: string }[]): Promise<(T | null)[]> {
  const found = new Map<string, Record<string, unknown>>();
  const id = (k: { PK: unknown; SK: unknown }) => `${String(k.PK)}\u0000${String(k.SK)}`;
  const distinct = [...new Map(keys.map((k) => [id(k), { PK: k.PK, SK: k.SK }])).values()];
  for (let i = 0; i < distinct.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = distinct.slice(i, i + 100);
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      const res: BatchGetCommandOutput = await ddb().send(
        new BatchGetCommand({ RequestItems: { [config.tableName]: { Keys: pending } } }),
      );
      for (const item of res.Responses?.[config.tableName] ?? [])
        found.set(id(item as { PK: unknown; SK: unknown }), item);
      pending = res.UnprocessedKeys?.[config.tableName]?.Keys;
    }
  }
  return keys.map((k) => {
    const item = found.get(id(k));
    return item ? withoutKeys<T>(item) : null;
  });
}
