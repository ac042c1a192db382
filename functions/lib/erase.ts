// The kernel's part of a person's erasure (issue #36): rewrite, in place, the items of one partition
// (or one index partition) that hold a trace of the person, with the traces replaced by the
// pseudonym. Stores name the partition; this knows no key of its own. A Query, never a Scan. Every
// rewrite is written only over the item as it was read (issue #52): a change that landed meanwhile is
// read again and scrubbed in its turn, never overwritten; an item gone meanwhile is not brought back.
import { rewriteAuditTrail } from './audit';
import { queryAll, rewriteAsRead } from './dynamo';
import { holdsTraceOf, scrubPerson, type PersonTraces } from './personal-data-mask';

const partitionItems = (partition: { pk: string; index?: 'GSI1' | 'GSI2' | 'GSI3' }) =>
  queryAll({
    IndexName: partition.index,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': partition.index ? `${partition.index}PK` : 'PK' },
    ExpressionAttributeValues: { ':pk': partition.pk },
  });

/** Rewrites the given items (read with their keys) that hold a trace of the person; the ids of those it rewrote. */
export async function scrubItems(items: Record<string, unknown>[], person: PersonTraces, pseudonym: string) {
  const holding = items.filter((item) => holdsTraceOf(item, person));
  // The key attributes hold ids only (never a name or number), so they stay as they are.
  for (const item of holding) await rewriteAsRead(item, (current) => scrubPerson(current, person, pseudonym));
  return holding.map((item) => String(item.id ?? item.SK));
}

/** Rewrites the partition's items that hold a trace of the person; the ids of those it rewrote. */
export async function scrubPartition(
  partition: { pk: string; index?: 'GSI1' | 'GSI2' | 'GSI3' },
  person: PersonTraces,
  pseudonym: string,
): Promise<string[]> {
  return scrubItems(await partitionItems(partition), person, pseudonym);
}

/** Rewrites an item's audit trail with the person's traces replaced by the pseudonym. */
export const scrubAuditTrail = (
  tenantId: string,
  entity: { entityType: string; entityId: string },
  person: PersonTraces,
  pseudonym: string,
) => rewriteAuditTrail(tenantId, entity, (image) => scrubPerson(image, person, pseudonym));
