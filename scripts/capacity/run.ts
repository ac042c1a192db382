// Runs one modelled hub day (day.ts) on a fresh table of a DynamoDB Local, with the recorder
// (recorder.ts) on every DynamoDB client and the stream workers on the table's stream, and returns
// what it recorded. Used by `npm run capacity` (scripts/capacity.ts) and its test
// (test/integration/capacity.test.ts), which hands it the run's DynamoDB Local.
import { randomUUID } from 'node:crypto';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { addDays, localDateTime, DEFAULT_TIME_ZONE } from '../../shared/time';
import {
  accesses,
  contextStore,
  itemSizes,
  resetRecording,
  streamRecords,
  type Access,
  type CallContext,
} from './accesses';
import { startRecording } from './recorder';
import { contextOfRecord, runDay, type DayRecord, type HubSize } from './day';
import { useModelClock } from './invoke';
import { windowShare } from './plan';

export interface HubRun {
  size: HubSize;
  sample: number;
  /** The trucks the sample stands for: the hub's, or the share of them that arrive in the window. */
  represents: number;
  date: string;
  tenantId: string;
  facilityId: string;
  accesses: Access[];
  itemSizes: { key: string; bytes: number }[];
  streamRecords: Map<number, number>;
  record: DayRecord;
  seconds: number;
}

/** The modelled day: a Wednesday at least three days ahead (a working day with free slots, never today). */
export function modelDate(now = new Date()): string {
  let date = addDays(localDateTime(now, DEFAULT_TIME_ZONE).date, 3);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 3) date = addDays(date, 1);
  return date;
}

export async function runHubDay(options: {
  dynamoDbEndpoint: string;
  size: HubSize;
  sample?: number;
  date?: string;
  /** Quarter hours the sample's trucks arrive in (day.ts); default the whole day. */
  window?: { from: number; to: number };
  /** Fills the new table with the demo data (default: seedDemoData; the test copies its run's template). */
  prepareTable?: (tableName: string) => Promise<void>;
  log?: (line: string) => void;
}): Promise<HubRun> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const sample = Math.min(options.sample ?? options.size.trucks, options.size.trucks);
  const date = options.date ?? modelDate();
  const { ensureTable, useLocalEnvironment, LOCAL_CREDENTIALS, LOCAL_REGION } =
    await import('../../functions/local/services');
  const tableName = `capacity-${randomUUID().slice(0, 8)}`;
  useLocalEnvironment({
    dynamoDbEndpoint: options.dynamoDbEndpoint,
    s3Endpoint: 'http://127.0.0.1:9',
    tableName,
    uploadsBucket: 'capacity-uploads',
  });
  await ensureTable(options.dynamoDbEndpoint, tableName);
  resetRecording();
  const recording = startRecording({
    endpoint: options.dynamoDbEndpoint,
    table: tableName,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS as never,
  });
  const restoreClock = useModelClock();
  const stops: (() => Promise<void>)[] = [];
  try {
    const { ddb } = await import('../../functions/lib/aws');
    recording.instrument(ddb());
    const { seedDemoData, DEMO_FACILITY_ID, DEMO_TENANT_ID } = await import('../../functions/local/seed');
    if (options.prepareTable) await options.prepareTable(tableName);
    else await seedDemoData(new Date(`${addDays(date, -3)}T04:00:00Z`));
    log(`  table ${tableName} seeded (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    const { FUNCTIONS } = await import('../../functions/registry');
    const { WORKERS } = await import('../../functions/workers');
    const { loadWorker, workerContext } = await import('../../functions/local/workers');
    const { startStreamPoller } = await import('../../functions/local/stream-poller');
    const { onLocalMessage } = await import('../../functions/messaging');
    const record: DayRecord = { invocations: [], messages: [], truckIds: new Set(), refused: [], actions: {} };
    let lastBucket: CallContext = { bucket: 0, kind: 'time', weight: 1, fn: 'worker' };
    onLocalMessage((m: { channel: string }) => {
      const ctx = contextStore.getStore();
      if (ctx && ctx.weight > 0)
        record.messages.push({ channel: m.channel, weight: ctx.weight, kind: ctx.kind, bucket: ctx.bucket });
    });
    stops.push(async () => onLocalMessage(undefined));

    const timed = async (ctx: CallContext, run: () => Promise<unknown>) => {
      const t0 = performance.now();
      try {
        return await contextStore.run(ctx, run);
      } finally {
        if (ctx.weight > 0)
          record.invocations.push({
            fn: ctx.fn,
            ms: performance.now() - t0,
            memoryMb: 512,
            weight: ctx.weight,
            kind: ctx.kind,
            truck: ctx.truck,
            bucket: ctx.bucket,
          });
      }
    };
    // Stream workers, one record per invocation, each in the context of the write that made it.
    const consumers = [];
    for (const worker of WORKERS) {
      if (worker.trigger.kind !== 'stream') continue;
      const handler = await loadWorker(worker);
      consumers.push({
        name: worker.name,
        filter: worker.trigger.filter,
        handler: async (event: DynamoDBStreamEvent) => {
          const failures: { itemIdentifier: string }[] = [];
          for (const r of event.Records) {
            const ctx = { ...contextOfRecord(r.dynamodb?.Keys, lastBucket), fn: worker.name };
            const res = (await timed(ctx, () => handler({ Records: [r] } as never, workerContext(worker.name)))) as
              { batchItemFailures?: { itemIdentifier: string }[] } | undefined;
            failures.push(...(res?.batchItemFailures ?? []));
          }
          return { batchItemFailures: failures };
        },
      });
    }
    const poller = await startStreamPoller({
      endpoint: options.dynamoDbEndpoint,
      tableName,
      consumers,
      intervalMs: 100,
      onError: (name, err) => log(`  worker ${name} failed: ${err instanceof Error ? err.message : String(err)}`),
    });
    stops.push(poller.stop);
    const scheduled = await Promise.all(
      WORKERS.filter(
        (w) =>
          w.trigger.kind === 'schedule' &&
          ['messaging-reminders', 'messaging-delay-alerts', 'detention-watch'].includes(w.name),
      ).map(async (w) => ({ name: w.name, handler: await loadWorker(w) })),
    );
    const settle = async () => {
      let seen = -1;
      while (seen !== accesses.length + record.invocations.length) {
        seen = accesses.length + record.invocations.length;
        await new Promise((r) => setTimeout(r, 1200));
      }
    };
    log(`  day of ${options.size.trucks} trucks (${sample} run) on ${date}`);
    await runDay(
      {
        size: options.size,
        sample,
        date,
        tenantId: DEMO_TENANT_ID,
        facilityId: DEMO_FACILITY_ID,
        functions: FUNCTIONS,
        settle,
        log,
        window: options.window,
        runScheduled: async (ctx) => {
          lastBucket = { ...ctx, weight: 1, fn: 'worker' };
          for (const s of scheduled)
            await timed({ ...ctx, fn: s.name }, () =>
              s.handler({ time: new Date().toISOString() } as never, workerContext(s.name)),
            ).catch((err) => log(`  ${s.name} failed: ${err instanceof Error ? err.message : String(err)}`));
        },
      },
      record,
    );
    return {
      size: options.size,
      sample,
      represents: options.size.trucks * windowShare(options.window ?? { from: 0, to: 96 }),
      date,
      tenantId: DEMO_TENANT_ID,
      facilityId: DEMO_FACILITY_ID,
      accesses: [...accesses],
      itemSizes: [...itemSizes],
      streamRecords: new Map(streamRecords),
      record,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    restoreClock();
    recording.stop();
  }
}
