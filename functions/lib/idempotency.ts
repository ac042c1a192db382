// Idempotent use cases through Powertools idempotency, with their records in the single table:
// PK 'IDEMPOTENCY', SK '<operation>#<hash of the client's key>', removed by the table's TTL
// (expiresAt, epoch seconds). A repeat with the same key returns the first result without running
// the use case again; the same key with a different request is a 409. A use case that throws leaves
// no record, so the client may retry it.
import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { awsClientOptions, endpointFor } from './aws';
import { config } from './config';
import { ConflictError } from './errors';
import { REQUEST_BUDGET_MS, remainingMs } from './deadline';

interface IdempotentCall<P, C> {
  /** What makes two calls the same: hashed into the record's sort key. */
  key: string;
  /** What must not change between two calls with one key: hashed and compared. */
  payload: P;
  /** Passed to the use case, not compared (already derived from the payload). */
  context: C;
}

export interface IdempotentOptions {
  /** Names the records of this use case (their sort key prefix). */
  operation: string;
  expiresAfterSeconds: number;
  /** The 409's message when a key comes back with a different request. */
  reusedKeyMessage: string;
}

let client: DynamoDBClient | undefined;

/**
 * Tells Powertools how long the current call may still run: its request's time left (deadline.ts),
 * read when the call starts. A call's record says "in progress" until then only: a request that never
 * finished (its Lambda stopped mid-way) does not hold its key for the record's whole life (a day),
 * answering every retry "still being processed"; a retry after it runs the use case, as a new key would.
 * (Without it Powertools also warns on every call.)
 */
function withRequestTime(idempotencyConfig: IdempotencyConfig): IdempotencyConfig {
  idempotencyConfig.registerLambdaContext({
    getRemainingTimeInMillis: () => remainingMs() ?? REQUEST_BUDGET_MS,
  } as Parameters<IdempotencyConfig['registerLambdaContext']>[0]);
  return idempotencyConfig;
}

/** Wraps a use case so that calls with one key run it once; the key is scoped by the caller. */
export function idempotent<P, C, R>(
  useCase: (payload: P, context: C) => Promise<R>,
  options: IdempotentOptions,
): (key: string, payload: P, context: C) => Promise<R> {
  // Built on first use: the table name and endpoint come from the environment (config.ts).
  let run: ((call: IdempotentCall<P, C>) => Promise<R>) | undefined;
  return async (key, payload, context) => {
    client ??= new DynamoDBClient({ ...awsClientOptions(), endpoint: endpointFor('DYNAMODB') });
    run ??= makeIdempotent((call: IdempotentCall<P, C>) => useCase(call.payload, call.context), {
      persistenceStore: new DynamoDBPersistenceLayer({
        tableName: config.tableName,
        keyAttr: 'PK',
        sortKeyAttr: 'SK',
        staticPkValue: 'IDEMPOTENCY',
        expiryAttr: 'expiresAt',
        awsSdkV3Client: client,
      }),
      keyPrefix: options.operation,
      config: withRequestTime(
        new IdempotencyConfig({
          eventKeyJmesPath: 'key',
          payloadValidationJmesPath: 'payload',
          throwOnNoIdempotencyKey: true,
          expiresAfterSeconds: options.expiresAfterSeconds,
        }),
      ),
    });
    try {
      return await run({ key, payload, context });
    } catch (err) {
      if (err instanceof IdempotencyValidationError) throw new ConflictError(options.reusedKeyMessage);
      if (err instanceof IdempotencyAlreadyInProgressError)
        throw new ConflictError('This request is still being processed. Please try again in a moment.');
      throw err;
    }
  };
}
