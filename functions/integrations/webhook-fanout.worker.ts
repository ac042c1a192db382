// Stream worker: each domain event written to the table (functions/lib/events.ts) is fanned out to
// the outbound webhook subscriptions of its tenant and attempted once (deliveries.ts). A replayed
// record makes no second delivery: each is keyed by event and subscription.
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { defineWorker } from '../lib/worker';
import { domainEventOf } from '../lib/events';
import { fanOut } from './deliveries';

export const { worker, handler } = defineWorker('integrations-webhooks', 'stream', async (record) => {
  const image = record.dynamodb?.NewImage;
  const event = image && domainEventOf(unmarshall(image as Record<string, AttributeValue>));
  if (event) await fanOut(event);
});
