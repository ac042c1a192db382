// Small helpers over the document client that every store shares: the one paginated query and the
// one reading of a cancelled transaction, reads by many keys.
import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { isDeepStrictEqual } from 'node:util';
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

/** The attributes the table keeps for its own keys and indexes, never part of an entity. */
const KEY_ATTRIBUTES = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK', 'entity']);

/** Drops the key attributes of an item read from the table. A loop rather than a rest pattern with
 * nine exclusions: half the time on a day's 1,000 appointments (the hot reads of docs/scale.md). */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const rest: Record<string, unknown> = {};
  for (const name in item) if (!KEY_ATTRIBUTES.has(name)) rest[name] = item[name];
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

/** The items each transaction element brings with it (withCompanions). */
const companionsOf = new WeakMap<object, TransactItem[]>();

/**
 * A transaction element that brings other items with it, written in the same transaction after the
 * caller's own (so the indexes `onConditionFailed` names stay the caller's): an appointment's write
 * brings the note of its change in its day's change log (functions/appointments/appointment.store.ts),
 * whichever transaction it is written in. Companions carry no condition of their own.
 */
export function withCompanions<T extends TransactItem>(item: T, companions: TransactItem[]): T {
  companionsOf.set(item, companions);
  return item;
}

/**
 * Runs a transaction; when a condition fails, `onConditionFailed(index)` names the error to throw
 * for the first failing item (its index in `items`). A transaction cancelled only because another
 * one held the same items at that moment (TransactionConflict) wrote nothing, so it is retried; so is
 * one whose counter decrement (functions/lib/counters.ts) would have gone below zero, with that counter
 * left at 0. The items' companions (withCompanions) are written with them, after them.
 */
export async function transact(
  items: TransactItem[],
  onConditionFailed: (index: number) => Error,
  retries = 10,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const companions = items.flatMap((item) => companionsOf.get(item) ?? []);
      await ddb().send(new TransactWriteCommand({ TransactItems: [...items, ...companions] }));
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
 * `consistent`: strongly consistent reads (every write acknowledged before the call is seen).
 */
export async function batchGet<T>(keys: { PK: string; SK: string }[], consistent = false): Promise<(T | null)[]> {
  const found = new Map<string, Record<string, unknown>>();
  const id = (k: { PK: unknown; SK: unknown }) => `${String(k.PK)}\u0000${String(k.SK)}`;
  const distinct = [...new Map(keys.map((k) => [id(k), { PK: k.PK, SK: k.SK }])).values()];
  for (let i = 0; i < distinct.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = distinct.slice(i, i + 100);
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      const res: BatchGetCommandOutput = await ddb().send(
        new BatchGetCommand({
          RequestItems: { [config.tableName]: { Keys: pending, ...(consistent ? { ConsistentRead: true } : {}) } },
        }),
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

/**
 * The condition "the item is still as it was read" (issue #52): every attribute of `before` holds the
 * value read (a null by its type), so a change that landed meanwhile, or a delete, fails it.
 */
export function unchangedCondition(before: Record<string, unknown>, prefix = 'seen') {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const terms = Object.entries(before).map(([name, value], i) => {
    names[`#${prefix}${i}`] = name;
    if (value === null) {
      values[`:${prefix}Null`] = 'NULL';
      return `attribute_type(#${prefix}${i}, :${prefix}Null)`;
    }
    values[`:${prefix}${i}`] = value;
    return `#${prefix}${i} = :${prefix}${i}`;
  });
  return {
    ConditionExpression: terms.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/**
 * Rewrites an item read as `before` into `after` (key attributes unchanged) only if it is still as
 * read: the attributes that differ are set, those `after` drops removed, any other attribute written
 * meanwhile left alone. False when the item changed or went (the caller reads it again, or lets it be).
 */
export async function rewriteIfUnchanged(
  key: { PK: string; SK: string },
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Promise<boolean> {
  const changed = Object.entries(after).filter(
    ([name, value]) => name !== 'PK' && name !== 'SK' && value !== undefined && !isDeepStrictEqual(value, before[name]),
  );
  const dropped = Object.keys(before).filter((name) => name !== 'PK' && name !== 'SK' && after[name] === undefined);
  if (!changed.length && !dropped.length) return true;
  const condition = unchangedCondition(before);
  const names: Record<string, string> = { ...condition.ExpressionAttributeNames };
  const values: Record<string, unknown> = { ...condition.ExpressionAttributeValues };
  const sets = changed.map(([name, value], i) => {
    names[`#set${i}`] = name;
    values[`:set${i}`] = value;
    return `#set${i} = :set${i}`;
  });
  const removes = dropped.map((name, i) => {
    names[`#drop${i}`] = name;
    return `#drop${i}`;
  });
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: { PK: key.PK, SK: key.SK },
        UpdateExpression: [
          sets.length ? `SET ${sets.join(', ')}` : '',
          removes.length ? `REMOVE ${removes.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join(' '),
        ConditionExpression: condition.ConditionExpression,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

const REWRITE_TRIES = 5;

/**
 * Rewrites one item (read with its keys) through `rewrite`, only over the state it was read in
 * (rewriteIfUnchanged): an item changed meanwhile is read again and rewritten again, one deleted
 * meanwhile stays deleted. Throws when it keeps changing (a worker's retry takes it up again).
 */
export async function rewriteAsRead(
  read: Record<string, unknown>,
  rewrite: (item: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  let current: Record<string, unknown> | undefined = read;
  for (let attempt = 1; current; attempt++) {
    const key: { PK: string; SK: string } = { PK: String(current.PK), SK: String(current.SK) };
    if (await rewriteIfUnchanged(key, current, rewrite(current))) return;
    if (attempt >= REWRITE_TRIES) throw new Error(`The item kept changing while it was rewritten (${attempt} tries)`);
    current = (await ddb().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }))).Item;
  }
}
