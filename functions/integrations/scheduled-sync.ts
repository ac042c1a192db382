// A sync fired by the system's schedule (EventBridge Scheduler deployed, the local scheduler locally).
// A schedule left behind by a deleted or deactivated system removes itself; a run still going or a
// system without endpoints is passed over quietly (the next tick tries again).
import { HttpError } from '../lib/errors';
import { logger } from '../lib/logger';
import { removeSchedule } from './schedules';
import { runSync } from './sync';
import { getSystemRecord } from './system.store';

/** A scheduled run may take most of the sync Lambda's 5 minutes. */
const SCHEDULED_BUDGET_MS = 4 * 60_000;

export async function runScheduledSync(tenantId: string, systemId: string): Promise<void> {
  const system = await getSystemRecord(tenantId, systemId);
  if (!system || !system.isActive) {
    await removeSchedule({ tenantId, id: systemId });
    return;
  }
  try {
    await runSync(system, { endpointId: null, trigger: 'schedule', actor: null, budgetMs: SCHEDULED_BUDGET_MS });
  } catch (err) {
    if (err instanceof HttpError && err.status < 500)
      logger.info('scheduled sync passed over', { systemId, reason: err.message });
    else throw err;
  }
}
