// A facility's holding area (issue #58.3): its name and place (on site, or a parking area outside) and
// whether its drivers are called forward automatically; the default until its staff save one.
import type { Actor } from '../lib/audit';
import { changeAtRevision } from '../lib/revision';
import { DEFAULT_HOLDING_AREA_NAME, type HoldingArea, type HoldingAreaInput } from '../../shared/contracts/holding';
import { putHoldingArea, storedHoldingArea, type StoredHoldingArea } from './holding.store';

const viewOf = (facilityId: string, stored: StoredHoldingArea | null): HoldingArea =>
  stored
    ? {
        facilityId,
        name: stored.name,
        kind: stored.kind,
        callForward: stored.callForward,
        configured: true,
        revision: stored.revision ?? 0,
      }
    : { facilityId, name: DEFAULT_HOLDING_AREA_NAME, kind: 'on_site', callForward: false, configured: false };

export async function holdingAreaOf(tenantId: string, facilityId: string): Promise<HoldingArea> {
  return viewOf(facilityId, await storedHoldingArea(tenantId, facilityId));
}

/** Saves the facility's holding area whole, under the revision its screen loaded (functions/lib/revision.ts). */
export function saveHoldingArea(
  tenantId: string,
  facilityId: string,
  actor: Actor,
  input: HoldingAreaInput,
  now = new Date(),
): Promise<HoldingArea> {
  const { revision: seen, ...fields } = input;
  return changeAtRevision({
    read: () => storedHoldingArea(tenantId, facilityId),
    seen,
    view: (current) => viewOf(facilityId, current),
    apply: async (before) =>
      viewOf(
        facilityId,
        await putHoldingArea(
          before,
          { tenantId, facilityId, ...fields, updatedAt: now.toISOString(), updatedBy: actor.username },
          actor,
          now,
        ),
      ),
  });
}
