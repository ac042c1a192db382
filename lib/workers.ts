// The workers of functions/workers.ts: one Lambda each with its trigger and its grants.
// - schedule: an EventBridge rule on its rate;
// - stream: an event source mapping on the table's stream, filtered before the Lambda is invoked,
//   partial batch failures, and a dead-letter queue that keeps the place of records given up on;
// - queue: its own SQS queue with a dead-letter queue, partial batch failures.
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { streamFilterPatterns, type WorkerDefinition } from '../functions/workers';
import { grantAccess, type SharedResources } from './access';
import { productFunction } from './lambda';

export class Workers extends Construct {
  readonly functions = new Map<string, NodejsFunction>();
  /** The queue of each queue worker, for the functions that will send to it. */
  readonly queues = new Map<string, Queue>();
  /** The dead-letter queue of each stream and queue worker. */
  readonly deadLetterQueues = new Map<string, Queue>();
  /** The workers on the table's stream. */
  readonly streamWorkers: string[] = [];

  constructor(
    scope: Construct,
    id: string,
    props: SharedResources & { workers: readonly WorkerDefinition[]; environment: Record<string, string> },
  ) {
    super(scope, id);
    for (const worker of props.workers) {
      const timeout = Duration.seconds(worker.timeoutSeconds ?? 60);
      const fn = productFunction(this, {
        name: worker.name,
        entry: worker.entry,
        timeout,
        environment: props.environment,
        nodeModules: worker.nodeModules,
      });
      grantAccess(fn, worker.access, props);
      this.functions.set(worker.name, fn);
      const trigger = worker.trigger;
      if (trigger.kind === 'schedule') {
        new Rule(this, `${worker.name}-schedule`, {
          schedule: Schedule.expression(trigger.expression),
          targets: [new LambdaFunction(fn, { retryAttempts: 2 })],
        });
      } else if (trigger.kind === 'stream') {
        const patterns = streamFilterPatterns(trigger.filter);
        this.streamWorkers.push(worker.name);
        fn.addEventSource(
          new DynamoEventSource(props.table, {
            startingPosition: StartingPosition.LATEST,
            // No batching window: a change is handed to the worker as soon as the mapping reads it (a
            // driver's booking message must go out within 2 s, issue #34); each worker has its own mapping.
            maxBatchingWindow: Duration.seconds(0),
            batchSize: 100,
            reportBatchItemFailures: true,
            bisectBatchOnError: true,
            retryAttempts: 5,
            onFailure: new SqsDlq(this.deadLetterQueue(worker.name)),
            filters: patterns.length ? patterns.map((p) => FilterCriteria.filter(p)) : undefined,
          }),
        );
      } else {
        const queue = new Queue(this, `${worker.name}-queue`, {
          encryption: QueueEncryption.SQS_MANAGED,
          enforceSSL: true,
          // AWS's advice: six times the function's timeout, so a message is not handed out twice while one try still runs.
          visibilityTimeout: Duration.seconds(timeout.toSeconds() * 6),
          deadLetterQueue: { queue: this.deadLetterQueue(worker.name), maxReceiveCount: 5 },
        });
        fn.addEventSource(new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true }));
        this.queues.set(worker.name, queue);
      }
    }
  }

  private deadLetterQueue(name: string): Queue {
    const queue = new Queue(this, `${name}-dlq`, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.deadLetterQueues.set(name, queue);
    return queue;
  }
}
