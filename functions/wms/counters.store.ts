// The warehouse's counters of a tenant: list totals (per filter) and the dashboard's figures. Every
// stock write adds to them in its own transaction, so they would be one hot item written by every
// receipt; they are split into COUNTER_SHARDS items instead, each change adding to the shard its
// entity's id picks. A shard is a part of a sum and may go below 0 (a line received into shard 3 and
// adjusted from shard 7 of another entity's pick), so shard writes are plain ADDs, never clamped; a
// total is the sum of the shards, read with one consistent Query of the partition. The item from
// before the shards ('COUNTERS', which also holds the sequences) begins with the same prefix and is
// summed with them, so no total is lost.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { queryPrefix } from '../lib/dynamo';
import { tenantPk } from '../lib/table';

export const COUNTER_SHARDS = 10;
const COUNTERS = 'COUNTERS';
const SEQUENCE = 'seq|';

const sequenceKey = (tenantId: string) => ({ PK: tenantPk(tenantId, 'WMS'), SK: COUNTERS });
const shardKey = (tenantId: string, shard: number) => ({ PK: tenantPk(tenantId, 'WMS'), SK: `${COUNTERS}#${shard}` });

/** The shard an entity's changes add to: a stable spread of its id over the shards. */
export function counterShard(entityId: string): number {
  let hash = 0;
  for (let i = 0; i < entityId.length; i++) hash = (hash * 31 + entityId.charCodeAt(i)) >>> 0;
  return hash % COUNTER_SHARDS;
}

/** A TransactWriteItems element adding each delta to its counter in the shard `entityId` picks (none when all are 0). */
export function counterUpdate(tenantId: string, deltas: Record<string, number>, entityId: string) {
  const entries = Object.entries(deltas).filter(([, v]) => v !== 0);
  if (!entries.length) return [];
  return [
    {
      Update: {
        TableName: config.tableName,
        Key: shardKey(tenantId, counterShard(entityId)),
        UpdateExpression: `ADD ${entries.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, delta], i) => [`:c${i}`, delta])),
      },
    },
  ];
}

/** Every counter's total: the sum of the shards (and of the item from before them). */
export async function readCounters(tenantId: string): Promise<Record<string, number>> {
  const parts = await queryPrefix<Record<string, unknown>>(sequenceKey(tenantId).PK, COUNTERS, { consistent: true });
  const totals: Record<string, number> = {};
  for (const part of parts) {
    for (const [name, value] of Object.entries(part)) {
      if (typeof value === 'number' && !name.startsWith(SEQUENCE)) totals[name] = (totals[name] ?? 0) + value;
    }
  }
  return totals;
}

/** The next number of a sequence (cycle count numbers); gaps are possible, repeats are not. */
export async function nextSequence(tenantId: string, name: string): Promise<number> {
  const res = await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: sequenceKey(tenantId),
      UpdateExpression: 'ADD #n :one',
      ExpressionAttributeNames: { '#n': `${SEQUENCE}${name}` },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(res.Attributes?.[`${SEQUENCE}${name}`] ?? 1);
}

/** Applies deltas outside a transaction (the bench's bulk seed writes its items, then its totals). */
export async function addToCounters(tenantId: string, deltas: Record<string, number>, entityId = tenantId) {
  const [update] = counterUpdate(tenantId, deltas, entityId);
  if (update) await ddb().send(new UpdateCommand(update.Update));
}
