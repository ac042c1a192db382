// Bulk writes for demo data and the bench's 100,000 lines: BatchWriteItem, 25 items a call, a few
// calls at once, unprocessed items retried. Never used on a request path (no audit, no conditions).
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { WriteOutcomeUnknownError } from '../lib/errors';

const LOST_ANSWER_RETRIES = 8;

export async function batchPut(items: Record<string, unknown>[], concurrency = 2): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let pending = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; pending.length; attempt++) {
        try {
          const res = await ddb().send(new BatchWriteCommand({ RequestItems: { [config.tableName]: pending } }));
          pending = (res.UnprocessedItems?.[config.tableName] ?? []) as typeof pending;
        } catch (err) {
          // Whole items put again are the same items: a batch whose answer was lost (a busy
          // DynamoDB Local) is sent again as it was, which no request-path write may do.
          if (!(err instanceof WriteOutcomeUnknownError) || attempt >= LOST_ANSWER_RETRIES) throw err;
        }
        if (pending.length) await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
