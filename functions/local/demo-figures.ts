// The demo data is written before the local stream workers start (as a deployed worker never sees
// data older than its mapping), so the dashboard's read model is built from it once, by the same
// rebuild an operator runs in AWS (functions/insights/rebuild-figures.ts).
import { facilityTimeZone } from '../../shared/time';
import { listFacilities } from '../facilities';
import { rebuildDayFigures, rebuildWindow } from '../insights';
import { DEMO_TENANT_ID } from './demo-ids';

export async function rebuildDemoFigures(now = new Date()): Promise<void> {
  for (const facility of await listFacilities(DEMO_TENANT_ID)) {
    const { from, to } = rebuildWindow(now, facilityTimeZone(facility));
    await rebuildDayFigures(DEMO_TENANT_ID, facility.id, from, to);
  }
}
