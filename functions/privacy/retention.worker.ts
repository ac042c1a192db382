// The daily retention run (functions/workers.ts 'privacy-retention', issue #36): each listed tenant's
// policy applied (retention.ts) and its report written. A tenant whose run fails does not stop the
// others: it is logged and caught up the next day (a retry of the whole run would report twice).
import { defineWorker } from '../lib/worker';
import { logger } from '../lib/logger';
import { listTenantIds } from '../lib/tenants';
import { applyRetention } from './retention';

/** Applies every tenant's policy at `now`; answers the tenants whose run failed. */
export async function applyAllRetention(now = new Date()): Promise<string[]> {
  const failed: string[] = [];
  for (const tenantId of await listTenantIds()) {
    try {
      await applyRetention(tenantId, now);
    } catch (err) {
      logger.error('retention run failed', { tenantId, err });
      failed.push(tenantId);
    }
  }
  return failed;
}

export const { handler, worker } = defineWorker('privacy-retention', 'schedule', async (event) => {
  await applyAllRetention(new Date(event.time));
});
