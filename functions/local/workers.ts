// Runs the workers of functions/workers.ts in the local stack, from the same modules Lambda runs:
// schedule workers on the local scheduler, stream workers on the DynamoDB Local stream poller.
// Queue workers have no local queue yet: their first producer brings it.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { logger } from '../lib/logger';
import type { WorkerDefinition } from '../workers';
import { startScheduler, type ScheduledJob } from './scheduler';
import { startStreamPoller, type StreamConsumer } from './stream-poller';
import { keepDeadLetter } from './dead-letters';
import { drawBetween, drawFault } from './faults';

const ROOT = join(import.meta.dirname, '..', '..');

type LambdaHandler = (event: never, context: Context) => Promise<unknown>;

export function workerContext(name: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 60_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/**
 * A stream worker's handler as the deployed event source mapping may run it (issue #55), when the local
 * stack's faults ask for it (faults.ts): a batch handed late, handed a second time after the first, or
 * run and then failed as if the worker stopped before its checkpoint (the poller hands it again).
 */
export function withDeliveryFaults<E, R>(handler: (event: E) => Promise<R>): (event: E) => Promise<R> {
  return async (event) => {
    if (drawFault('stream.late')) await new Promise((r) => setTimeout(r, drawBetween(200, 2000)));
    let result = await handler(event);
    if (drawFault('stream.duplicate')) result = await handler(event);
    if (drawFault('worker.stop')) throw new Error('Injected fault: the worker stopped before its checkpoint');
    return result;
  };
}

/** The worker's Lambda handler, checked to be the one `defineWorker` made for this registry entry. */
export async function loadWorker(worker: WorkerDefinition): Promise<LambdaHandler> {
  const module = (await import(pathToFileURL(join(ROOT, worker.entry)).href)) as {
    handler?: unknown;
    worker?: { name?: string; kind?: string };
  };
  if (
    typeof module.handler !== 'function' ||
    module.worker?.name !== worker.name ||
    module.worker.kind !== worker.trigger.kind
  ) {
    throw new Error(
      `${worker.entry} must export the handler and worker of defineWorker('${worker.name}', '${worker.trigger.kind}', ...)`,
    );
  }
  return module.handler as LambdaHandler;
}

export async function startLocalWorkers(options: {
  workers: readonly WorkerDefinition[];
  dynamoDbEndpoint: string;
  tableName: string;
  pollIntervalMs?: number;
}) {
  const onError = (worker: string, err: unknown) =>
    logger.error('local worker failed', { worker, err: err instanceof Error ? err.stack : String(err) });
  const jobs: ScheduledJob[] = [];
  const consumers: StreamConsumer[] = [];
  for (const worker of options.workers) {
    const { trigger } = worker;
    if (trigger.kind === 'queue') {
      logger.warn('queue workers do not run locally yet', { worker: worker.name });
      continue;
    }
    const handler = await loadWorker(worker);
    const invoke = (event: unknown) => handler(event as never, workerContext(worker.name));
    if (trigger.kind === 'schedule') jobs.push({ name: worker.name, expression: trigger.expression, run: invoke });
    else
      consumers.push({
        name: worker.name,
        filter: trigger.filter,
        handler: withDeliveryFaults(invoke as StreamConsumer['handler']),
      });
  }
  const scheduler = jobs.length ? startScheduler(jobs, onError) : undefined;
  const poller = consumers.length
    ? await startStreamPoller({
        endpoint: options.dynamoDbEndpoint,
        tableName: options.tableName,
        consumers,
        onError,
        onGiveUp: (worker, records, err) => keepDeadLetter(worker, records, err),
        intervalMs: options.pollIntervalMs,
      })
    : undefined;
  return {
    summary: `${jobs.length} scheduled, ${consumers.length} on the table stream`,
    /** True once the stream workers have handled every change made before the call (false after `withinMs`). */
    caughtUp: (withinMs?: number) => poller?.caughtUp(withinMs) ?? Promise.resolve(true),
    stop: async () => {
      await scheduler?.stop();
      await poller?.stop();
    },
  };
}
