// The bench's instruments: latency percentiles of a request run at a concurrency, the DynamoDB calls
// requests make (counted by a middleware on the product's own client), and the "floor": the same
// DynamoDB calls sent straight through the SDK, in the same order and parallel waves, in the same
// window as the request itself (interleaved), so each figure is printed beside what the database
// alone costs under the same load.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as docCommands from '@aws-sdk/lib-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../functions/lib/aws';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../functions/local/services';

export interface Latency {
  count: number;
  concurrency: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  perSecond: number;
}

export function percentiles(times: number[], elapsedSeconds: number, concurrency: number): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    count: sorted.length,
    concurrency,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted[sorted.length - 1] ?? 0,
    perSecond: sorted.length / elapsedSeconds,
  };
}

/** Runs `call` `count` times, `concurrency` at once; a call that throws fails the bench. */
export async function run(count: number, concurrency: number, call: (i: number) => Promise<unknown>): Promise<Latency> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await call(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  return percentiles(times, (performance.now() - started) / 1000, concurrency);
}

/**
 * Runs `count` calls of each of two kinds (a request and its floor) in one window: `concurrency`
 * workers, each alternating between the kinds, so about half of the calls in flight are of each kind
 * at every moment. Whatever else loads the machine meanwhile (the stream workers catching up on the
 * writes, the garbage collector, another process) weighs on both alike, and their ratio is the
 * request's own cost over the database's.
 */
export async function runInterleaved(
  count: number,
  concurrency: number,
  a: (i: number) => Promise<unknown>,
  b: (i: number) => Promise<unknown>,
): Promise<[Latency, Latency]> {
  const times: [number[], number[]] = [[], []];
  const next = [0, 0];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let kind = worker % 2; next[0]! < count || next[1]! < count; kind = 1 - kind) {
        if (next[kind]! >= count) kind = 1 - kind;
        const i = next[kind]!++;
        const t0 = performance.now();
        await (kind === 0 ? a(i) : b(i));
        times[kind]!.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return [percentiles(times[0], seconds, concurrency), percentiles(times[1], seconds, concurrency)];
}

// ---- DynamoDB calls --------------------------------------------------------------------------------

interface Call {
  command: string;
  input: Record<string, unknown>;
  start: number;
  end: number;
}

let recording: Call[] | null = null;
export const totals = { calls: 0, scans: 0 };

/** Counts every call of the product's DynamoDB client (and records them while `capture` runs). */
export function instrumentDynamoDb() {
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName ?? '');
      // The document client's commands pass through here once marshalled, as the low-level command.
      if (
        !command.endsWith('ItemCommand') &&
        ![
          'QueryCommand',
          'ScanCommand',
          'TransactWriteItemsCommand',
          'TransactGetItemsCommand',
          'BatchGetItemCommand',
          'BatchWriteItemCommand',
        ].includes(command)
      )
        return next(args);
      totals.calls++;
      if (command === 'ScanCommand') totals.scans++;
      if (!recording) return next(args);
      const call: Call = {
        command,
        input: structuredClone(args.input as Record<string, unknown>),
        start: performance.now(),
        end: 0,
      };
      try {
        return await next(args);
      } finally {
        call.end = performance.now();
        recording?.push(call);
      }
    },
    { step: 'serialize', priority: 'high', name: 'benchCallCounter' },
  );
}

/**
 * Waits until the product's DynamoDB client has been idle for `quietMs` (four of the local stream
 * poller's 250 ms polls: the stream workers have caught up), so a capture holds the request's own calls only.
 */
export async function settle(quietMs = 1000, maxMs = 120_000): Promise<void> {
  const until = Date.now() + maxMs;
  let seen = -1;
  while (Date.now() < until && seen !== totals.calls) {
    seen = totals.calls;
    await new Promise((r) => setTimeout(r, quietMs));
  }
}

/** The calls one request makes, grouped in waves of calls that ran at the same time. */
export async function capture(request: () => Promise<unknown>): Promise<Call[][]> {
  await settle();
  recording = [];
  try {
    await request();
    const calls = [...recording].sort((a, b) => a.start - b.start);
    // Calls whose times overlap ran together (Promise.all in the handler): one wave.
    const waves: Call[][] = [];
    let waveEnd = -Infinity;
    for (const call of calls) {
      if (call.start < waveEnd) waves[waves.length - 1]!.push(call);
      else waves.push([call]);
      waveEnd = Math.max(waveEnd, call.end);
    }
    return waves;
  } finally {
    recording = null;
  }
}

/** The document client's command for each low-level command name the middleware records. */
const DOC_COMMAND: Record<string, keyof typeof docCommands> = {
  GetItemCommand: 'GetCommand',
  PutItemCommand: 'PutCommand',
  UpdateItemCommand: 'UpdateCommand',
  DeleteItemCommand: 'DeleteCommand',
  QueryCommand: 'QueryCommand',
  ScanCommand: 'ScanCommand',
  BatchGetItemCommand: 'BatchGetCommand',
  BatchWriteItemCommand: 'BatchWriteCommand',
  TransactGetItemsCommand: 'TransactGetCommand',
  TransactWriteItemsCommand: 'TransactWriteCommand',
};

