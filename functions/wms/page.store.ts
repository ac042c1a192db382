// Cursor paging over one partition of the table or a GSI (docs/decisions.md, warehouse): a page is
// one or a few key queries from the position the previous page ended at; the cursor is that
// position (the last item's keys), sealed as base64url JSON and checked to name the same partition,
// so a cursor of another list or another tenant is refused (400) before it reaches DynamoDB.
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { withoutKeys } from '../lib/dynamo';
import { BadRequestError } from '../lib/errors';

type Index = 'GSI1' | 'GSI2' | undefined;
type Item = Record<string, unknown>;

export interface PageQuery {
  index?: Index;
  pk: string;
  skPrefix?: string;
  /** A filter on attributes of the partition's items (never on the whole table). */
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
  /** Newest first unless told otherwise (ids and history keys sort by time). */
  forward?: boolean;
  limit: number;
  cursor?: string | null;
}

export const INVALID_CURSOR = 'Invalid cursor: go back to the first page';

const keyNames = (index: Index) => (index ? ['PK', 'SK', `${index}PK`, `${index}SK`] : ['PK', 'SK']);
const partitionName = (index: Index) => (index ? `${index}PK` : 'PK');

function encodeCursor(item: Item, index: Index): string {
  return Buffer.from(JSON.stringify(Object.fromEntries(keyNames(index).map((k) => [k, item[k]])))).toString(
    'base64url',
  );
}

/** The start key a cursor stands for, refused unless it is a position in this very partition. */
function decodeCursor(cursor: string, q: PageQuery): Item {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new BadRequestError(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  }
  const names = keyNames(q.index);
  const sortName = q.index ? `${q.index}SK` : 'SK';
  const ok =
    !!parsed &&
    typeof parsed === 'object' &&
    !Array.isArray(parsed) &&
    Object.keys(parsed).length === names.length &&
    names.every((n) => typeof (parsed as Item)[n] === 'string' && ((parsed as Item)[n] as string).length <= 1024) &&
    (parsed as Item)[partitionName(q.index)] === q.pk &&
    (!q.skPrefix || ((parsed as Item)[sortName] as string).startsWith(q.skPrefix));
  if (!ok) throw new BadRequestError(INVALID_CURSOR, { cursor: INVALID_CURSOR });
  return parsed as Item;
}

function keyCondition(q: PageQuery) {
  const names: Record<string, string> = { '#pk': partitionName(q.index), ...(q.filter?.names ?? {}) };
  const values: Record<string, unknown> = { ':pk': q.pk, ...(q.filter?.values ?? {}) };
  let expression = '#pk = :pk';
  if (q.skPrefix) {
    names['#sk'] = q.index ? `${q.index}SK` : 'SK';
    values[':sk'] = q.skPrefix;
    expression += ' AND begins_with(#sk, :sk)';
  }
  return {
    KeyConditionExpression: expression,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    FilterExpression: q.filter?.expression,
  };
}

/** Counts the reads a request makes (the bench prints them beside the request's latency). */
export const queryStats = { queries: 0 };

/** One page of raw items and the cursor of the next page (null on the last). */
export async function queryPage(q: PageQuery): Promise<{ items: Item[]; next: string | null }> {
  const items: Item[] = [];
  let start = q.cursor ? decodeCursor(q.cursor, q) : undefined;
  const want = q.limit + 1; // one more tells whether a next page exists
  do {
    const need = want - items.length;
    queryStats.queries++;
    const res = await ddb().send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: q.index,
        ...keyCondition(q),
        ScanIndexForward: q.forward ?? false,
        Limit: q.filter ? Math.max(need * 4, 50) : need,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start && items.length < want);
  const page = items.slice(0, q.limit);
  const more = items.length > q.limit;
  return { items: page, next: more ? encodeCursor(page[page.length - 1]!, q.index) : null };
}

/** How many items of the partition (and prefix, and filter) there are: a key query reading only keys. */
export async function countItems(q: Omit<PageQuery, 'limit' | 'cursor'>): Promise<number> {
  let total = 0;
  let start: Item | undefined;
  do {
    queryStats.queries++;
    const res = await ddb().send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: q.index,
        ...keyCondition({ ...q, limit: 0 }),
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    total += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return total;
}

/** Items by key, in the order of the keys asked for (missing ones left out); 100 keys per call. */
export async function getMany<T>(keys: { PK: string; SK: string }[]): Promise<T[]> {
  const unique = [...new Map(keys.map((k) => [`${k.PK}\n${k.SK}`, k])).values()];
  const found = new Map<string, Item>();
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Item[] }> | undefined = {
      [config.tableName]: { Keys: unique.slice(i, i + 100) },
    };
    while (request && Object.keys(request).length) {
      queryStats.queries++;
      const res = await ddb().send(new BatchGetCommand({ RequestItems: request }));
      for (const item of res.Responses?.[config.tableName] ?? []) found.set(`${item.PK}\n${item.SK}`, item);
      request = res.UnprocessedKeys as typeof request;
    }
  }
  return keys
    .map((k) => found.get(`${k.PK}\n${k.SK}`))
    .filter((v): v is Item => !!v)
    .map((item) => withoutKeys<T>(item));
}

/** A new id that sorts by creation time (so newest-first lists are key order): base36 time + random. */
export function timeOrderedId(now = Date.now()): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => (b % 36).toString(36)).join('');
  return `${now.toString(36).padStart(9, '0')}${random}`;
}
