// The erasure of closed tenants (functions/workers.ts 'tenancy-closing', issue #36): once a day, every
// tenant whose grace after closing has ended is erased, items and files (closing.ts).
import { defineWorker } from '../lib/worker';
import { eraseClosedTenants } from './closing';

export const { handler, worker } = defineWorker('tenancy-closing', 'schedule', async (event) => {
  await eraseClosedTenants(new Date(event.time));
});
