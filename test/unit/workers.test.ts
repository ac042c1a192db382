// The worker plumbing without AWS: the registry, defineWorker's batch handling, the stream filter
// and the local scheduler, exercised with the fixture workers of test/support/workers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { FullBatchFailureError } from '@aws-lambda-powertools/batch';
import type { Context, DynamoDBRecord, DynamoDBStreamEvent, ScheduledEvent, SQSEvent } from 'aws-lambda';
import { matchesStreamFilter, streamFilterPatterns, WORKERS } from '../../functions/workers';
import { loadWorker, workerContext } from '../../functions/local/workers';
import { rateMilliseconds, scheduledEvent, startScheduler } from '../../functions/local/scheduler';
import { CHANGES_WORKER, INBOX_WORKER, TICK_WORKER } from '../support/workers/fixtures';
import * as changes from '../support/workers/changes.worker';
import * as inbox from '../support/workers/inbox.worker';
import * as tick from '../support/workers/tick.worker';

const ROOT = resolve(import.meta.dirname, '../..');
const context = (name: string): Context => workerContext(name);

function change(
  sequence: string,
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  image: Record<string, string | number>,
): DynamoDBRecord {
  const attributes = Object.fromEntries(
    Object.entries(image).map(([k, v]) => [k, typeof v === 'number' ? { N: String(v) } : { S: v }]),
  );
  return {
    eventID: sequence,
    eventName,
    eventSource: 'aws:dynamodb',
    dynamodb: {
      SequenceNumber: sequence,
      ...(eventName === 'REMOVE' ? { OldImage: attributes } : { NewImage: attributes }),
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
  changes.handled.length = 0;
  inbox.bodies.length = 0;
  tick.runs.length = 0;
});

describe('worker registry', () => {
  it('names each worker once, in kebab-case, with an entry module made by defineWorker for it', async () => {
    const names = WORKERS.map((w) => w.name);
    expect(new Set(names).size).toBe(names.length);
    for (const worker of WORKERS) {
      expect(worker.name).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(existsSync(resolve(ROOT, worker.entry)), worker.entry).toBe(true);
      await expect(loadWorker(worker), worker.name).resolves.toBeTypeOf('function');
    }
  });

  it('refuses an entry module whose defineWorker names another worker or trigger', async () => {
    await expect(loadWorker(TICK_WORKER)).resolves.toBe(tick.handler);
    await expect(loadWorker({ ...TICK_WORKER, name: 'other' })).rejects.toThrow(/defineWorker\('other', 'schedule'/);
    await expect(loadWorker({ ...TICK_WORKER, trigger: { kind: 'queue' } })).rejects.toThrow(
      /defineWorker\('test-tick', 'queue'/,
    );
  });
});

describe('stream filter', () => {
  const filter = { entities: ['appointment'] };

  it('matches inserted and modified items on their new image and removed ones on their old image', () => {
    expect(matchesStreamFilter(change('1', 'INSERT', { entity: 'appointment' }), filter)).toBe(true);
    expect(matchesStreamFilter(change('2', 'MODIFY', { entity: 'appointment' }), filter)).toBe(true);
    expect(matchesStreamFilter(change('3', 'REMOVE', { entity: 'appointment' }), filter)).toBe(true);
    expect(matchesStreamFilter(change('4', 'INSERT', { entity: 'user' }), filter)).toBe(false);
    expect(matchesStreamFilter(change('5', 'INSERT', {}), filter)).toBe(false);
  });

  it('keeps only the named kinds of change', () => {
    const inserts = { eventNames: ['INSERT' as const], entities: ['appointment'] };
    expect(matchesStreamFilter(change('1', 'INSERT', { entity: 'appointment' }), inserts)).toBe(true);
    expect(matchesStreamFilter(change('2', 'REMOVE', { entity: 'appointment' }), inserts)).toBe(false);
    expect(matchesStreamFilter(change('3', 'MODIFY', {}), { eventNames: ['MODIFY'] })).toBe(true);
    expect(matchesStreamFilter(change('4', 'INSERT', {}), undefined)).toBe(true);
  });

  it('gives Lambda the same rule as event-filtering patterns', () => {
    expect(streamFilterPatterns(undefined)).toEqual([]);
    expect(streamFilterPatterns({ eventNames: ['INSERT'] })).toEqual([{ eventName: ['INSERT'] }]);
    expect(streamFilterPatterns(filter)).toEqual([
      { eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { entity: { S: ['appointment'] } } } },
      { eventName: ['REMOVE'], dynamodb: { OldImage: { entity: { S: ['appointment'] } } } },
    ]);
    expect(streamFilterPatterns({ eventNames: ['INSERT'], entities: ['user'] })).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: ['user'] } } } },
    ]);
  });
});

