// The kernel's part of a person's erasure (issue #36): rewrite, in place, the items of one partition
// (or one index partition) that hold a trace of the person, with the traces replaced by the
// pseudonym. Stores name the partition; this knows no key of its own. A Query, never a Scan.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './aws';
import { config } from './config';
import { rewriteAuditTrail } from './audit';
import { isConditionalCheckFailed, queryAll } from './dynamo';
import { holdsTraceOf, scrubPerson, type PersonTraces } from './personal-data-mask';

/** The ids of the partition's items that hold a trace of the person (read only). */
export async function idsHoldingTrace(
  partition: { pk: string; index?: 'GSI1' | 'GSI2' | 'GSI3' },
  person: PersonTraces,
): Promise<string[]> {
  const keyName = partition.index ? `${partition.index}PK` : 'PK';
  const items = await queryAll({
    IndexName: partition.index,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyName },
    ExpressionAttributeValues: { ':pk': partition.pk },
  });
  return items.filter((item) => holdsTraceOf(item, person)).map((item) => String(item.id ?? item.SK));
}

/** Rewrites the partition's items that hold a trace of the person; the ids of those it rewrote. */
export async function scrubPartition(
  partition: { pk: string; index?: 'GSI1' | 'GSI2' | 'GSI3' },
  person: PersonTraces,
  pseudonym: string,
): Promise<string[]> {
  const keyName = partition.index ? `${partition.index}PK` : 'PK';
  const items = await queryAll({
    IndexName: partition.index,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': keyName },
    ExpressionAttributeValues: { ':pk': partition.pk },
  });
  const holding = items.filter((item) => holdsTraceOf(item, person));
  for (const item of holding) {
    // The key attributes hold ids only (never a name or number), so the whole item is rewritten.
    // Written only over an item still there (issue #52): an item its TTL or its owner deleted meanwhile
    // is not brought back.
    try {
      await ddb().send(
        new PutCommand({
          TableName: config.tableName,
          Item: scrubPerson(item, person, pseudonym),
          ConditionExpression: 'attribute_exists(PK)',
        }),
      );
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
    }
  }
  return holding.map((item) => String(item.id ?? item.SK));
}

/** Rewrites an item's audit trail with the person's traces replaced by the pseudonym. */
export const scrubAuditTrail = (
  tenantId: string,
  entity: { entityType: string; entityId: string },
  person: PersonTraces,
  pseudonym: string,
) => rewriteAuditTrail(tenantId, entity, (image) => scrubPerson(image, person, pseudonym));
