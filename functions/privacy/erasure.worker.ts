// The erasure worker (functions/workers.ts 'privacy-erasure', issue #52): each erasure the admin
// accepted (its request's change to 'erasing' on the table's stream) carried out from its stored cursor
// (erasure-run.ts). A failing run is retried by the stream and resumes where the cursor stands.
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { defineWorker } from '../lib/worker';
import { carryOutErasure } from './erasure-run';

export const { handler, worker } = defineWorker('privacy-erasure', 'stream', async (record) => {
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  if (!image) return;
  const request = unmarshall(image) as { tenantId?: string; id?: string; status?: string };
  if (request.status === 'erasing' && request.tenantId && request.id)
    await carryOutErasure(request.tenantId, request.id);
});
