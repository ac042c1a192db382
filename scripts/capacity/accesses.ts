// What the capacity model's recorder (recorder.ts) writes down: each DynamoDB call as DynamoDB bills
// it (an Access: the command, the partition key or GSI key it reads or writes, the item's size), tagged
// with the context it ran in (AsyncLocalStorage): the quarter hour of the modelled day, the truck whose
// action it was (if any), and how many real calls it stands for. A write bills 1 WCU per started KB,
// the larger of the old and new item, so the recorder keeps each item's last image; a GSI write
// counts per index whose key the old or new item holds, two where the key moved.
import { AsyncLocalStorage } from 'node:async_hooks';
import { GSIS, TABLE_KEYS } from '../../functions/lib/table';
import { itemSize, str, type Item } from './item-size';

export interface CallContext {
  /** Quarter hour of the modelled day (0..95). */
  bucket: number;
  /** The truck whose action made the call; none for polls and scheduled work. */
  truck?: string;
  /**
   * 'truck': a truck's action, repeated once per truck of the hub (a sample truck stands for H/N);
   * 'time': work that comes with the clock (a dashboard poll, a scheduled worker), `weight` real calls.
   */
  kind: 'truck' | 'time';
  weight: number;
  /** The Lambda function that ran it (for the report only). */
  fn: string;
}

export interface Access {
  bucket: number;
  truck?: string;
  kind: 'truck' | 'time';
  weight: number;
  fn: string;
  command: string;
  /** 'table' or the GSI's name. */
  index: string;
  /** The partition key value (of the table or the GSI). */
  key: string;
  op: 'R' | 'W';
  /** Bytes read or written (a Query: all its items). */
  bytes: number;
  /** Reads: strongly consistent; writes: part of a transaction (both bill twice). */
  strong: boolean;
  /** Items in the call (a Query's count; 1 otherwise). */
  items: number;
  /** A Query's bytes of items written during the modelled day (they grow with the volume; the rest is set-up). */
  dayBytes: number;
  /** A Query with a Limit (a feed's newest page): its size does not grow with the volume. */
  limited?: boolean;
  /** A Query's sort key bounds (its other expression values): a facility's range of a tenant's key reads one facility. */
  range?: string[];
  query: boolean;
}

export const contextStore = new AsyncLocalStorage<CallContext>();
export const accesses: Access[] = [];
/** Item sizes written (bytes), by table partition key, for the item-size report. */
export const itemSizes: { key: string; bytes: number }[] = [];
/** Stream records by the context of the write that made them: the worker that reads one inherits it. */
export const lastWriter = new Map<string, CallContext>();
/** Stream records (item changes) per quarter hour, for the stream's throughput. */
export const streamRecords = new Map<number, number>();

/** The last image of each item the recorder saw, by key. */
export const images = new Map<string, Item>();
/** Items written during the modelled day (not by the set-up or the seed). */
export const dayItems = new Set<string>();

export const keyId = (key: Item) => `${str(key[TABLE_KEYS.partitionKey])}|${str(key[TABLE_KEYS.sortKey])}`;
export const keyOf = (item: Item): Item => ({
  [TABLE_KEYS.partitionKey]: item[TABLE_KEYS.partitionKey],
  [TABLE_KEYS.sortKey]: item[TABLE_KEYS.sortKey],
});
export function remember(item: Item | undefined) {
  if (str(item?.[TABLE_KEYS.partitionKey]) && str(item?.[TABLE_KEYS.sortKey])) images.set(keyId(item!), item!);
}

/**
 * Partitions of the local stack, not of the product deployed: the stream poller's place (LOCAL#) and
 * the local outbox, the stand-in for SNS/SES that MESSAGING_MODE=local writes (OUTBOX, OUTBOX#MESSAGE).
 */
const ignored = (pk: string | undefined) =>
  !pk || pk.startsWith('LOCAL#') || pk === 'OUTBOX' || pk === 'OUTBOX#MESSAGE';

export function push(ctx: CallContext, a: Omit<Access, 'bucket' | 'truck' | 'kind' | 'weight' | 'fn'>) {
  if (ctx.weight <= 0 || ignored(a.index === 'table' ? a.key : 'x')) return;
  accesses.push({ bucket: ctx.bucket, truck: ctx.truck, kind: ctx.kind, weight: ctx.weight, fn: ctx.fn, ...a });
}

/** One item written: the table's partition and each GSI whose key its old or new image holds. */
export function written(
  ctx: CallContext,
  command: string,
  oldItem: Item | undefined,
  newItem: Item | undefined,
  transaction: boolean,
  applied: boolean,
) {
  const key = newItem ?? oldItem;
  const pk = str(key?.[TABLE_KEYS.partitionKey]);
  if (ignored(pk)) return;
  const bytes = Math.max(itemSize(oldItem), itemSize(newItem), 1);
  push(ctx, {
    command,
    index: 'table',
    key: pk!,
    op: 'W',
    bytes,
    strong: transaction,
    items: 1,
    dayBytes: 0,
    query: false,
  });
  if (!applied) return;
  const id = keyId(key!);
  lastWriter.set(id, ctx);
  if (ctx.weight > 0) {
    dayItems.add(id);
    if (newItem) itemSizes.push({ key: pk!, bytes: itemSize(newItem) });
    streamRecords.set(ctx.bucket, (streamRecords.get(ctx.bucket) ?? 0) + ctx.weight);
  }
  for (const g of GSIS) {
    const before = str(oldItem?.[g.partitionKey]);
    const after = str(newItem?.[g.partitionKey]);
    if (after)
      push(ctx, {
        command,
        index: g.indexName,
        key: after,
        op: 'W',
        bytes: itemSize(newItem),
        strong: false,
        items: 1,
        dayBytes: 0,
        query: false,
      });
    if (before && before !== after)
      push(ctx, {
        command,
        index: g.indexName,
        key: before,
        op: 'W',
        bytes: itemSize(oldItem),
        strong: false,
        items: 1,
        dayBytes: 0,
        query: false,
      });
  }
  if (newItem) images.set(id, newItem);
  else images.delete(id);
}

/** Forgets what the last run recorded (each hub size is a run of its own). */
export function resetRecording() {
  accesses.length = 0;
  itemSizes.length = 0;
  lastWriter.clear();
  streamRecords.clear();
  images.clear();
  dayItems.clear();
}
