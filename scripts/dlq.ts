// Dead letters you can act on (docs/operations.md, "A dead-letter queue is not empty"):
//   npm run dlq -- list [<worker>]            how many dead letters each worker (or one) has, and what they are
//   npm run dlq -- show <worker> [<id>]       the dead letters in full (the records, the error)
//   npm run dlq -- redrive <worker> [<id>]    hands them to the worker again; each one it takes is removed
// Against a deployed stage (the AWS CLI, your profile and region): --stage dev|staging|prod (default dev,
// as the deploy's) or --stack <the Workers stack>. Against `npm start` or a test table: --local <the DynamoDB Local endpoint
// npm start printed> [--table <name>].
// A redrive is safe because every worker is idempotent (functions/workers.ts): a record it already
// handled is recognised and passed over, never applied twice.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { matchesStreamFilter, WORKERS, type WorkerDefinition } from '../functions/workers';
import { awsJson } from './ops/aws-cli';
import { useLocalTable } from './ops/local-table';
import { STAGES, stageAppName, type Stage } from '../lib/stage';

export const DLQ_USAGE = `usage: npm run dlq -- list [<worker>] | show <worker> [<id>] | redrive <worker> [<id>]
         [--stage dev|staging|prod (default dev) | --stack <Workers stack>] | [--local <DynamoDB Local endpoint> [--table <name>]]
A redrive hands each dead letter to its worker again and removes the ones the worker takes. It is safe:
every worker is idempotent, so a record it handled before is recognised and not applied twice
(day-figures keeps a marker per stream record; the webhook fan-out keys each delivery by event and
subscription; the event forwarder skips an event id already forwarded; the notifier's message ids are
event id + channel; the gate hints cache the answers and write the same hint again).`;

export type Print = (line: string) => void;
type Command = 'list' | 'show' | 'redrive';

export interface DlqRequest {
  command: Command;
  worker?: WorkerDefinition;
  id?: string;
  workers: readonly WorkerDefinition[];
  print: Print;
}

/** Parses the words of the command line against the workers; throws a message naming what was wrong. */
export function dlqRequest(positionals: string[], workers: readonly WorkerDefinition[], print: Print): DlqRequest {
  const [command, workerName, id] = positionals;
  if (command !== 'list' && command !== 'show' && command !== 'redrive') throw new Error(DLQ_USAGE);
  const withDlq = workers.filter((w) => w.trigger.kind !== 'schedule');
  const worker = workerName ? withDlq.find((w) => w.name === workerName) : undefined;
  if (workerName && !worker)
    throw new Error(
      `no worker ${workerName} with a dead-letter queue; the workers are: ${withDlq.map((w) => w.name).join(', ')}`,
    );
  if (command !== 'list' && !worker) throw new Error(`${command} needs a worker: ${DLQ_USAGE.split('\n')[0]}`);
  return { command, worker, id, workers: withDlq, print };
}

const describe = (record: DynamoDBRecord) =>
  `${record.eventName} ${record.dynamodb?.Keys?.PK?.S ?? '?'} ${record.dynamodb?.Keys?.SK?.S ?? '?'}` +
  ` (${record.dynamodb?.NewImage?.entity?.S ?? record.dynamodb?.OldImage?.entity?.S ?? 'no entity'})`;