let raw: DynamoDBDocumentClient | undefined;
type Input = Record<string, unknown>;
type Key = { PK?: unknown };

/** Keeps only the `#name` / `:value` placeholders an expression still uses (DynamoDB refuses unused ones). */
function usedPlaceholders(input: Input, expression: string | undefined): Input {
  const keep = (map: unknown) => {
    const kept = Object.entries((map ?? {}) as Input).filter(([p]) =>
      new RegExp(`${p.replace(/[#:]/, '\\$&')}(?![\\w])`).test(expression ?? ''),
    );
    return kept.length ? Object.fromEntries(kept) : undefined;
  };
  const { ExpressionAttributeNames: names, ExpressionAttributeValues: values, ...rest } = input;
  return {
    ...rest,
    ...(keep(names) ? { ExpressionAttributeNames: keep(names) } : {}),
    ...(keep(values) ? { ExpressionAttributeValues: keep(values) } : {}),
  };
}

const tagged = <T extends Key>(key: T, tag: string): T => ({ ...key, PK: `${String(key.PK)}#FLOOR#${tag}` });

/**
 * A write as it commits: the same items and attributes under keys of their own (the partition key
 * tagged with the replay), without the conditions that guarded the original (which held for it; on
 * the copy they would refuse it), so the floor of a write is a committed write like the request's,
 * not a refusal DynamoDB answers without writing. A condition check in a transaction stays a check, on
 * a key that is free. Reads are sent as they were.
 */
function committedCopy(command: string, input: Input, tag: string): Input {
  const write = (w: Input, keyField: 'Item' | 'Key', expression?: string): Input => {
    const { ConditionExpression: _condition, ...rest } = w;
    return usedPlaceholders({ ...rest, [keyField]: tagged(w[keyField] as Key, tag) }, expression);
  };
  const one = (w: Input, kind: string): Input => {
    if (kind === 'Put') return write(w, 'Item');
    if (kind === 'Update') return write(w, 'Key', String(w.UpdateExpression));
    if (kind === 'Delete') return write(w, 'Key');
    // ConditionCheck
    return { TableName: w.TableName, Key: tagged(w.Key as Key, tag), ConditionExpression: 'attribute_not_exists(PK)' };
  };
  switch (command) {
    case 'PutItemCommand':
      return one(input, 'Put');
    case 'UpdateItemCommand':
      return one(input, 'Update');
    case 'DeleteItemCommand':
      return one(input, 'Delete');
    case 'TransactWriteItemsCommand':
      return {
        ...input,
        TransactItems: (input.TransactItems as Input[]).map((item) =>
          Object.fromEntries(Object.entries(item).map(([kind, w]) => [kind, one(w as Input, kind)])),
        ),
      };
    case 'BatchWriteItemCommand':
      return {
        ...input,
        RequestItems: Object.fromEntries(
          Object.entries(input.RequestItems as Record<string, Input[]>).map(([table, requests]) => [
            table,
            requests.map((r) =>
              r.PutRequest
                ? { PutRequest: { Item: tagged((r.PutRequest as Input).Item as Key, tag) } }
                : { DeleteRequest: { Key: tagged((r.DeleteRequest as Input).Key as Key, tag) } },
            ),
          ]),
        ),
      };
    default:
      return input;
  }
}

let replays = 0;

/**
 * Sends the captured calls again with a plain SDK document client (the middleware sees the product's
 * calls before they are marshalled, so they are replayed as document-client commands); writes as
 * committed copies (committedCopy), each replay under keys of its own. Every replayed call must
 * succeed: a refused one would cost less than the request's, and fails the bench instead.
 */
export async function replay(waves: Call[][], endpoint: string): Promise<void> {
  const tag = String(++replays);
  raw ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  const commands = docCommands as unknown as Record<
    string,
    new (input: unknown) => Parameters<DynamoDBDocumentClient['send']>[0]
  >;
  for (const wave of waves) {
    await Promise.all(
      wave.map(async (call) => {
        const Command = commands[DOC_COMMAND[call.command] ?? ''];
        if (!Command) throw new Error(`Unknown command ${call.command}`);
        // A transaction's idempotency token would make DynamoDB answer from its memory of the first try.
        const { ClientRequestToken: _token, ...captured } = call.input;
        const input = committedCopy(call.command, captured, tag);
        for (let attempt = 1; ; attempt++) {
          try {
            await raw!.send(new Command(input));
            return;
          } catch (err) {
            const name = (err as Error).name;
            // DynamoDB Local answers InternalFailure now and then under load; the product's client retries it too.
            if (name !== 'InternalFailure' || attempt === 8)
              throw new Error(`${call.command} replayed: ${name}: ${(err as Error).message}`);
            await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
          }
        }
      }),
    );
  }
}

export const callsIn = (waves: Call[][]) => waves.reduce((n, w) => n + w.length, 0);
export const isReadOnly = (waves: Call[][]) =>
  waves.every((w) =>
    w.every((c) =>
      ['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'TransactGetItemsCommand'].includes(c.command),
    ),
  );
