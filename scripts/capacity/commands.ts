// The command recording of the capacity model's recorder (recorder.ts): each DynamoDB command, sent,
// written down as DynamoDB bills it (accesses.ts): 1 RCU per started 4 KB read strongly consistent,
// half that eventually consistent; a Query sums its items before rounding; transactions count twice.
// Writes ask for the old or new image where the caller did not, so the item's size is known.
import { BatchGetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GSIS, TABLE_KEYS } from '../../functions/lib/table';
import { dayItems, images, keyId, keyOf, push, remember, written, type CallContext } from './accesses';
import { itemSize, str, type Item } from './item-size';

let rawClient: DynamoDBClient | undefined;
let tableName = '';

/** The client and table that transactions' new images are read back from (startRecording's). */
export function readBackFrom(client: DynamoDBClient, table: string) {
  rawClient = client;
  tableName = table;
}

/** The partition key value a Query names in its key condition. */
function queriedKey(input: {
  IndexName?: string;
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
}): string {
  const pkName = input.IndexName
    ? (GSIS.find((g) => g.indexName === input.IndexName)?.partitionKey ?? '?')
    : TABLE_KEYS.partitionKey;
  for (const m of (input.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    const name = m[1]!.startsWith('#') ? input.ExpressionAttributeNames?.[m[1]!] : m[1];
    if (name === pkName) return str(input.ExpressionAttributeValues?.[m[2]!]) ?? '?';
  }
  return '?';
}

/** The new images of items a transaction updated: read back outside the record (the model's own read). */
async function readBack(keys: Item[]): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  for (let i = 0; i < keys.length; i += 100) {
    const res = await rawClient!.send(
      new BatchGetItemCommand({
        RequestItems: {
          [tableName]: {
            Keys: keys.slice(i, i + 100).map((k) => ({
              [TABLE_KEYS.partitionKey]: { S: str(k[TABLE_KEYS.partitionKey])! },
              [TABLE_KEYS.sortKey]: { S: str(k[TABLE_KEYS.sortKey])! },
            })),
            ConsistentRead: true,
          },
        },
      }),
    );
    for (const item of res.Responses?.[tableName] ?? []) found.set(keyId(item), item);
  }
  return found;
}

type Input = Record<string, any>;
type Output = Record<string, any>;

