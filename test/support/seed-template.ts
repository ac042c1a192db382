// The demo data, seeded once per vitest run and India day into a template table and copied into each
// test file's own table (test/support/api.ts): a copy is a few batch writes, where seeding is some 760
// conditional writes one after another and a password hash (issue #54). The first file of the run
// (of the day: the seed's dates follow the demo hub's day) makes the template, in a child process so
// that no module state of the seed stays in the test's process; the others wait for it.
//   tsx test/support/seed-template.ts <dynamodb endpoint> <s3 endpoint> <table>
import { spawn } from 'node:child_process';
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  ScanCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { pathToFileURL } from 'node:url';
import { createTableInput } from '../../functions/lib/table';
import { ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION, useLocalEnvironment } from '../../functions/local/services';
import { DEFAULT_TIME_ZONE, localDateTime } from '../../shared/time';

/** The demo hub's day now: the seed's dates (a holiday a week ahead, today's stock moves) follow it. */
export function demoDay(now = new Date()): string {
  return localDateTime(now, DEFAULT_TIME_ZONE).date;
}

const client = (endpoint: string) =>
  new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });

async function tableExists(c: DynamoDBClient, name: string) {
  return c.send(new DescribeTableCommand({ TableName: name })).then(
    () => true,
    () => false,
  );
}

/**
 * The name of this run's template table for today, seeded: made by the first caller (creating the
 * table is the lock; a second, empty table `<name>-ready` says it is seeded), awaited by the others.
 */
export async function seededTemplate(dynamoDbEndpoint: string, s3Endpoint: string, runId: string): Promise<string> {
  const name = `template-${runId}-${demoDay()}`;
  const c = client(dynamoDbEndpoint);
  try {
    let mine = true;
    try {
      await c.send(new CreateTableCommand(createTableInput(name)));
    } catch (err) {
      if (!(err instanceof ResourceInUseException)) throw err;
      mine = false;
    }
    if (mine) {
      await seedInChild(dynamoDbEndpoint, s3Endpoint, name);
      await c.send(new CreateTableCommand(createTableInput(`${name}-ready`)));
      return name;
    }
    for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
      if (await tableExists(c, `${name}-ready`)) return name;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`the demo data template ${name} was not seeded within 180 s`);
  } finally {
    c.destroy();
  }
}

function seedInChild(dynamoDbEndpoint: string, s3Endpoint: string, table: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'test/support/seed-template.ts', dynamoDbEndpoint, s3Endpoint, table], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, VITEST: process.env.VITEST ?? 'true' },
    });
    let errors = '';
    child.stderr.on('data', (d) => (errors += String(d)));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`seeding the demo data template failed (${code}):\n${errors}`)),
    );
  });
}

/** Copies every item of `from` into `to` (both on `endpoint`; `to` exists and is empty). */
export async function copyTable(endpoint: string, from: string, to: string): Promise<number> {
  const c = client(endpoint);
  try {
    const items: Record<string, AttributeValue>[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const page = await c.send(new ScanCommand({ TableName: from, ExclusiveStartKey: start }));
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    const batches: Record<string, AttributeValue>[][] = [];
    for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
    const write = async (batch: Record<string, AttributeValue>[]) => {
      let requests = batch.map((Item) => ({ PutRequest: { Item } }));
      for (let tries = 0; requests.length; tries++) {
        if (tries === 10) throw new Error(`copying ${from} to ${to}: items left unwritten`);
        const res = await c.send(new BatchWriteItemCommand({ RequestItems: { [to]: requests } }));
        requests = (res.UnprocessedItems?.[to] ?? []) as typeof requests;
        if (requests.length) await new Promise((r) => setTimeout(r, 50 * (tries + 1)));
      }
    };
    // A few batches at a time: DynamoDB Local answers them one by one anyway.
    for (let i = 0; i < batches.length; i += 4) await Promise.all(batches.slice(i, i + 4).map(write));
    return items.length;
  } finally {
    c.destroy();
  }
}

async function main() {
  const [dynamoDbEndpoint, s3Endpoint, tableName] = process.argv.slice(2);
  if (!dynamoDbEndpoint || !s3Endpoint || !tableName)
    throw new Error('usage: seed-template.ts <dynamodb endpoint> <s3 endpoint> <table>');
  useLocalEnvironment({ dynamoDbEndpoint, s3Endpoint, tableName, uploadsBucket: `${tableName}-uploads` });
  await ensureTable(dynamoDbEndpoint, tableName);
  const { seedDemoData } = await import('../../functions/local/seed');
  await seedDemoData();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