/** Hands the records to the worker once; the failures it reports (none means it took them all). */
async function deliver(
  invoke: (event: { Records: DynamoDBRecord[] }) => Promise<DynamoDBBatchResponse | undefined | void>,
  records: DynamoDBRecord[],
): Promise<string | null> {
  try {
    const failures = (await invoke({ Records: records }))?.batchItemFailures ?? [];
    return failures.length ? `${failures.length} of ${records.length} record(s) failed again` : null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** The local stack: dead letters kept in the table by the stream poller (functions/local/dead-letters.ts). */
export async function localDlq(request: DlqRequest): Promise<number> {
  const { listDeadLetters, getDeadLetter, removeDeadLetter } = await import('../functions/local/dead-letters');
  const { loadWorker, workerContext } = await import('../functions/local/workers');
  const { command, worker, id, print } = request;
  const one = id ? await getDeadLetter(id) : null;
  const letters = id ? (one && one.worker === worker?.name ? [one] : []) : await listDeadLetters(worker?.name);
  if (id && !letters.length) {
    print(`no dead letter ${id} for ${worker!.name}`);
    return 1;
  }
  if (command === 'list') {
    for (const w of worker ? [worker] : request.workers) {
      const own = letters.filter((l) => l.worker === w.name);
      print(`${w.name}: ${own.length} dead letter(s)`);
      for (const l of own) print(`  ${l.id}  ${l.failedAt}  ${l.records.length} record(s)  ${l.error}`);
    }
    return 0;
  }
  if (command === 'show') {
    for (const l of letters) {
      print(`${l.id}\n  failed at ${l.failedAt}: ${l.error}`);
      for (const r of l.records) print(`  ${r.dynamodb?.SequenceNumber}  ${describe(r)}`);
      print(JSON.stringify(l.records, null, 2));
    }
    return 0;
  }
  const handler = await loadWorker(worker!);
  let taken = 0;
  for (const l of letters) {
    const failure = await deliver(
      (event) => handler(event as never, workerContext(worker!.name)) as Promise<DynamoDBBatchResponse | undefined>,
      l.records,
    );
    if (failure) print(`${l.id}: still failing, kept: ${failure}`);
    else {
      await removeDeadLetter(l.id);
      taken++;
      print(`${l.id}: ${l.records.length} record(s) handled, removed`);
    }
  }
  print(`redrove ${taken} of ${letters.length} dead letter(s) of ${worker!.name}`);
  return taken === letters.length ? 0 : 1;
}

interface SqsMessage {
  MessageId: string;
  ReceiptHandle: string;
  Body: string;
  Attributes?: Record<string, string>;
}
/** What Lambda's event source mapping writes for a stream batch it gave up on: where it is, not the records. */
interface StreamFailure {
  requestContext?: { condition?: string; functionArn?: string };
  responseContext?: { functionError?: string; statusCode?: number };
  timestamp?: string;
  DDBStreamBatchInfo?: {
    shardId: string;
    startSequenceNumber: string;
    endSequenceNumber: string;
    batchSize: number;
    streamArn: string;
  };
}

/** A deployed stage: the worker's SQS dead-letter queue and its Lambda, found in the Workers stack. */
export async function awsDlq(request: DlqRequest, stack: string): Promise<number> {
  const { command, worker, id, print } = request;
  const { StackResourceSummaries: resources } = await awsJson<{
    StackResourceSummaries: { LogicalResourceId: string; PhysicalResourceId: string; ResourceType: string }[];
  }>(['cloudformation', 'list-stack-resources', '--stack-name', stack]);
  // The construct ids of lib/workers.ts (`<name>-dlq`, `<name>-function`) are the start of the logical ids.
  const find = (w: WorkerDefinition, suffix: string, type: string) =>
    resources.find(
      (r) => r.ResourceType === type && r.LogicalResourceId.startsWith(`workers${w.name.replace(/-/g, '')}${suffix}`),
    )?.PhysicalResourceId;
  const queueOf = (w: WorkerDefinition) => {
    const url = find(w, 'dlq', 'AWS::SQS::Queue');
    if (!url) throw new Error(`no dead-letter queue of ${w.name} in ${stack}`);
    return url;
  };
  const peek = async (queueUrl: string, visibility: number) =>
    (
      await awsJson<{ Messages?: SqsMessage[] }>([
        'sqs',
        'receive-message',
        '--queue-url',
        queueUrl,
        '--max-number-of-messages',
        '10',
        '--visibility-timeout',
        String(visibility),
        '--attribute-names',
        'All',
      ])
    ).Messages ?? [];

  if (command === 'list') {
    for (const w of worker ? [worker] : request.workers) {
      const queueUrl = queueOf(w);
      const { Attributes } = await awsJson<{ Attributes: Record<string, string> }>([
        'sqs',
        'get-queue-attributes',
        '--queue-url',
        queueUrl,
        '--attribute-names',
        'ApproximateNumberOfMessages',
      ]);
      print(`${w.name}: ${Attributes.ApproximateNumberOfMessages} dead letter(s)  ${queueUrl}`);
      if (worker) for (const m of await peek(queueUrl, 0)) print(`  ${m.MessageId}  ${summary(m)}`);
    }
    return 0;
  }
  const queueUrl = queueOf(worker!);
  if (command === 'show') {
    const messages = (await peek(queueUrl, 0)).filter((m) => !id || m.MessageId === id);
    if (id && !messages.length)
      print(`${id} is not among the first messages of the queue (SQS shows up to 10 at a time)`);
    for (const m of messages) print(`${m.MessageId}  ${summary(m)}\n${JSON.stringify(JSON.parse(m.Body), null, 2)}`);
    return messages.length || !id ? 0 : 1;
  }
  if (worker!.trigger.kind === 'queue') {
    // SQS moves the messages back to the queue they came from; the worker takes them from there.
    const { Attributes } = await awsJson<{ Attributes: { QueueArn: string } }>([
      'sqs',
      'get-queue-attributes',
      '--queue-url',
      queueUrl,
      '--attribute-names',
      'QueueArn',
    ]);
    const task = await awsJson<{ TaskHandle: string }>([
      'sqs',
      'start-message-move-task',
      '--source-arn',
      Attributes.QueueArn,
    ]);
    print(`moving the dead letters of ${worker!.name} back to its queue: task ${task.TaskHandle}`);
    return 0;
  }
  // A stream worker's dead letter names a range of the table's stream: read it again (the stream keeps
  // 24 hours), give the worker the records its filter takes, and remove the letter once it took them.
  const functionName = find(worker!, 'function', 'AWS::Lambda::Function');
  if (!functionName) throw new Error(`no Lambda of ${worker!.name} in ${stack}`);
  const dir = mkdtempSync(join(tmpdir(), 'dlq-'));
  let taken = 0;
  let seen = 0;
  try {
    for (let round = 0; round < 100; round++) {
      const messages = (await peek(queueUrl, 900)).filter((m) => !id || m.MessageId === id);
      if (!messages.length) break;
      for (const m of messages) {
        seen++;
        const failure = await redriveStreamLetter(worker!, functionName, JSON.parse(m.Body) as StreamFailure, dir);
        if (failure) {
          print(`${m.MessageId}: still failing, kept (visible again in 15 minutes): ${failure}`);
          continue;
        }
        await awsJson(['sqs', 'delete-message', '--queue-url', queueUrl, '--receipt-handle', m.ReceiptHandle]);
        taken++;
        print(`${m.MessageId}: handled, removed`);
      }
      if (id) break;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  print(`redrove ${taken} of ${seen} dead letter(s) of ${worker!.name}`);
  return taken === seen ? 0 : 1;
}

function summary(m: SqsMessage): string {
  const body = JSON.parse(m.Body) as StreamFailure;
  const sent = m.Attributes?.SentTimestamp ? new Date(Number(m.Attributes.SentTimestamp)).toISOString() : '';
  const info = body.DDBStreamBatchInfo;
  return info
    ? `${sent}  ${info.batchSize} record(s) of shard ${info.shardId} from ${info.startSequenceNumber}  ${body.requestContext?.condition ?? ''} ${body.responseContext?.functionError ?? ''}`.trim()
    : `${sent}  ${m.Body.slice(0, 120)}`;
}

interface CliStreamRecord extends Omit<DynamoDBRecord, 'dynamodb'> {
  dynamodb: Omit<NonNullable<DynamoDBRecord['dynamodb']>, 'ApproximateCreationDateTime'> & {
    ApproximateCreationDateTime?: string | number;
  };
}

async function redriveStreamLetter(
  worker: WorkerDefinition,
  functionName: string,
  letter: StreamFailure,
  dir: string,
): Promise<string | null> {
  const info = letter.DDBStreamBatchInfo;
  if (!info) return 'not a stream batch failure (no DDBStreamBatchInfo)';
  const [start, end] = [BigInt(info.startSequenceNumber), BigInt(info.endSequenceNumber)];
  let iterator: string | undefined = (
    await awsJson<{ ShardIterator?: string }>([
      'dynamodbstreams',
      'get-shard-iterator',
      '--stream-arn',
      info.streamArn,
      '--shard-id',
      info.shardId,
      '--shard-iterator-type',
      'AT_SEQUENCE_NUMBER',
      '--sequence-number',
      info.startSequenceNumber,
    ]).catch((err: Error) => {
      throw new Error(`the stream no longer holds these records (it keeps 24 hours): ${err.message}`);
    })
  ).ShardIterator;
  const records: DynamoDBRecord[] = [];
  for (let empty = 0; iterator && empty < 5;) {
    const page: { Records?: CliStreamRecord[]; NextShardIterator?: string } = await awsJson([
      'dynamodbstreams',
      'get-records',
      '--shard-iterator',
      iterator,
    ]);
    iterator = page.NextShardIterator;
    if (!page.Records?.length) empty++;
    let past = false;
    for (const r of page.Records ?? []) {
      const sequence = BigInt(r.dynamodb.SequenceNumber ?? '0');
      if (sequence > end) past = true;
      if (sequence < start || sequence > end) continue;
      const created = r.dynamodb.ApproximateCreationDateTime;
      const record = {
        ...r,
        eventSourceARN: info.streamArn,
        dynamodb: {
          ...r.dynamodb,
          ApproximateCreationDateTime:
            typeof created === 'string' ? Math.floor(Date.parse(created) / 1000) : created && Math.floor(created),
        },
      } as DynamoDBRecord;
      if (worker.trigger.kind === 'stream' && matchesStreamFilter(record, worker.trigger.filter)) records.push(record);
    }
    if (past) break;
  }
  if (!records.length) return null;
  const [payload, out] = [join(dir, 'event.json'), join(dir, 'answer.json')];
  writeFileSync(payload, JSON.stringify({ Records: records }));
  const invoked = await awsJson<{ FunctionError?: string }>([
    'lambda',
    'invoke',
    '--function-name',
    functionName,
    '--cli-binary-format',
    'raw-in-base64-out',
    '--payload',
    `file://${payload}`,
    out,
  ]);
  const answer = readFileSync(out, 'utf8');
  if (invoked.FunctionError) return `${invoked.FunctionError}: ${answer.slice(0, 200)}`;
  const failures = (JSON.parse(answer || '{}') as DynamoDBBatchResponse).batchItemFailures ?? [];
  return failures.length ? `${failures.length} of ${records.length} record(s) failed again` : null;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      local: { type: 'string' },
      table: { type: 'string' },
      stack: { type: 'string' },
      stage: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !positionals.length) {
    console.log(DLQ_USAGE);
    return values.help ? 0 : 2;
  }
  const request = dlqRequest(positionals, WORKERS, (line) => console.log(line));
  if (values.local) {
    await useLocalTable(values.local, values.table, 'dlq');
    return localDlq(request);
  }
  const stage = values.stage ?? 'dev';
  if (!STAGES.includes(stage as Stage)) throw new Error(`stage '${stage}' is not one of ${STAGES.join(', ')}`);
  return awsDlq(request, values.stack ?? `${stageAppName(stage as Stage)}-Workers`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(err.message);
      process.exit(1);
    },
  );
}
