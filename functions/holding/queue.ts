// The holding queue of a facility as staff see it (the gate screen, the dashboard's card): its area,
// the called drivers with their deadlines, the waiting ones by position with their waiting times, and
// the no-shows. Two key Queries (the facility's check-ins of the last day, its call states) and a GetItem.
import { facilityTimeZone } from '../../shared/time';
import type { HoldingQueue } from '../../shared/contracts/holding';
import { holdingAreaOf } from './area';
import { recentCheckins } from './call-forward';
import { listHoldingCalls } from './holding.store';
import { queueOf } from './rules';

export async function holdingQueue(
  tenantId: string,
  facility: { id: string; timeZone?: string | null },
  now = new Date(),
): Promise<HoldingQueue> {
  const [area, checkins, calls] = await Promise.all([
    holdingAreaOf(tenantId, facility.id),
    recentCheckins(tenantId, facility.id, now),
    listHoldingCalls(tenantId, facility.id),
  ]);
  return queueOf(facilityTimeZone(facility), area, checkins, calls, now);
}
