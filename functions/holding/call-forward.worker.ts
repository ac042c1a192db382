// The holding queue's call forward (functions/workers.ts 'holding-call-forward', every minute): each facility
// whose call forward is on (one list across tenants, read by key) has its queue advanced at the run's
// time: a door that freed goes to the next driver (within a minute of freeing), a driver past the
// deadline is skipped and the next called.
import { defineWorker } from '../lib/worker';
import { logger } from '../lib/logger';
import { advanceHolding } from './call-forward';
import { callingFacilities } from './holding.store';

export async function runCallForward(
  now = new Date(),
): Promise<{ facilities: number; called: number; missed: number }> {
  const run = { facilities: 0, called: 0, missed: 0 };
  for (const { tenantId, facilityId } of await callingFacilities()) {
    try {
      const result = await advanceHolding(tenantId, facilityId, now);
      run.facilities += 1;
      run.called += result.called;
      run.missed += result.missed;
    } catch (err) {
      logger.error('holding call forward failed for a facility', { tenantId, facilityId, err: String(err) });
    }
  }
  return run;
}

export const { handler, worker } = defineWorker('holding-call-forward', 'schedule', async (event) => {
  await runCallForward(new Date(event.time));
});
