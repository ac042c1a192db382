// Faults on demand in the local stack (issue #55): the faults AWS shows as normal traffic, injected at
// a given rate where AWS would make them, so the real handlers run unchanged and show what survives.
//   FAULTS=dynamo.tx:0.05,dynamo.write:0.05,api.drop:0.02   (kind:rate, rate from 0 to 1)
//   FAULTS_SEED=42                                          (optional; a random one is drawn and printed)
// Read once, when the local stack starts (faultsFromEnvironment); set FAULTS without STAGE=local and
// the start is refused. This module lives in functions/local/, which no Lambda imports: none of it
// exists in AWS (the outbound port's hook refuses to be set outside local mode as well).
//
// Kinds (a group, e.g. `dynamo.write`, picks one of its faults at random; `dynamo.write.lost` pins one):
//   dynamo.read   GetItem, Query, Scan, BatchGetItem: throttled, timed out, (BatchGetItem) keys unprocessed
//   dynamo.write  PutItem, UpdateItem, DeleteItem, BatchWriteItem: throttled, timed out before it
//                 reached the table, or applied and its answer lost
//   dynamo.tx     TransactWriteItems, TransactGetItems: cancelled by a TransactionConflict, throttled,
//                 timed out before it reached the table, or (a write) applied and its answer lost
//   api.drop      a write request (POST, PUT, PATCH, DELETE) runs, then its answer is lost: the function
//                 stopped after its writes and before its answer (the emulator answers 504)
//   stream.duplicate  a stream batch handed to its worker a second time after the first
//   stream.late   a stream batch handed to its worker 0.2-2 s late
//   worker.stop   a stream worker stopped after its side effects and before its checkpoint (the batch
//                 fails after it ran, and is handed again)
//   outbound      the outbound port (functions/lib/outbound.ts): a provider's or receiver's timeout
//                 before it got the call, a timeout after it got it (answer lost), or a 5xx answer
//   s3            S3 calls: SlowDown (503), InternalError (500), or timed out
//   all           every kind above at this rate
// The SDK's own retries run as they do in AWS: a throttled call is tried again (3 attempts), and a
// fault is drawn for each attempt.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ProvisionedThroughputExceededException,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { S3ServiceException } from '@aws-sdk/client-s3';
import { seededRandom } from './seeded-random';

export const FAULT_GROUPS = {
  'dynamo.read': ['throttle', 'timeout', 'unprocessed'],
  'dynamo.write': ['throttle', 'timeout', 'lost'],
  'dynamo.tx': ['conflict', 'throttle', 'timeout', 'lost'],
  'api.drop': [],
  'stream.duplicate': [],
  'stream.late': [],
  'worker.stop': [],
  outbound: ['timeout', 'lost', '5xx'],
  s3: ['throttle', 'error', 'timeout'],
} as const satisfies Record<string, readonly string[]>;

export type FaultGroup = keyof typeof FAULT_GROUPS;
const GROUPS = Object.keys(FAULT_GROUPS) as FaultGroup[];
/** Every name FAULTS accepts: the groups, each group's pinned faults, and `all`. */
export const FAULT_KINDS: string[] = [...GROUPS.flatMap((g) => [g, ...FAULT_GROUPS[g].map((v) => `${g}.${v}`)]), 'all'];

export interface FaultPlan {
  /** Rate per kind (a group or a pinned `group.fault`), 0 to 1. */
  rates: Record<string, number>;
  seed: number;
  /** At most this many faults of a kind (a key of `rates`), then none: a test's "the next two calls". */
  limits?: Record<string, number>;
}

/** FAULTS or FAULTS_SEED that cannot be read: the message says what is wrong and what is accepted. */
export class FaultsSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FaultsSettingError';
  }
}

