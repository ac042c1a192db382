// Counters (a slot's places taken, a day's bookings, a zone's bins...) move with ADD in the
// transaction of the change they count. A decrement never takes a counter below zero: a record
// counted before its counter existed would leave it negative, and a negative day count lets a
// holiday land on a booked day. Yet the change itself (a user's cancel) must not fail for it. So a
// decrement is conditioned on the counter holding it; when it does not, `transact` asks
// `clampedCounterMove` for the same item with that counter set to 0 instead, and a warning names the
// counter for a recount (docs/operations.md says which tool recounts which counter).
import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './aws';
import { config } from './config';
import { logger } from './logger';

export interface CounterMove {
  key: { PK: string; SK: string };
  /** Added to each counter named; a negative one never takes its counter below zero. */
  counters: Record<string, number>;
  /** Added as they are (a bin's stock, whose own condition guards it). */
  adds?: Record<string, number>;
  /** Set with the move (what the counter item says about itself). */
  sets?: Record<string, unknown>;
  /** The move's own condition (the item exists...), with its names and values. */
  condition?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
}

interface Built {
  move: CounterMove;
  /** Counters set to 0 instead of decremented, with the value they held. */
  clamped: Map<string, number>;
  /** Whether the item was absent when clamped (then nothing may create it). */
  absent: boolean;
}

type Item = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const built = new WeakMap<object, Built>();

/** The transaction item that adds `move`'s deltas, every decrement conditioned on the counter holding it. */
export function counterMove(move: CounterMove): Item {
  return build({ move, clamped: new Map(), absent: false });
}

function build(spec: Built): Item {
  const { move, clamped, absent } = spec;
  const names: Record<string, string> = { ...move.condition?.names };
  const values: Record<string, unknown> = { ...move.condition?.values };
  const adds: string[] = [];
  const sets: string[] = [];
  const conditions = move.condition ? [`(${move.condition.expression})`] : [];
  Object.entries(move.counters).forEach(([name, delta], i) => {
    if (delta === 0) return;
    names[`#counter${i}`] = name;
    if (clamped.has(name)) {
      // Still short of the decrement (a booking landing meanwhile makes it valid again).
      values[`:counterNeed${i}`] = -delta;
      conditions.push(`(attribute_not_exists(#counter${i}) OR #counter${i} < :counterNeed${i})`);
      if (!absent) {
        values[':counterZero'] = 0;
        sets.push(`#counter${i} = :counterZero`);
      }
      return;
    }
    values[`:counter${i}`] = delta;
    adds.push(`#counter${i} :counter${i}`);
    if (delta < 0) {
      values[`:counterNeed${i}`] = -delta;
      conditions.push(`#counter${i} >= :counterNeed${i}`);
    }
  });
  Object.entries(move.sets ?? {}).forEach(([name, value], i) => {
    names[`#set${i}`] = name;
    values[`:set${i}`] = value;
    sets.push(`#set${i} = :set${i}`);
  });
  Object.entries(move.adds ?? {}).forEach(([name, delta], i) => {
    names[`#add${i}`] = name;
    values[`:add${i}`] = delta;
    adds.push(`#add${i} :add${i}`);
  });
  if (absent) conditions.push('attribute_not_exists(PK)');
  else if (clamped.size) conditions.push('attribute_exists(PK)');
  const common = {
    TableName: config.tableName,
    Key: move.key,
    ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
  const expression = [sets.length ? `SET ${sets.join(', ')}` : '', adds.length ? `ADD ${adds.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
  // A decrement never creates its item; with nothing left to write, the item is only checked.
  const item: Item = expression
    ? { Update: { ...common, UpdateExpression: expression } }
    : { ConditionCheck: { ...common, ConditionExpression: conditions.join(' AND ') } };
  built.set(item, spec);
  return item;
}

/**
 * For a counter move whose condition failed: the same move with each decrement the stored counter
 * cannot hold set to 0 instead; null when the item is no counter move or every counter held its
 * decrement (then the move's own condition failed, and the change is refused as it should be).
 */
export async function clampedCounterMove(item: object): Promise<Item | null> {
  const spec = built.get(item);
  if (!spec) return null;
  const res = await ddb().send(
    new GetCommand({ TableName: config.tableName, Key: spec.move.key, ConsistentRead: true }),
  );
  const clamped = new Map<string, number>();
  for (const [name, delta] of Object.entries(spec.move.counters)) {
    const held = Number(res.Item?.[name] ?? 0);
    if (delta < 0 && held < -delta) clamped.set(name, held);
  }
  const absent = !res.Item;
  // Nothing new to clamp: the move's own condition is what failed.
  const same =
    absent === spec.absent &&
    clamped.size === spec.clamped.size &&
    [...clamped.keys()].every((name) => spec.clamped.has(name));
  if (!clamped.size || same) return null;
  return build({ move: spec.move, clamped, absent });
}

/** Logs the counters a committed transaction set to 0 instead of taking below it. */
export function reportClampedCounters(items: readonly object[]): void {
  for (const item of items) {
    const spec = built.get(item);
    for (const [counter, held] of spec?.clamped ?? []) {
      logger.warn('Counter would have gone below zero: left at 0; recount it (docs/operations.md)', {
        key: `${spec!.move.key.PK} ${spec!.move.key.SK}`,
        counter,
        held,
        decrement: spec!.move.counters[counter],
      });
    }
  }
}
