// The local stream poller on DynamoDB Local's Streams API: a change written to the table reaches the
// stream worker whose filter accepts it, as the Lambda event it gets deployed, with partial batch
// failures retried from the failed record (fixture worker of test/support/workers).
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { DeleteItemCommand, DynamoDBClient, PutItemCommand, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION } from '../../functions/local/services';
import { startLocalWorkers, workerContext } from '../../functions/local/workers';
import { startStreamPoller } from '../../functions/local/stream-poller';
import { CHANGES_WORKER } from '../support/workers/fixtures';
import * as changes from '../support/workers/changes.worker';

const endpoint = inject('dynamoDbEndpoint');
const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
const stops: (() => Promise<void>)[] = [];

async function freshTable(): Promise<string> {
  const tableName = `workers-${randomUUID().slice(0, 8)}`;
  await ensureTable(endpoint, tableName);
  return tableName;
}

const put = (tableName: string, id: string, entity: string, failures = 0) =>
  client.send(
    new PutItemCommand({
      TableName: tableName,
      Item: { PK: { S: `TEST#${id}` }, SK: { S: 'ITEM' }, entity: { S: entity }, failures: { N: String(failures) } },
    }),
  );

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const handledIds = () => changes.handled.map((r) => `${r.eventName} ${r.dynamodb?.Keys?.PK?.S}`);

beforeAll(() => {
  process.env.AWS_REGION ??= LOCAL_REGION;
});

afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  changes.handled.length = 0;
});

describe('local stream worker', () => {
  it('receives the changes its filter accepts, in order, retrying a failed record until it passes', async () => {
    // Prepare: a table made without a stream, as an older local table would be.
    const tableName = await freshTable();
    const workers = await startLocalWorkers({ workers: [CHANGES_WORKER], dynamoDbEndpoint: endpoint, tableName });
    stops.push(workers.stop);
    // Act
    await put(tableName, 'a1', 'appointment');
    await put(tableName, 'u1', 'user');
    await put(tableName, 'a2', 'appointment', 2);
    await client.send(
      new DeleteItemCommand({ TableName: tableName, Key: { PK: { S: 'TEST#a1' }, SK: { S: 'ITEM' } } }),
    );
    // Assess
    await waitFor(() => changes.handled.length >= 3, 'three appointment changes');
    expect(handledIds()).toEqual(['INSERT TEST#a1', 'INSERT TEST#a2', 'REMOVE TEST#a1']);
    const removed = changes.handled[2]!;
    expect(removed).toMatchObject({
      eventSource: 'aws:dynamodb',
      dynamodb: { OldImage: { entity: { S: 'appointment' } } },
    });
    expect(removed.eventSourceARN).toContain(tableName);
    expect(typeof removed.dynamodb?.ApproximateCreationDateTime).toBe('number');
  });

  it('says when it has caught up: every change made before the call handled, a retried one too', async () => {
    // Prepare
    const tableName = await freshTable();
    const workers = await startLocalWorkers({ workers: [CHANGES_WORKER], dynamoDbEndpoint: endpoint, tableName });
    stops.push(workers.stop);
    // Act: no waiting but for caughtUp; the second change fails once before it passes.
    await put(tableName, 'c1', 'appointment');
    await put(tableName, 'c2', 'appointment', 1);
    await put(tableName, 'u2', 'user');
    expect(await workers.caughtUp(20_000)).toBe(true);
    // Assess
    expect(handledIds()).toEqual(['INSERT TEST#c1', 'INSERT TEST#c2']);
  });

  it('starts after the changes made before it, and passes over a batch that keeps failing', async () => {
    // Prepare: a change already on the table's stream before the poller starts.
    const tableName = await freshTable();
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
    await put(tableName, 'before', 'appointment');
    const errors: string[] = [];
    const poller = await startStreamPoller({
      endpoint,
      tableName,
      intervalMs: 100,
      consumers: [
        {
          name: CHANGES_WORKER.name,
          filter: { entities: ['appointment'] },
          handler: (e: DynamoDBStreamEvent) => changes.handler(e, workerContext(CHANGES_WORKER.name)),
        },
      ],
      onError: (consumer, err) => errors.push(`${consumer}: ${err instanceof Error ? err.message : String(err)}`),
    });
    stops.push(poller.stop);
    // Act
    await put(tableName, 'poison', 'appointment', 99);
    await waitFor(() => errors.length > 0, 'the poisoned change to be given up');
    await put(tableName, 'after', 'appointment');
    // Assess
    await waitFor(() => changes.handled.length > 0, 'the next change');
    expect(handledIds()).toEqual(['INSERT TEST#after']);
    expect(errors).toEqual([expect.stringMatching(/^test-changes: /)]);
  });
});
