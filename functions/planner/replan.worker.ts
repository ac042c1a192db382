// Automatic re-planning's ears (functions/workers.ts 'planner-replan', issue #58.2): each trip the trip
// watch writes (its item's INSERT or MODIFY on the table's stream), its old and new estimate compared by
// replan.ts onTripChange. It never solves: it asks for a proposal the 'planner-proposals' worker solves.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { defineWorker } from '../lib/worker';
import { onTripChange, type TripImage } from './replan';

const imageOf = (image: Record<string, AttributeValue> | undefined) =>
  image ? (unmarshall(image) as TripImage) : null;

export const { handler, worker } = defineWorker('planner-replan', 'stream', async (record) => {
  const after = imageOf(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  if (!after?.tenantId || !after.facilityId) return;
  await onTripChange(imageOf(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined), after);
});
