// Starts one in-memory DynamoDB Local and one s3rver for the whole run; each test file gets its
// own table and bucket on them, its table a copy of the run's demo data template (see
// test/support/api.ts).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal, startS3rver } from '../../functions/local/services';
import { QUICK_JAVA } from './quick-java';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoDbEndpoint: string;
    s3Endpoint: string;
    /** Names this run's demo data template tables (test/support/seed-template.ts). */
    testRunId: string;
  }
}

export default async function setup(project: TestProject) {
  project.provide('testRunId', randomUUID().slice(0, 8));
  // Pointed at LocalStack (or another endpoint): use it instead of the embedded emulators.
  const external = process.env.AWS_ENDPOINT_URL;
  if (external) {
    project.provide('dynamoDbEndpoint', external);
    project.provide('s3Endpoint', external);
    return;
  }
  const s3Dir = mkdtempSync(join(tmpdir(), 'dockyard-test-s3-'));
  // The run's DynamoDB Local on Java's quick compiler (test/support/quick-java.ts), read when Java starts.
  const ownJavaOptions = process.env.JAVA_TOOL_OPTIONS;
  process.env.JAVA_TOOL_OPTIONS = QUICK_JAVA;
  const [dynamo, s3] = await Promise.all([startDynamoDbLocal(), startS3rver({ dataDir: s3Dir })]).finally(() => {
    if (ownJavaOptions === undefined) delete process.env.JAVA_TOOL_OPTIONS;
    else process.env.JAVA_TOOL_OPTIONS = ownJavaOptions;
  });
  project.provide('dynamoDbEndpoint', dynamo.endpoint);
  project.provide('s3Endpoint', s3.endpoint);
  return async () => {
    await Promise.all([dynamo.stop(), s3.stop()]);
    rmSync(s3Dir, { recursive: true, force: true });
  };
}
