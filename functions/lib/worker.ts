// The kernel of asynchronous work: `defineWorker(name, kind, handle)` makes the Lambda handler of a
// worker of functions/workers.ts. Stream and queue workers handle one record at a time inside
// Powertools batch processing with a partial batch response: a failing queue message is retried
// without the others; a stream is handled in order and stops at a failing change, which is retried
// with the changes after it. Every worker wears the same
// logger context, tracing and metrics as the HTTP functions (telemetry.ts).
import middy from '@middy/core';
import { BatchProcessor, EventType, FullBatchFailureError, processPartialResponse } from '@aws-lambda-powertools/batch';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type {
  Context,
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  ScheduledEvent,
  SQSBatchResponse,
  SQSEvent,
  SQSRecord,
} from 'aws-lambda';
import { logger } from './logger';
import { metrics, metricsEnabled, observability } from './telemetry';

/** The event of each trigger kind of functions/workers.ts. */
export interface WorkerEvents {
  schedule: ScheduledEvent;
  stream: DynamoDBStreamEvent;
  queue: SQSEvent;
}

export type TriggerKind = keyof WorkerEvents;

export interface WorkerResults {
  // A schedule worker answers nothing.
  schedule: void;
  stream: DynamoDBBatchResponse;
  queue: SQSBatchResponse;
}

interface WorkerRecords {
  stream: DynamoDBRecord;
  queue: SQSRecord;
}

/** A schedule worker handles the run; a stream or queue worker handles one record (throw = failed). */
export type WorkerHandle<K extends TriggerKind> = K extends 'schedule'
  ? (event: ScheduledEvent, context: Context) => Promise<void>
  : (record: WorkerRecords[K & keyof WorkerRecords], context: Context) => Promise<void>;

function recordId(record: DynamoDBRecord | SQSRecord): string | undefined {
  return 'messageId' in record ? record.messageId : record.dynamodb?.SequenceNumber;
}

// The worker's name is the metrics' `service` dimension (POWERTOOLS_SERVICE_NAME, set by the stack).
function count(name: string, value: number) {
  if (metricsEnabled && value > 0) metrics.addMetric(name, MetricUnit.Count, value);
}

export function defineWorker<K extends TriggerKind>(name: string, kind: K, handle: WorkerHandle<K>) {
  const runSchedule = async (event: ScheduledEvent, context: Context) => {
    try {
      await (handle as WorkerHandle<'schedule'>)(event, context);
      count('runs', 1);
    } catch (err) {
      count('failedRuns', 1);
      logger.error('worker run failed', { worker: name, err: err instanceof Error ? err.stack : String(err) });
      throw err;
    }
  };

  const runBatch = async (event: DynamoDBStreamEvent | SQSEvent, context: Context) => {
    const processor = new BatchProcessor(kind === 'stream' ? EventType.DynamoDBStreams : EventType.SQS);
    let streamBroken = false;
    const handleRecord = async (record: DynamoDBRecord | SQSRecord) => {
      // Past a failed change nothing of the stream is handled: its retry starts at the failed record,
      // so the later ones come again after it, in order, and are not handled twice.
      if (streamBroken) throw new Error('An earlier change of this batch failed');
      try {
        await (handle as (r: DynamoDBRecord | SQSRecord, c: Context) => Promise<void>)(record, context);
      } catch (err) {
        streamBroken = kind === 'stream';
        logger.error('worker record failed', {
          worker: name,
          record: recordId(record),
          err: err instanceof Error ? err.stack : String(err),
        });
        throw err;
      }
    };
    try {
      // A stream's records are changes to the same items in order; a queue's are independent.
      const response = await processPartialResponse(event, handleRecord, processor, {
        context,
        processInParallel: kind === 'queue',
      });
      count('processedRecords', event.Records.length - response.batchItemFailures.length);
      count('failedRecords', response.batchItemFailures.length);
      return response;
    } catch (err) {
      if (err instanceof FullBatchFailureError) count('failedRecords', event.Records.length);
      throw err;
    }
  };

  const handler = middy<WorkerEvents[K], WorkerResults[K], Error, Context>()
    .use(
      observability<WorkerEvents[K], WorkerResults[K]>((event) =>
        kind === 'schedule' ? (event as ScheduledEvent).id : undefined,
      ),
    )
    .handler(async (event, context) => {
      if (kind === 'schedule') return (await runSchedule(event as ScheduledEvent, context)) as WorkerResults[K];
      return (await runBatch(event as DynamoDBStreamEvent | SQSEvent, context)) as WorkerResults[K];
    });
  return { worker: { name, kind }, handler };
}
