// `npm run dlq` against the local stack: a stream batch the worker keeps failing is kept as a dead
// letter by the stream poller, listed and shown, and handed to the worker again by a redrive, which
// removes it once the worker takes it and keeps it while it still fails (fixture worker of
// test/support/workers: an item whose `failures` is n fails its first n deliveries; the poller tries 3 times).
import { randomUUID } from 'node:crypto';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION, useLocalEnvironment } from '../../functions/local/services';
import { startLocalWorkers } from '../../functions/local/workers';
import { listDeadLetters } from '../../functions/local/dead-letters';
import { dlqRequest, localDlq } from '../../scripts/dlq';
import { CHANGES_WORKER, FIXTURE_WORKERS } from '../support/workers/fixtures';
import * as changes from '../support/workers/changes.worker';

const endpoint = inject('dynamoDbEndpoint');
const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
let tableName: string;
let workers: { stop: () => Promise<void> };

async function dlq(...words: string[]) {
  const lines: string[] = [];
  const code = await localDlq(dlqRequest(words, FIXTURE_WORKERS, (line) => lines.push(line)));
  return { code, out: lines.join('\n') };
}

async function failingChange(failures: number): Promise<string> {
  const id = `TEST#${randomUUID().slice(0, 8)}`;
  await client.send(
    new PutItemCommand({
      TableName: tableName,
      Item: { PK: { S: id }, SK: { S: 'ITEM' }, entity: { S: 'appointment' }, failures: { N: String(failures) } },
    }),
  );
  return id;
}

async function deadLetterOf(pk: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await listDeadLetters(CHANGES_WORKER.name)).find((l) =>
      l.records.some((r) => r.dynamodb?.Keys?.PK?.S === pk),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no dead letter for ${pk} within 20 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const handledKeys = () => changes.handled.map((r) => r.dynamodb?.Keys?.PK?.S);

beforeAll(async () => {
  tableName = `dlq-${randomUUID().slice(0, 8)}`;
  useLocalEnvironment({
    dynamoDbEndpoint: endpoint,
    s3Endpoint: inject('s3Endpoint'),
    tableName,
    uploadsBucket: 'unused',
  });
  await ensureTable(endpoint, tableName);
  workers = await startLocalWorkers({
    workers: [CHANGES_WORKER],
    dynamoDbEndpoint: endpoint,
    tableName,
    pollIntervalMs: 100,
  });
});

afterAll(async () => {
  await workers?.stop();
});

describe('npm run dlq against the local stack', () => {
  it('lists and shows a batch the worker gave up on, and a redrive hands it over and removes it', async () => {
    // Prepare: a change that fails its 3 deliveries, then succeeds on the 4th
    const pk = await failingChange(3);
    const letter = await deadLetterOf(pk);
    expect(handledKeys()).not.toContain(pk);
    // Act
    const listed = await dlq('list', 'test-changes');
    const shown = await dlq('show', 'test-changes', letter.id);
    const redriven = await dlq('redrive', 'test-changes');
    const after = await dlq('list', 'test-changes');
    // Assess
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('test-changes: 1 dead letter(s)');
    expect(listed.out).toContain(letter.id);
    expect(listed.out).toContain('1 record(s)  All records failed processing');
    expect(shown.out).toContain(`INSERT ${pk} ITEM (appointment)`);
    expect(redriven.code).toBe(0);
    expect(redriven.out).toContain('redrove 1 of 1 dead letter(s) of test-changes');
    expect(handledKeys().filter((k) => k === pk)).toHaveLength(1);
    expect(after.out).toContain('test-changes: 0 dead letter(s)');
  });

  it('keeps a dead letter the worker still refuses, and says so with a non-zero exit', async () => {
    // Prepare: a change that fails its first 5 deliveries (3 by the poller, the 4th by the redrive)
    const pk = await failingChange(5);
    const letter = await deadLetterOf(pk);
    // Act
    const redriven = await dlq('redrive', 'test-changes', letter.id);
    // Assess
    expect(redriven.code).toBe(1);
    expect(redriven.out).toContain(`${letter.id}: still failing, kept`);
    expect(redriven.out).toContain('redrove 0 of 1');
    expect((await listDeadLetters('test-changes')).map((l) => l.id)).toContain(letter.id);
    expect(handledKeys()).not.toContain(pk);
    // Act again: the 5th delivery fails too, the 6th is taken
    expect((await dlq('redrive', 'test-changes', letter.id)).code).toBe(1);
    const last = await dlq('redrive', 'test-changes', letter.id);
    expect(last.code).toBe(0);
    expect(handledKeys()).toContain(pk);
    expect((await listDeadLetters('test-changes')).map((l) => l.id)).not.toContain(letter.id);
  });

  it('refuses a worker that does not exist or has no dead-letter queue, naming the ones that do', () => {
    const print = () => undefined;
    expect(() => dlqRequest(['list', 'no-such-worker'], FIXTURE_WORKERS, print)).toThrow(
      'no worker no-such-worker with a dead-letter queue; the workers are: test-changes, test-inbox',
    );
    expect(() => dlqRequest(['redrive', 'test-tick'], FIXTURE_WORKERS, print)).toThrow(/no worker test-tick/);
    expect(() => dlqRequest(['redrive'], FIXTURE_WORKERS, print)).toThrow(/redrive needs a worker/);
    expect(() => dlqRequest(['purge', 'test-changes'], FIXTURE_WORKERS, print)).toThrow(/usage: npm run dlq/);
  });
});
