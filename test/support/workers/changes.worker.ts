// Fixture stream worker: remembers each change it handled, in order. An item whose `failures`
// attribute is n fails its first n deliveries, to exercise partial batch failures and retries.
import type { DynamoDBRecord } from 'aws-lambda';
import { defineWorker } from '../../../functions/lib/worker';

export const handled: DynamoDBRecord[] = [];
const attempts = new Map<string, number>();

export const { worker, handler } = defineWorker('test-changes', 'stream', async (record) => {
  const id = record.dynamodb!.SequenceNumber!;
  const tries = (attempts.get(id) ?? 0) + 1;
  attempts.set(id, tries);
  const failures = Number(record.dynamodb?.NewImage?.failures?.N ?? 0);
  if (tries <= failures) throw new Error(`change ${id} fails (try ${tries} of ${failures})`);
  handled.push(record);
});
