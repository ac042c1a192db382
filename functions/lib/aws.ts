// The AWS clients, one lazily created singleton each. Endpoints come from AWS_ENDPOINT_URL_<SERVICE>
// or AWS_ENDPOINT_URL, so the same code talks to AWS, LocalStack or the local emulators. Each call is
// a subsegment of the Lambda's trace (a no-op where tracing is off).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { tracer } from './telemetry';

function endpointFor(service: string): string | undefined {
  return process.env[`AWS_ENDPOINT_URL_${service}`] ?? process.env.AWS_ENDPOINT_URL;
}

let documentClient: DynamoDBDocumentClient | undefined;
let s3Client: S3Client | undefined;
let eventBridgeClient: EventBridgeClient | undefined;

export function ddb(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(tracer.captureAWSv3Client(new DynamoDBClient({ endpoint: endpointFor('DYNAMODB') })), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

export function s3(): S3Client {
  const endpoint = endpointFor('S3');
  // Emulators (s3rver, LocalStack) serve buckets path-style only.
  s3Client ??= tracer.captureAWSv3Client(new S3Client({ endpoint, forcePathStyle: Boolean(endpoint) }));
  return s3Client;
}

export function eventBridge(): EventBridgeClient {
  eventBridgeClient ??= tracer.captureAWSv3Client(new EventBridgeClient({ endpoint: endpointFor('EVENTBRIDGE') }));
  return eventBridgeClient;
}
