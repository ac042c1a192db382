// The local stand-in for the table stream's event source mappings: polls DynamoDB Local's Streams
// API and hands each stream worker the records its filter accepts, as the Lambda event
// (DynamoDBStreamEvent) it would get deployed. Like the deployed mapping it starts at the latest
// record, follows new shards from their start, and retries from the first failed record of a
// partial batch failure; a batch that still fails after the last try is logged, handed to `onGiveUp`
// (the local stack keeps it as a dead letter, dead-letters.ts) and passed over.
// Like the mapping, it keeps its position: each shard's last handled record is saved in the table
// (LOCAL#STREAM items), so a poller started again (after a crash or a restart) goes on from there.
// Deployed, each worker has a mapping of its own, so one worker's slow batch does not hold another's
// records back: here the consumers of a page are handed it at once, side by side (handed it one after
// another, a booking's message waited for every other worker's handling of the booking, and for all
// of theirs of the changes before it: the 5.5 s tail of issue #34).
import {
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { matchesStreamFilter, type StreamFilter } from '../workers';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './services';

export interface StreamConsumer {
  name: string;
  filter?: StreamFilter;
  handler: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;
}

export interface StreamPollerOptions {
  endpoint: string;
  tableName: string;
  consumers: StreamConsumer[];
  intervalMs?: number;
  /** Tries of one batch before it is passed over (the deployed mapping retries 5 times). */
  attempts?: number;
  onError: (consumer: string, err: unknown) => void;
  /** A batch given up on after its last try, to keep (the deployed mapping's dead-letter queue). */
  onGiveUp?: (consumer: string, records: DynamoDBRecord[], err: unknown) => Promise<void>;
}

/** The table's stream ARN; enables the stream (new and old images) on a table made without one. */
async function streamArnOf(client: DynamoDBClient, tableName: string): Promise<string> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  if (Table?.StreamSpecification?.StreamEnabled && Table.LatestStreamArn) {
    if (Table.StreamSpecification.StreamViewType !== 'NEW_AND_OLD_IMAGES')
      throw new Error(`The stream of ${tableName} must carry NEW_AND_OLD_IMAGES`);
    return Table.LatestStreamArn;
  }
  const res = await client.send(
    new UpdateTableCommand({
      TableName: tableName,
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
  if (!res.TableDescription?.LatestStreamArn) throw new Error(`DynamoDB did not enable the stream of ${tableName}`);
  return res.TableDescription.LatestStreamArn;
}

function toLambdaRecord(record: _Record, streamArn: string): DynamoDBRecord {
  const created = record.dynamodb?.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: LOCAL_REGION,
    eventSourceARN: streamArn,
    dynamodb: {
      ...record.dynamodb,
      ApproximateCreationDateTime: created ? Math.floor(created.getTime() / 1000) : undefined,
    },
  } as DynamoDBRecord;
}

/** Records asked for per GetRecords call. */
const PAGE = 100;
/** The longest wait between two looks for new shards. */
const SHARD_LOOK_MS = 5_000;

export async function startStreamPoller(options: StreamPollerOptions) {
  const config = { endpoint: options.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS };
  const tables = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  const streamArn = await streamArnOf(tables, options.tableName);
  /** The next iterator of each shard followed; null once a closed shard is read to its end. */
  const iterators = new Map<string, string | null>();

  const checkpointKey = (shardId: string) => ({ PK: { S: 'LOCAL#STREAM' }, SK: { S: `${streamArn}#${shardId}` } });
  const checkpointOf = async (shardId: string) =>
    (
      await tables.send(
        new GetItemCommand({ TableName: options.tableName, Key: checkpointKey(shardId), ConsistentRead: true }),
      )
    ).Item?.sequenceNumber?.S;
  const saveCheckpoint = (shardId: string, sequenceNumber: string) =>
    tables.send(
      new PutItemCommand({
        TableName: options.tableName,
        Item: { ...checkpointKey(shardId), sequenceNumber: { S: sequenceNumber } },
      }),
    );

  // A stream followed before: a shard with no saved position has had nothing handled yet, so it is read from its start.
  const followedBefore = Boolean(await checkpointOf('followed'));
  if (!followedBefore) await saveCheckpoint('followed', 'yes');

  const followShards = async (position: ShardIteratorType) => {
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        if (!shard.ShardId || iterators.has(shard.ShardId)) continue;
        // At the start a shard is followed from its saved position, else (open shards only) from its latest record.
        const saved = position === 'LATEST' ? await checkpointOf(shard.ShardId) : undefined;
        const from: ShardIteratorType = position === 'LATEST' && followedBefore ? 'TRIM_HORIZON' : position;
        if (!saved && from === 'LATEST' && shard.SequenceNumberRange?.EndingSequenceNumber) continue;
        const { ShardIterator } = await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shard.ShardId,
            ...(saved
              ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: saved }
              : { ShardIteratorType: from }),
          }),
        );
        iterators.set(shard.ShardId, ShardIterator ?? null);
      }
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
  };

  const deliver = async (consumer: StreamConsumer, records: DynamoDBRecord[]) => {
    const attempts = options.attempts ?? 3;
    let batch = records;
    for (let attempt = 1; ; attempt++) {
      let failure: unknown;
      try {
        const failures = (await consumer.handler({ Records: batch }))?.batchItemFailures ?? [];
        if (!failures.length) return;
        // The deployed mapping goes on from the first failed record, so the records after it come again too.
        const first = batch.findIndex((r) => failures.some((f) => f.itemIdentifier === r.dynamodb?.SequenceNumber));
        batch = batch.slice(Math.max(first, 0));
        failure = new Error(`${batch.length} record(s) from ${failures[0]!.itemIdentifier} failed ${attempt} time(s)`);
      } catch (err) {
        failure = err;
      }
      if (attempt >= attempts) {
        options.onError(consumer.name, failure);
        return options.onGiveUp?.(consumer.name, batch, failure);
      }
    }
  };

  // New shards are looked for when one is read to its end (its children follow it) and now and then,
  // not on every pass: under load a DescribeStream costs as much as the GetRecords it would precede.
  let shardsLookedAt = 0;
  let shardEnded = false;
  /** Those waiting for the workers to catch up (caughtUp): answered by a pass begun after they asked that
   * found no change on any shard, so every change before it was handed, handled and checkpointed. */
  let waiting: (() => void)[] = [];
  /** One pass over the shards: whether a shard gave a full page (more records are waiting), and how many
   * of the product's changes it handed on. */
  const pass = async (): Promise<{ behind: boolean; changes: number }> => {
    let changes = 0;
    if (shardEnded || performance.now() - shardsLookedAt > SHARD_LOOK_MS) {
      shardEnded = false;
      shardsLookedAt = performance.now();
      await followShards('TRIM_HORIZON');
    }
    let behind = false;
    for (const [shardId, iterator] of iterators) {
      if (!iterator) continue;
      const res = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: PAGE }));
      iterators.set(shardId, res.NextShardIterator ?? null);
      if (!res.NextShardIterator) shardEnded = true;
      if ((res.Records?.length ?? 0) >= PAGE) behind = true;
      // The local stack's own items (positions, dead letters) are not the product's changes (and saving one is not a new change).
      const records = (res.Records ?? [])
        .filter((r) => !r.dynamodb?.Keys?.PK?.S?.startsWith('LOCAL#'))
        .map((r) => toLambdaRecord(r, streamArn));
      changes += records.length;
      if (!records.length) continue;
      await Promise.all(
        options.consumers.map((consumer) => {
          const accepted = records.filter((r) => matchesStreamFilter(r, consumer.filter));
          return accepted.length ? deliver(consumer, accepted) : Promise.resolve();
        }),
      );
      const last = records[records.length - 1]!.dynamodb?.SequenceNumber;
      if (last) await saveCheckpoint(shardId, last);
    }
    return { behind, changes };
  };
  /** A pass, answering those who asked before it began if it found nothing (a failed pass answers none). */
  const poll = async (): Promise<boolean> => {
    const asked = waiting;
    waiting = [];
    let found: { behind: boolean; changes: number } | undefined;
    try {
      found = await pass();
      return found.behind;
    } finally {
      if (!found || found.changes || found.behind) waiting.unshift(...asked);
      else for (const answer of asked) answer();
    }
  };

  await followShards('LATEST');
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const loop = () => {
    // Behind (a full page came): on at once, as the deployed mapping reads a busy stream; else wait.
    current = poll()
      .catch((err) => {
        options.onError('stream poller', err);
        return false;
      })
      .then((behind) => {
        if (!stopped) timer = setTimeout(loop, behind ? 0 : (options.intervalMs ?? 1000));
      });
  };
  loop();
  return {
    /** True once every change made before the call has been handled (and the changes their handling
     * made); false if that takes longer than `withinMs`. */
    caughtUp: (withinMs = 60_000) =>
      new Promise<boolean>((resolve) => {
        const late = setTimeout(() => resolve(false), withinMs);
        waiting.push(() => {
          clearTimeout(late);
          resolve(true);
        });
      }),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
      tables.destroy();
      streams.destroy();
    },
  };
}
