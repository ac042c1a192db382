// The AWS clients, one lazily created singleton each. Endpoints come from AWS_ENDPOINT_URL_<SERVICE>
// or AWS_ENDPOINT_URL, so the same code talks to AWS, LocalStack or the local emulators. Each call is
// a subsegment of the Lambda's trace (a no-op where tracing is off).
// Inside an API request every call shares the request's deadline (deadline.ts): it is aborted there,
// and each attempt's request timeout is what is left of it, so a stalled service costs a request at
// most its budget (a 503, errors.ts). A DynamoDB write is the exception once sent: it is awaited to its
// answer (its own request timeout, never past the Lambda's end), since the table may apply it all the
// same and the caller must hear what happened. Outside a request (workers) the clients' own timeouts
// and the SDK's 3 attempts bound a call. A DynamoDB write that may have reached the table before its
// answer was lost is never retried: it fails as WriteOutcomeUnknownError (docs/decisions.md).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { tracer } from './telemetry';
import { attemptTimeoutMs, DeadlineExceededError, deadlineSignal, lambdaRemainingMs, remainingMs } from './deadline';
import { WriteOutcomeUnknownError } from './errors';

export function endpointFor(service: string): string | undefined {
  return process.env[`AWS_ENDPOINT_URL_${service}`] ?? process.env.AWS_ENDPOINT_URL;
}

/** Milliseconds; the SDK builds its NodeHttpHandler (@smithy/node-http-handler) from these options.
 * Without `throwOnRequestTimeout` the handler only logs a warning when the request timeout passes and
 * keeps waiting (test/integration/stalled-database.test.ts caught that). */
export const CLIENT_TIMEOUTS = {
  connectionTimeout: 1_000,
  requestTimeout: 3_000,
  throwOnRequestTimeout: true,
} as const;
/** The SDK's own retries (standard mode, with back-off) stay on; this pins their number. Other clients
 * (messaging's SNS/SES) take the same options from `awsClientOptions()`. */
export const CLIENT_MAX_ATTEMPTS = 3;
export const awsClientOptions = () => ({ requestHandler: { ...CLIENT_TIMEOUTS }, maxAttempts: CLIENT_MAX_ATTEMPTS });

interface Sending {
  send: (command: never, options?: unknown) => Promise<unknown>;
  middlewareStack: {
    addRelativeTo: (
      middleware: never,
      options: { relation: 'after'; toMiddleware: string; name: string; override: boolean },
    ) => void;
  };
}

/** The document client's commands of the DYNAMODB_WRITES operations (below). */
const DOCUMENT_WRITES = [PutCommand, UpdateCommand, DeleteCommand, TransactWriteCommand, BatchWriteCommand];

/** Per-attempt options: each attempt's request timeout the smaller of the client's and `timeLeft()`
 * (read again per attempt), and the signal that aborts the call, if any. */
function attemptOptions(timeLeft: () => number | undefined, abortSignal?: AbortSignal) {
  const options: { abortSignal?: AbortSignal; requestTimeout?: number } = abortSignal ? { abortSignal } : {};
  Object.defineProperty(options, 'requestTimeout', {
    enumerable: true,
    get: () => {
      const timeout = attemptTimeoutMs(CLIENT_TIMEOUTS.requestTimeout);
      return Math.max(1, Math.min(timeout, timeLeft() ?? timeout));
    },
  });
  return options;
}

/**
 * Makes every call of a client share the current request's deadline: aborted at the deadline, each
 * attempt's request timeout the smaller of the client's and what is left, and no attempt started once
 * the time is up. A DynamoDB write is not aborted once sent: cut off, the table may apply it all the
 * same, and the SDK's retry middleware then throws its own AbortError in place of the attempt's
 * WriteOutcomeUnknownError, which errors.ts must read as "busy, nothing written" (a client's retry
 * wrote the stock twice: test/integration/wms-stock-deadline.test.ts). So its attempt runs to its
 * answer or its own request timeout, never past the Lambda's end. Outside a request, calls run as
 * configured.
 */
