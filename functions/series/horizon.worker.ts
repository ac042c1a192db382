// The horizon of standing appointments (functions/workers.ts 'series-horizon', daily; issue #32): every
// active series of every tenant is booked ahead up to today plus the horizon in its facility's zone.
// A date is booked or reported once (its occurrence item), so a rerun of the same day books nothing.
// Each run books with the rights the series' creator holds that day (standing.ts, issue #52.9): a tenant
// that may not change data books nothing, and a creator who lost the right pauses the series.
import { defineWorker } from '../lib/worker';
import { logger } from '../lib/logger';
import { getFacility } from '../facilities';
import { extendSeries, pauseSeries } from './series';
import { listActiveSeries } from './series.store';
import { standingOf } from './standing';

/** Extends every active series as of `now`; answers how many dates were booked or reported. */
export async function extendAllSeries(now = new Date()): Promise<number> {
  let recorded = 0;
  for (const series of await listActiveSeries()) {
    try {
      const standing = await standingOf(series, now);
      if ('held' in standing) {
        logger.info('series horizon held by the tenant', { tenantId: series.tenantId, seriesId: series.id });
        continue;
      }
      if ('paused' in standing) {
        await pauseSeries(series, standing.paused, now);
        logger.info('series paused', { tenantId: series.tenantId, seriesId: series.id });
        continue;
      }
      const facility = await getFacility(series.tenantId, series.facilityId);
      if (!facility) continue;
      recorded += (await extendSeries(series, facility, now, standing.books)).length;
    } catch (err) {
      // One series that fails (its facility's records mid-change) does not hold up the others; the next run retries it.
      logger.error('series horizon failed', { tenantId: series.tenantId, seriesId: series.id, error: err as Error });
    }
  }
  return recorded;
}

export const { handler, worker } = defineWorker('series-horizon', 'schedule', async (event) => {
  await extendAllSeries(new Date(event.time));
});
