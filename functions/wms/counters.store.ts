// The warehouse's counters of a tenant, one item: list totals (per filter) and the dashboard's
// figures. Every change adds to them in its own transaction (counterUpdate), so a total is read with
// one GetItem and never counted per request.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { counterMove } from '../lib/counters';
import { getItem } from '../lib/dynamo';
import { tenantPk } from '../lib/table';

const counterKey = (tenantId: string) => ({ PK: tenantPk(tenantId, 'WMS'), SK: 'COUNTERS' });

/** A TransactWriteItems element adding each delta to its counter (none when all are 0). */
export function counterUpdate(tenantId: string, deltas: Record<string, number>) {
  const entries = Object.entries(deltas).filter(([, v]) => v !== 0);
  if (!entries.length) return [];
  return [counterMove({ key: counterKey(tenantId), counters: Object.fromEntries(entries) })];
}

export async function readCounters(tenantId: string): Promise<Record<string, number>> {
  return (await getItem<Record<string, number>>(counterKey(tenantId), true)) ?? {};
}

/** The next number of a sequence (cycle count numbers); gaps are possible, repeats are not. */
export async function nextSequence(tenantId: string, name: string): Promise<number> {
  const res = await ddb().send(
    new UpdateCommand({ TableName: config.tableName, Key: counterKey(tenantId), UpdateExpression: 'ADD #n :one', ExpressionAttributeNames: { '#n': `seq|${name}` }, ExpressionAttributeValues: { ':one': 1 }, ReturnValues: 'UPDATED_NEW' }),
  );
  return Number(res.Attributes?.[`seq|${name}`] ?? 1);
}

/** Applies deltas outside a transaction (the bench's bulk seed writes its items, then its totals). */
export async function addToCounters(tenantId: string, deltas: Record<string, number>) {
  const [update] = counterUpdate(tenantId, deltas);
  if (update?.Update) await ddb().send(new UpdateCommand(update.Update));
}