describe('defineWorker', () => {
  it('handles a stream batch in order and stops at a failing change, reporting it and the ones after it', async () => {
    // Prepare
    const event: DynamoDBStreamEvent = {
      Records: [
        change('10', 'INSERT', { entity: 'appointment' }),
        change('11', 'INSERT', { entity: 'appointment', failures: 1 }),
        change('12', 'MODIFY', { entity: 'appointment' }),
      ],
    };
    // Act
    const first = await changes.handler(event, context(CHANGES_WORKER.name));
    const retry = await changes.handler({ Records: event.Records.slice(1) }, context(CHANGES_WORKER.name));
    // Assess
    expect(first).toEqual({ batchItemFailures: [{ itemIdentifier: '11' }, { itemIdentifier: '12' }] });
    expect(retry).toEqual({ batchItemFailures: [] });
    expect(changes.handled.map((r) => r.dynamodb?.SequenceNumber)).toEqual(['10', '11', '12']);
  });

  it('handles the rest of a queue batch when one message fails', async () => {
    const message = (messageId: string, body: string) => ({ messageId, body }) as SQSEvent['Records'][number];
    const result = await inbox.handler(
      { Records: [message('m1', 'hello'), message('m2', 'poison'), message('m3', 'world')] },
      context(INBOX_WORKER.name),
    );
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(inbox.bodies.sort()).toEqual(['hello', 'world']);
  });

  it('fails the whole invocation when every record fails, so the batch comes again', async () => {
    const event: DynamoDBStreamEvent = { Records: [change('20', 'INSERT', { entity: 'appointment', failures: 1 })] };
    await expect(changes.handler(event, context(CHANGES_WORKER.name))).rejects.toBeInstanceOf(FullBatchFailureError);
    // The retry succeeds (the fixture fails each record's first delivery only).
    await expect(changes.handler(event, context(CHANGES_WORKER.name))).resolves.toEqual({ batchItemFailures: [] });
  });

  it('runs a schedule worker with the scheduled event', async () => {
    const event = scheduledEvent(TICK_WORKER.name);
    await tick.handler(event, context(TICK_WORKER.name));
    expect(tick.runs).toEqual([event]);
  });
});

describe('local scheduler', () => {
  it('reads rate expressions and refuses the rest', () => {
    expect(rateMilliseconds('rate(1 minute)')).toBe(60_000);
    expect(rateMilliseconds('rate(5 minutes)')).toBe(300_000);
    expect(rateMilliseconds('rate(2 hours)')).toBe(7_200_000);
    expect(rateMilliseconds('rate(1 day)')).toBe(86_400_000);
    expect(() => rateMilliseconds('cron(0 12 * * ? *)')).toThrow(/Unsupported schedule expression/);
    expect(() => rateMilliseconds('rate(0 minutes)')).toThrow(/Unsupported schedule expression/);
  });

  it('runs a schedule worker on its rate with a scheduled event', async () => {
    // Prepare
    const handler = await loadWorker(TICK_WORKER);
    vi.useFakeTimers();
    const trigger = TICK_WORKER.trigger as { expression: string };
    const scheduler = startScheduler(
      [
        {
          name: TICK_WORKER.name,
          expression: trigger.expression,
          run: (e) => handler(e as never, context(TICK_WORKER.name)),
        },
      ],
      (_job, err) => {
        throw err;
      },
    );
    // Act + Assess: nothing before the first period, then one run per period.
    await vi.advanceTimersByTimeAsync(299_000);
    expect(tick.runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tick.runs).toHaveLength(1);
    expect(tick.runs[0]).toMatchObject({
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      resources: [expect.stringContaining('rule/test-tick')],
    });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(tick.runs).toHaveLength(3);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(tick.runs).toHaveLength(3);
  });

  it('skips a run while the previous one is still going, and reports a failed run', async () => {
    // Prepare
    vi.useFakeTimers();
    let release!: () => void;
    const started: ScheduledEvent[] = [];
    const errors: string[] = [];
    const slow = (event: ScheduledEvent) => {
      started.push(event);
      return started.length === 1 ? new Promise<void>((ok) => (release = ok)) : Promise.reject(new Error('boom'));
    };
    const scheduler = startScheduler([{ name: 'slow', expression: 'rate(1 minute)', run: slow }], (job, err) =>
      errors.push(`${job}: ${(err as Error).message}`),
    );
    // Act
    await vi.advanceTimersByTimeAsync(180_000);
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    await scheduler.stop();
    // Assess: the runs due at 2 and 3 minutes were skipped; the one at 4 minutes ran and failed.
    expect(started).toHaveLength(2);
    expect(errors).toEqual(['slow: boom']);
  });
});
