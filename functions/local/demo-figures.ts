// The demo data is written before the local stream workers start (as a deployed worker never sees
// data older than its mapping), so the dashboard's read models are built from it once, by the same
// rebuilds an operator runs in AWS: the day counters (functions/insights/rebuild-figures.ts) and the
// figures of the demo trucks that have left (functions/detention/figures.ts), up to today.
import { facilityTimeZone, localDateTime } from '../../shared/time';
import { rebuildTruckFigures } from '../detention';
import { listFacilities } from '../facilities';
import { rebuildDayFigures, rebuildWindow } from '../insights';
import { DEMO_TENANT_ID } from './demo-ids';

export async function rebuildDemoFigures(now = new Date()): Promise<void> {
  for (const facility of await listFacilities(DEMO_TENANT_ID)) {
    const timeZone = facilityTimeZone(facility);
    const { from, to } = rebuildWindow(now, timeZone);
    await rebuildDayFigures(DEMO_TENANT_ID, facility.id, from, to);
    await rebuildTruckFigures(DEMO_TENANT_ID, facility.id, from, localDateTime(now, timeZone).date, now);
  }
}