/** Reads `kind:rate,kind:rate` and the seed; refuses anything it does not know. */
export function parseFaults(spec: string, seed?: string): FaultPlan {
  const rates: Record<string, number> = {};
  for (const part of spec.split(',').map((s) => s.trim())) {
    if (!part) continue;
    const match = /^([a-z0-9.]+):([0-9.]+)$/.exec(part);
    if (!match)
      throw new FaultsSettingError(`FAULTS: "${part}" is not kind:rate (for example dynamo.tx:0.05, rate 0 to 1)`);
    const [, kind, raw] = match as unknown as [string, string, string];
    if (!FAULT_KINDS.includes(kind))
      throw new FaultsSettingError(`FAULTS: no fault "${kind}" (faults: ${FAULT_KINDS.join(', ')})`);
    const rate = Number(raw);
    if (!Number.isFinite(rate) || rate < 0 || rate > 1)
      throw new FaultsSettingError(`FAULTS: the rate of ${kind} must be from 0 to 1, not ${raw}`);
    if (kind === 'all') for (const group of GROUPS) rates[group] = rate;
    else rates[kind] = rate;
  }
  let seedNumber = Math.floor(Math.random() * 2 ** 31);
  if (seed !== undefined && seed !== '') {
    seedNumber = Number(seed);
    if (!Number.isSafeInteger(seedNumber) || seedNumber < 0)
      throw new FaultsSettingError(`FAULTS_SEED must be a whole number of 0 or more, not "${seed}"`);
  }
  return { rates, seed: seedNumber };
}

/**
 * The plan FAULTS and FAULTS_SEED ask for (null without FAULTS). Refuses outside local mode: faults
 * are the local stack's, never a deployed function's.
 */
export function readFaults(env: NodeJS.ProcessEnv): FaultPlan | null {
  const spec = env.FAULTS?.trim();
  if (!spec) return null;
  if (env.STAGE !== 'local')
    throw new FaultsSettingError('FAULTS is set but STAGE is not local: faults are injected in the local stack only');
  return parseFaults(spec, env.FAULTS_SEED);
}

let fromEnvironment: { plan: FaultPlan | null } | undefined;

/** This process's FAULTS and FAULTS_SEED, read once (readFaults). */
export function faultsFromEnvironment(): FaultPlan | null {
  fromEnvironment ??= { plan: readFaults(process.env) };
  return fromEnvironment.plan;
}

let active: FaultPlan | null = null;
let random = seededRandom(0);
const injected = new Map<string, number>();
/** Faults drawn per key of the plan's rates (its limits count these). */
const drawn = new Map<string, number>();

/** Whether `key` (a key of the plan's rates) meets a fault this time: its rate drawn, within its limit. */
function hit(plan: FaultPlan, key: string): boolean {
  const rate = plan.rates[key];
  if (!rate) return false;
  const limit = plan.limits?.[key];
  if (limit !== undefined && (drawn.get(key) ?? 0) >= limit) return false;
  if (random() >= rate) return false;
  drawn.set(key, (drawn.get(key) ?? 0) + 1);
  return true;
}

/** Switches faults on with a plan (or off with null); the counts start again from 0. */
export function switchFaults(plan: FaultPlan | null): void {
  active = plan && Object.values(plan.rates).some((r) => r > 0) ? plan : null;
  random = seededRandom(plan?.seed ?? 0);
  injected.clear();
  drawn.clear();
}

