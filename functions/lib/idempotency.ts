// Idempotent use cases through Powertools idempotency, with their records in the single table:
// PK 'TENANT#<tenant>#IDEMPOTENCY' (each tenant its own partition, issue #52: no hot key shared by all
// tenants, and a tenant's records are found and erased with its other items), SK '<operation>#<hash
// of the client's key>', removed by the table's TTL (expiresAt, epoch seconds). A repeat with the same
// key returns the first result without running the use case again; the same key with a different
// request is a 409. A use case that throws leaves no record, so the client may retry it.
// Records written before #52 sit under PK 'IDEMPOTENCY' and live a day at most: until they have all
// expired they are still read (legacyAnswer, docs/decisions.md "Idempotency records per tenant").
import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  IdempotencyItemNotFoundError,
  IdempotencyRecordStatus,
  IdempotencyValidationError,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { awsClientOptions, endpointFor } from './aws';
import { config } from './config';
import { ConflictError, HttpError } from './errors';
import { REQUEST_BUDGET_MS, remainingMs } from './deadline';
import { tenantPk } from './table';

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

/** The partition of a tenant's idempotency records; before #52 every tenant's were in LEGACY_PK. */
export const idempotencyPk = (tenantId: string) => tenantPk(tenantId, 'IDEMPOTENCY');
const LEGACY_PK = 'IDEMPOTENCY';
const IN_PROGRESS = 'This request is still being processed. Please try again in a moment.';
const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

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

const persistenceLayer = (pk: string) =>
  new DynamoDBPersistenceLayer({
    tableName: config.tableName,
    keyAttr: 'PK',
    sortKeyAttr: 'SK',
    staticPkValue: pk,
    expiryAttr: 'expiresAt',
    awsSdkV3Client: (client ??= new DynamoDBClient({ ...awsClientOptions(), endpoint: endpointFor('DYNAMODB') })),
  });

/**
 * Wraps a use case so that calls with one key run it once; the key is scoped by the caller, and its
 * record kept in the partition of the tenant `tenantOf` names.
 */
export function idempotent<P, C, R>(
  useCase: (payload: P, context: C) => Promise<R>,
  options: IdempotentOptions & { tenantOf: (context: C) => string },
): (key: string, payload: P, context: C) => Promise<R> {
  // Built on first use (the table name and endpoint come from the environment, config.ts): one runner
  // per tenant, as a Powertools persistence layer has one partition key.
  const runners = new Map<string, (call: IdempotentCall<P, C>) => Promise<R>>();
  const idempotencyConfig = () =>
    withRequestTime(
      new IdempotencyConfig({
        eventKeyJmesPath: 'key',
        payloadValidationJmesPath: 'payload',
        throwOnNoIdempotencyKey: true,
        expiresAfterSeconds: options.expiresAfterSeconds,
      }),
    );
  const runnerOf = (tenantId: string) => {
    let run = runners.get(tenantId);
    if (!run) {
      if (runners.size >= 1_000) runners.clear();
      run = makeIdempotent((call: IdempotentCall<P, C>) => useCase(call.payload, call.context), {
        persistenceStore: persistenceLayer(idempotencyPk(tenantId)),
        keyPrefix: options.operation,
        config: idempotencyConfig(),
      });
      runners.set(tenantId, run);
    }
    return run;
  };
  let legacy: DynamoDBPersistenceLayer | undefined;
  /** The answer a record of before #52 (PK 'IDEMPOTENCY', a day at most) holds for this call, if any. */
  const legacyAnswer = async (call: IdempotentCall<P, C>): Promise<{ response: R } | null> => {
    if (!legacy) {
      legacy = persistenceLayer(LEGACY_PK);
      legacy.configure({ config: idempotencyConfig(), keyPrefix: options.operation });
    }
    try {
      const record = await legacy.getRecord(call as unknown as Parameters<DynamoDBPersistenceLayer['getRecord']>[0]);
      const status = record.getStatus();
      if (status === IdempotencyRecordStatus.COMPLETED) return { response: record.getResponse() as R };
      if (status === IdempotencyRecordStatus.INPROGRESS) throw new IdempotencyAlreadyInProgressError(IN_PROGRESS);
      return null;
    } catch (err) {
      if (err instanceof IdempotencyItemNotFoundError) return null;
      throw err;
    }
  };
  return async (key, payload, context) => {
    const call = { key, payload, context };
    try {
      const old = await legacyAnswer(call);
      if (old) return old.response;
      return await runnerOf(options.tenantOf(context))(call);
    } catch (err) {
      if (err instanceof IdempotencyValidationError) throw new ConflictError(options.reusedKeyMessage);
      // The first try is still running: the same 409 as a webhook's (integrations/inbound.ts), told when to ask again.
      if (err instanceof IdempotencyAlreadyInProgressError)
        throw new HttpError(409, IN_PROGRESS, undefined, { 'retry-after': String(IN_PROGRESS_RETRY_AFTER_SECONDS) });
      throw err;
    }
  };
}