export function withRequestDeadline<C>(client: C): C {
  const c = client as unknown as Sending;
  // The class's own send, looked up on each call (test doubles replace it on the prototype).
  const send = (command: never, options?: unknown) =>
    (Object.getPrototypeOf(c) as Sending).send.call(c, command, options);
  c.send = (command, options) => {
    if (remainingMs() === undefined || options) return send(command, options);
    const write = DOCUMENT_WRITES.some((W) => (command as unknown) instanceof W);
    return send(command, write ? attemptOptions(lambdaRemainingMs) : attemptOptions(remainingMs, deadlineSignal()));
  };
  const eachAttempt = (next: (args: unknown) => Promise<unknown>) => async (args: unknown) => {
    if (remainingMs() === 0) throw new DeadlineExceededError();
    return next(args);
  };
  c.middlewareStack.addRelativeTo(eachAttempt as never, {
    relation: 'after',
    toMiddleware: 'retryMiddleware',
    name: 'requestDeadlineMiddleware',
    override: true,
  });
  return client;
}

const DYNAMODB_WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'TransactWriteItems', 'BatchWriteItem']);

/** False only when the write certainly did not reach the service: refused connection, no connection
 * made in time, an answer (any 4xx is one: nothing was written), or no time left to send it. */
function mayHaveBeenApplied(err: unknown): boolean {
  const e = err as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  if (err instanceof DeadlineExceededError || e.code === 'ECONNREFUSED') return false;
  if (e.name === 'TimeoutError' && /did not establish a connection/.test(e.message ?? '')) return false;
  const status = e.$metadata?.httpStatusCode;
  return !(status !== undefined && status < 500);
}

/**
 * Inside each attempt: a DynamoDB write whose answer was lost becomes WriteOutcomeUnknownError, which
 * the SDK does not retry (it is no timeout, carries no status and no cause): a retried conditional
 * write that had in fact landed would report a conflict, a retried put would overwrite what came after.
 */
function withoutBlindWriteRetries<C>(client: C): C {
  const writeOutcome =
    (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
      const operation = context.commandName?.replace(/Command$/, '') ?? '';
      try {
        return await next(args);
      } catch (err) {
        if (DYNAMODB_WRITES.has(operation) && mayHaveBeenApplied(err))
          throw new WriteOutcomeUnknownError(operation, err);
        throw err;
      }
    };
  (client as unknown as Sending).middlewareStack.addRelativeTo(writeOutcome as never, {
    relation: 'after',
    toMiddleware: 'retryMiddleware',
    name: 'writeOutcomeMiddleware',
    override: true,
  });
  return client;
}

/**
 * Takes the SDK's logger middleware off a client. The product never gives the SDK a logger, yet that
 * middleware still runs the command's sensitive-data filter over every input and output (for a
 * logger that discards it): a 1,000-item Query's answer was walked once more for nothing, about a
 * tenth of the API's CPU in the bench's profile. Our own logs (logger.ts) say what a request did.
 */
function withoutSdkLogging<C extends { middlewareStack: { remove: (name: string) => boolean } }>(client: C): C {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

let documentClient: DynamoDBDocumentClient | undefined;
let s3Client: S3Client | undefined;
let eventBridgeClient: EventBridgeClient | undefined;

export function ddb(): DynamoDBDocumentClient {
  documentClient ??= withRequestDeadline(
    DynamoDBDocumentClient.from(
      tracer.captureAWSv3Client(
        withoutBlindWriteRetries(
          withoutSdkLogging(new DynamoDBClient({ ...awsClientOptions(), endpoint: endpointFor('DYNAMODB') })),
        ),
      ),
      {
        marshallOptions: { removeUndefinedValues: true },
      },
    ),
  );
  return documentClient;
}

export function s3(): S3Client {
  const endpoint = endpointFor('S3');
  // Emulators (s3rver, LocalStack) serve buckets path-style only.
  s3Client ??= withRequestDeadline(
    tracer.captureAWSv3Client(
      withoutSdkLogging(new S3Client({ ...awsClientOptions(), endpoint, forcePathStyle: Boolean(endpoint) })),
    ),
  );
  return s3Client;
}

export function eventBridge(): EventBridgeClient {
  eventBridgeClient ??= withRequestDeadline(
    tracer.captureAWSv3Client(
      withoutSdkLogging(new EventBridgeClient({ ...awsClientOptions(), endpoint: endpointFor('EVENTBRIDGE') })),
    ),
  );
  return eventBridgeClient;
}