export async function recordCall(ctx: CallContext, command: string, input: Input, call: () => Promise<Output>) {
  const strongRead = Boolean(input.ConsistentRead);
  switch (command) {
    case 'GetItemCommand': {
      const out = await call();
      remember(out.Item);
      push(ctx, {
        command,
        index: 'table',
        key: str(input.Key?.[TABLE_KEYS.partitionKey]) ?? '?',
        op: 'R',
        bytes: itemSize(out.Item),
        strong: strongRead,
        items: 1,
        dayBytes: 0,
        query: false,
      });
      return out;
    }
    case 'BatchGetItemCommand': {
      const out = await call();
      for (const [table, request] of Object.entries<Input>(input.RequestItems ?? {})) {
        const got = new Map<string, Item>(
          ((out.Responses?.[table] ?? []) as Item[]).map((item) => [keyId(item), item]),
        );
        const unprocessed = new Set(((out.UnprocessedKeys?.[table]?.Keys ?? []) as Item[]).map(keyId));
        for (const key of request.Keys as Item[]) {
          if (unprocessed.has(keyId(key))) continue;
          const item = got.get(keyId(key));
          if (!request.ProjectionExpression) remember(item);
          push(ctx, {
            command,
            index: 'table',
            key: str(key[TABLE_KEYS.partitionKey]) ?? '?',
            op: 'R',
            bytes: itemSize(item),
            strong: Boolean(request.ConsistentRead),
            items: 1,
            dayBytes: 0,
            query: false,
          });
        }
      }
      return out;
    }
    case 'TransactGetItemsCommand': {
      const out = await call();
      (input.TransactItems as Input[]).forEach((t, i) => {
        const item = out.Responses?.[i]?.Item as Item | undefined;
        remember(item);
        push(ctx, {
          command,
          index: 'table',
          key: str(t.Get?.Key?.[TABLE_KEYS.partitionKey]) ?? '?',
          op: 'R',
          bytes: itemSize(item),
          strong: true,
          items: 1,
          dayBytes: 0,
          query: false,
        });
      });
      return out;
    }
    case 'QueryCommand':
    case 'ScanCommand': {
      const out = await call();
      const items = (out.Items ?? []) as Item[];
      if (!input.ProjectionExpression && input.Select !== 'COUNT') items.forEach(remember);
      // Items a filter dropped were read all the same: scaled from those returned.
      const returned = items.reduce((s, item) => s + itemSize(item), 0);
      const scanned = Number(out.ScannedCount ?? items.length);
      const fromDay = items.reduce((s, item) => s + (dayItems.has(keyId(item)) ? itemSize(item) : 0), 0);
      const spread = items.length ? scanned / items.length : 0;
      const bytes = items.length ? returned * spread : scanned * 200;
      push(ctx, {
        command,
        index: input.IndexName ?? 'table',
        key: command === 'ScanCommand' ? 'SCAN' : queriedKey(input),
        op: 'R',
        bytes,
        strong: !input.IndexName && strongRead,
        items: Math.max(1, scanned),
        dayBytes: fromDay * spread,
        limited: input.Limit !== undefined,
        range: Object.entries<unknown>(input.ExpressionAttributeValues ?? {})
          .map(([, v]) => str(v))
          .filter((v): v is string => Boolean(v)),
        query: true,
      });
      return out;
    }
    case 'PutItemCommand': {
      const old = images.get(keyId(input.Item));
      const askedOld = input.ReturnValues === 'ALL_OLD';
      if (!input.ReturnValues) input.ReturnValues = 'ALL_OLD';
      try {
        const out = await call();
        written(ctx, command, (out.Attributes as Item | undefined) ?? old, input.Item, false, true);
        if (!askedOld) delete out.Attributes;
        return out;
      } catch (err) {
        written(ctx, command, old, input.Item, false, false);
        throw err;
      }
    }
    case 'UpdateItemCommand': {
      const id = keyId(input.Key);
      const old = images.get(id);
      const asked = input.ReturnValues;
      if (!asked || asked === 'NONE') input.ReturnValues = 'ALL_NEW';
      try {
        const out = await call();
        const fresh =
          input.ReturnValues === 'ALL_NEW' ? (out.Attributes as Item) : (await readBack([input.Key as Item])).get(id);
        written(ctx, command, old, fresh, false, true);
        if (!asked || asked === 'NONE') delete out.Attributes;
        return out;
      } catch (err) {
        written(ctx, command, old, old ?? (input.Key as Item), false, false);
        throw err;
      }
    }
    case 'DeleteItemCommand': {
      const id = keyId(input.Key);
      const asked = input.ReturnValues;
      if (!asked) input.ReturnValues = 'ALL_OLD';
      try {
        const out = await call();
        written(
          ctx,
          command,
          (out.Attributes as Item | undefined) ?? images.get(id) ?? input.Key,
          undefined,
          false,
          true,
        );
        if (!asked) delete out.Attributes;
        return out;
      } catch (err) {
        written(ctx, command, images.get(id) ?? input.Key, undefined, false, false);
        throw err;
      }
    }
    case 'BatchWriteItemCommand': {
      const out = await call();
      for (const requests of Object.values<Input[]>(input.RequestItems ?? {}))
        for (const r of requests) {
          if (r.PutRequest) written(ctx, command, images.get(keyId(r.PutRequest.Item)), r.PutRequest.Item, false, true);
          else if (r.DeleteRequest) {
            const key = r.DeleteRequest.Key as Item;
            written(ctx, command, images.get(keyId(key)) ?? key, undefined, false, true);
          }
        }
      return out;
    }
    case 'TransactWriteItemsCommand': {
      const items = input.TransactItems as Input[];
      const olds = items.map((t) => {
        const op = t.Put ?? t.Update ?? t.Delete ?? t.ConditionCheck;
        const key = t.Put ? keyOf(t.Put.Item) : (op.Key as Item);
        return { key, old: images.get(keyId(key)) };
      });
      let applied = true;
      try {
        return await call();
      } catch (err) {
        applied = false;
        throw err;
      } finally {
        const updated = applied
          ? await readBack(items.flatMap((t, i) => (t.Update ? [olds[i]!.key] : [])))
          : new Map<string, Item>();
        items.forEach((t, i) => {
          const { key, old } = olds[i]!;
          if (t.Put) written(ctx, command, old, t.Put.Item, true, applied);
          else if (t.Update) written(ctx, command, old, updated.get(keyId(key)) ?? old ?? key, true, applied);
          else if (t.Delete) written(ctx, command, old ?? key, undefined, true, applied);
          // A condition check bills as a write of the item it reads, and changes nothing.
          else written(ctx, command, old ?? key, old ?? key, true, false);
        });
      }
    }
    default:
      return call();
  }
}
