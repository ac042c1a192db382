// Every item of one tenant (issue #36: the tenant's whole-data export, and its erasure after closing).
// A tenant's items lie in thousands of partitions (TENANT#<t>, TENANT#<t>#APPT#<id>, ...) and a few
// outside them that name it (login aliases); no key or index lists them all, and one that did would
// need every store to write it. So these two rare, once-per-tenant jobs read the table with a
// parallel Scan filtered to the tenant, in a worker and never on a request path (docs/performance.md);
// only their workers are granted dynamodb:Scan (functions/workers.ts `scan`).
import {
  BatchWriteCommand,
  ScanCommand,
  type BatchWriteCommandInput,
  type BatchWriteCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { ddb } from './aws';
import { config } from './config';
import { tenantPk } from './table';

const SEGMENTS = 4;

/** Every item of the tenant, unordered. */
export async function tenantItems(tenantId: string): Promise<Record<string, unknown>[]> {
  const segments = await Promise.all(
    Array.from({ length: SEGMENTS }, async (_, segment) => {
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const res = await ddb().send(
          new ScanCommand({
            TableName: config.tableName,
            Segment: segment,
            TotalSegments: SEGMENTS,
            ExclusiveStartKey: start,
            FilterExpression: 'PK = :root OR begins_with(PK, :prefix) OR tenantId = :tenant',
            ExpressionAttributeValues: {
              ':root': tenantPk(tenantId),
              ':prefix': `${tenantPk(tenantId)}#`,
              ':tenant': tenantId,
            },
          }),
        );
        items.push(...(res.Items ?? []));
        start = res.LastEvaluatedKey;
      } while (start);
      return items;
    }),
  );
  return segments.flat();
}

/** Deletes the items by their keys, 25 at a time (unprocessed ones are sent again); answers how many. */
export async function deleteItems(items: readonly Record<string, unknown>[]): Promise<number> {
  for (let i = 0; i < items.length; i += 25) {
    let requests: NonNullable<BatchWriteCommandInput['RequestItems']>[string] | undefined = items
      .slice(i, i + 25)
      .map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } }));
    while (requests?.length) {
      const res: BatchWriteCommandOutput = await ddb().send(
        new BatchWriteCommand({ RequestItems: { [config.tableName]: requests } }),
      );
      requests = res.UnprocessedItems?.[config.tableName];
    }
  }
  return items.length;
}
