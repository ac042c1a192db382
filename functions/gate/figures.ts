// Today's gate decisions at a facility: allowed, held, denied, and holds let through by an override.
import type { GateDayFigures } from '../../shared/contracts/gate';
import { listGateDecisions } from './gate-check.store';

export async function gateDayFigures(tenantId: string, facilityId: string, date: string): Promise<GateDayFigures> {
  const items = await listGateDecisions(tenantId, facilityId, date);
  const count = (d: string) => items.filter((i) => i.decision === d).length;
  return { date, allowed: count('ALLOW'), held: count('HOLD'), denied: count('DENY'), overridden: count('OVERRIDE') };
}