/** The faults injected since they were switched on, by `group.fault` (or group). */
export function injectedFaults(): Record<string, number> {
  return Object.fromEntries([...injected].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Draws whether this call of `group` meets a fault, and which: a pinned fault's own rate first, then
 * the group's (one of its faults at random). Counted when drawn.
 */
export function drawFault<G extends FaultGroup>(
  group: G,
  allowed: readonly (typeof FAULT_GROUPS)[G][number][] = FAULT_GROUPS[group],
): (typeof FAULT_GROUPS)[G][number] | true | null {
  if (!active) return null;
  const variants = FAULT_GROUPS[group] as readonly string[];
  for (const variant of allowed as readonly string[]) {
    if (hit(active, `${group}.${variant}`)) {
      count(`${group}.${variant}`);
      return variant as (typeof FAULT_GROUPS)[G][number];
    }
  }
  if (variants.length && !allowed.length) return null;
  if (!hit(active, group)) return null;
  if (!variants.length) {
    count(group);
    return true;
  }
  const variant = (allowed as readonly string[])[Math.floor(random() * allowed.length)]!;
  count(`${group}.${variant}`);
  return variant as (typeof FAULT_GROUPS)[G][number];
}

function count(name: string) {
  injected.set(name, (injected.get(name) ?? 0) + 1);
}

/** A number from `min` to `max` drawn from the plan's generator (delays of late deliveries). */
export const drawBetween = (min: number, max: number) => min + random() * (max - min);

// ---- The AWS SDK clients --------------------------------------------------------------------------

const READS = new Set(['GetItem', 'Query', 'Scan', 'BatchGetItem']);
const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);
const TRANSACTIONS = new Set(['TransactWriteItems', 'TransactGetItems']);
/** How long an injected timeout takes (a real one takes the client's 3 s request timeout). */
const TIMEOUT_MS = 100;
const CLIENT_ERROR = { $metadata: { httpStatusCode: 400 }, $fault: 'client' as const };

const timeout = (what: string) =>
  Object.assign(new Error(`Injected fault: ${what} exceeded the request timeout`), {
    name: 'TimeoutError',
    code: 'ETIMEDOUT',
  });

const throttled = () =>
  random() < 0.5
    ? new ProvisionedThroughputExceededException({
        message: 'Injected fault: the level of configured provisioned throughput for the table was exceeded',
        ...CLIENT_ERROR,
      })
    : new ThrottlingException({
        message: 'Injected fault: rate of requests exceeds the allowed throughput',
        ...CLIENT_ERROR,
      });

function conflict(input: { TransactItems?: unknown[] }) {
  const size = Math.max(1, input.TransactItems?.length ?? 1);
  const at = Math.floor(random() * size);
  return new TransactionCanceledException({
    message: 'Injected fault: transaction cancelled [TransactionConflict]',
    CancellationReasons: Array.from({ length: size }, (_, i) =>
      i === at ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' } : { Code: 'None' },
    ),
    ...CLIENT_ERROR,
  });
}

type Next = (args: { input: Record<string, unknown> }) => Promise<{ output: Record<string, unknown> }>;
interface Stack {
  middlewareStack: {
    add: (
      middleware: (next: Next, context: { commandName?: string }) => Next,
      options: { step: 'deserialize'; priority: 'high'; name: string; override: boolean },
    ) => void;
  };
}

/** BatchGetItem's answer with some of its items handed back as UnprocessedKeys, as a throttled table does. */
function partlyUnprocessed(output: Record<string, unknown>, input: Record<string, unknown>) {
  const responses = (output.Responses ?? {}) as Record<string, Record<string, unknown>[]>;
  const requested = (input.RequestItems ?? {}) as Record<string, { Keys?: unknown[] }>;
  const unprocessed: Record<string, { Keys: Record<string, unknown>[] }> = {};
  for (const [table, items] of Object.entries(responses)) {
    if (items.length < 1) continue;
    const held = items.splice(0, Math.ceil(items.length / 2));
    unprocessed[table] = {
      ...requested[table],
      Keys: held.map((item) => ({ PK: item.PK, SK: item.SK })),
    };
  }
  return { ...output, UnprocessedKeys: { ...((output.UnprocessedKeys as object) ?? {}), ...unprocessed } };
}

/**
 * A drawn fault that every kind of DynamoDB call shares: throttled, no answer in time, or written
 * with its answer lost on the way back (a timeout the caller cannot tell from one before the write).
 */
async function commonFault(fault: string | boolean | null, operation: string, args: Parameters<Next>[0], next: Next) {
  if (fault === 'throttle') throw throttled();
  if (fault === 'timeout') {
    await sleep(TIMEOUT_MS);
    throw timeout(operation);
  }
  if (fault === 'lost') {
    await next(args);
    throw timeout(operation);
  }
}

/** The faults of DynamoDB, inside the SDK's retries and below the product's own middleware (aws.ts). */
function dynamoFaults(next: Next, context: { commandName?: string }): Next {
  const operation = context.commandName?.replace(/Command$/, '') ?? '';
  return async (args) => {
    if (!active) return next(args);
    if (READS.has(operation)) {
      const fault = drawFault(
        'dynamo.read',
        operation === 'BatchGetItem' ? ['throttle', 'timeout', 'unprocessed'] : ['throttle', 'timeout'],
      );
      if (fault === 'unprocessed') {
        const res = await next(args);
        return { ...res, output: partlyUnprocessed(res.output, args.input) };
      }
      await commonFault(fault, operation, args, next);
    } else if (WRITES.has(operation)) {
      await commonFault(drawFault('dynamo.write'), operation, args, next);
    } else if (TRANSACTIONS.has(operation)) {
      const write = operation === 'TransactWriteItems';
      const fault = drawFault('dynamo.tx', write ? undefined : ['conflict', 'throttle', 'timeout']);
      if (fault === 'conflict') throw conflict(args.input);
      await commonFault(fault, operation, args, next);
    }
    return next(args);
  };
}

function s3Faults(next: Next, context: { commandName?: string }): Next {
  return async (args) => {
    const fault = drawFault('s3');
    if (!fault) return next(args);
    if (fault === 'timeout') {
      await sleep(TIMEOUT_MS);
      throw timeout(context.commandName ?? 'S3');
    }
    const slowDown = fault === 'throttle';
    throw new S3ServiceException({
      name: slowDown ? 'SlowDown' : 'InternalError',
      message: slowDown
        ? 'Injected fault: please reduce your request rate'
        : 'Injected fault: we encountered an internal error',
      $fault: 'server',
      $metadata: { httpStatusCode: slowDown ? 503 : 500 },
    });
  };
}

// ---- The outbound port ----------------------------------------------------------------------------

type Exchange = () => Promise<import('../lib/outbound').OutboundResponse>;

let OutboundError: typeof import('../lib/outbound').OutboundError;

async function outboundFault(req: { url: string }, exchange: Exchange) {
  const fault = drawFault('outbound');
  if (!fault) return exchange();
  const host = new URL(req.url).host;
  if (fault === 'timeout') {
    await sleep(TIMEOUT_MS);
    throw new OutboundError('TIMEOUT', `Timed out waiting for ${host} (injected fault)`);
  }
  if (fault === 'lost') {
    await exchange();
    throw new OutboundError('TIMEOUT', `Timed out waiting for ${host} (injected fault, after it got the call)`, true);
  }
  return {
    status: 503,
    headers: { 'content-type': 'application/json' },
    text: JSON.stringify({ message: 'Service Unavailable (injected fault)' }),
    durationMs: 1,
  };
}

let installed = false;

/**
 * Puts the fault middleware on the product's DynamoDB and S3 clients (functions/lib/aws.ts) and the
 * hook on the outbound port, once; each injects only while a plan is switched on (switchFaults).
 * Called by the local stack after its environment is set (the clients read their endpoints then).
 */
export async function installFaults(): Promise<void> {
  if (installed) return;
  if (process.env.STAGE !== 'local')
    throw new FaultsSettingError('Faults are injected in the local stack only (STAGE=local)');
  const [{ ddb, s3 }, outbound] = await Promise.all([import('../lib/aws'), import('../lib/outbound')]);
  OutboundError = outbound.OutboundError;
  const options = { step: 'deserialize', priority: 'high', override: true } as const;
  (ddb() as unknown as Stack).middlewareStack.add(dynamoFaults, { ...options, name: 'injectedDynamoDbFaults' });
  (s3() as unknown as Stack).middlewareStack.add(s3Faults, { ...options, name: 'injectedS3Faults' });
  outbound.injectOutboundFaults((req, exchange) => (active ? outboundFault(req, exchange) : exchange()));
  installed = true;
}
