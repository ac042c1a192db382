// Automatic re-planning's ears (functions/workers.ts 'planner-replan', issue #58.2): each trip the trip
// watch writes (its item's INSERT or MODIFY on the table's stream), its old and new estimate compared by
// replan.ts onTripChange. It never solves: it asks for a proposal the 'planner-proposals' worker solves.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { defineWorker } from '../lib/worker';
import { onTripChange, type TripImage } from './replan';
import { replansItself } from './settings';

const imageOf = (image: Record<string, AttributeValue> | undefined) =>
  image ? (unmarshall(image) as TripImage) : null;

/**
 * Whether a facility re-plans itself, read at most once every 10 s by this worker's instance: the trip
 * watch writes every tracked truck's trip every few minutes, nearly all at facilities that have not
 * turned re-planning on, and a read of the setting for each write doubled the watch's table calls (a
 * simulated day of 200 trucks took 174 s instead of 40, issue #54). Turned on, it acts within 10 s.
 */
const REREAD_MS = 10_000;
const known = new Map<string, { on: boolean; readAt: number }>();
async function replanning(tenantId: string, facilityId: string): Promise<boolean> {
  const key = `${tenantId}/${facilityId}`;
  const hit = known.get(key);
  if (hit && Date.now() - hit.readAt < REREAD_MS) return hit.on;
  const on = await replansItself(tenantId, facilityId);
  known.set(key, { on, readAt: Date.now() });
  return on;
}

export const { handler, worker } = defineWorker('planner-replan', 'stream', async (record) => {
  const after = imageOf(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  if (!after?.tenantId || !after.facilityId) return;
  const before = imageOf(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
  // The same estimate as before (a crossing answered again): nothing the plan reads has changed.
  if (before && (before.estimate?.eta ?? null) === (after.estimate?.eta ?? null)) return;
  if (!(await replanning(after.tenantId, after.facilityId))) return;
  await onTripChange(before, after);
});
