// Schedule worker: retries the outbound webhook deliveries whose backoff has run out (delivery-runs.ts).
import { defineWorker } from '../lib/worker';
import { retryDueDeliveries } from './delivery-runs';

export const { worker, handler } = defineWorker('integrations-webhook-retries', 'schedule', async (event) => {
  await retryDueDeliveries(new Date(event.time));
});
