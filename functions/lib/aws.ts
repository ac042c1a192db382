// The AWS clients, one lazily created singleton each. Endpoints come from AWS_ENDPOINT_URL_<SERVICE>
// or AWS_ENDPOINT_URL, so the same code talks to AWS, LocalStack or the local emulators. Each call is
// a subsegment of the Lambda's trace (a no-op where tracing is off).
// Every client has connection and request timeouts, so a stalled service fails the call instead of
// hanging the request until the Lambda (15 s) is killed: with the SDK's 3 attempts a dead DynamoDB
// costs at most about 3 x 3 s before the kernel answers 503 (errors.ts, docs/decisions.md).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { tracer } from './telemetry';

export function endpointFor(service: string): string | undefined {
  return process.env[`AWS_ENDPOINT_URL_${service}`] ?? process.env.AWS_ENDPOINT_URL;
}

/** Milliseconds; the SDK builds its NodeHttpHandler (@smithy/node-http-handler) from these options.
 * Without `throwOnRequestTimeout` the handler only logs a warning when the request timeout passes and
 * keeps waiting (test/integration/stalled-database.test.ts caught that). */
export const CLIENT_TIMEOUTS = { connectionTimeout: 1_000, requestTimeout: 3_000, throwOnRequestTimeout: true } as const;
/** The SDK's own retries (standard mode, with back-off) stay on; this pins their number. Other clients
 * (messaging's SNS/SES) take the same options from `awsClientOptions()`. */
export const CLIENT_MAX_ATTEMPTS = 3;
export const awsClientOptions = () => ({ requestHandler: { ...CLIENT_TIMEOUTS }, maxAttempts: CLIENT_MAX_ATTEMPTS });

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
  documentClient ??= DynamoDBDocumentClient.from(tracer.captureAWSv3Client(withoutSdkLogging(new DynamoDBClient({ ...awsClientOptions(), endpoint: endpointFor('DYNAMODB') }))), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

export function s3(): S3Client {
  const endpoint = endpointFor('S3');
  // Emulators (s3rver, LocalStack) serve buckets path-style only.
  s3Client ??= tracer.captureAWSv3Client(withoutSdkLogging(new S3Client({ ...awsClientOptions(), endpoint, forcePathStyle: Boolean(endpoint) })));
  return s3Client;
}

export function eventBridge(): EventBridgeClient {
  eventBridgeClient ??= tracer.captureAWSv3Client(withoutSdkLogging(new EventBridgeClient({ ...awsClientOptions(), endpoint: endpointFor('EVENTBRIDGE') })));
  return eventBridgeClient;
}
