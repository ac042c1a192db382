// A facility's planner settings (issue #58.2): automatic re-planning on or off, read with its default
// (off) when never saved, and saved whole under the revision rule with its audit record.
import type { Actor } from '../lib/audit';
import { changeAtRevision, revisionOf } from '../lib/revision';
import type { PlannerSettingsSave, PlannerSettingsView } from '../../shared/contracts/planner';
import { putPlannerSettings, storedPlannerSettings, type StoredPlannerSettings } from './settings.store';

function viewOf(facilityId: string, stored: StoredPlannerSettings | null): PlannerSettingsView {
  return {
    facilityId,
    autoReplan: stored?.autoReplan ?? false,
    revision: stored ? revisionOf(stored) : 0,
    updatedAt: stored?.updatedAt ?? null,
    updatedBy: stored?.updatedBy ?? null,
  };
}

export async function plannerSettingsView(tenantId: string, facilityId: string): Promise<PlannerSettingsView> {
  return viewOf(facilityId, await storedPlannerSettings(tenantId, facilityId));
}

/** Whether the facility re-plans by itself. */
export async function replansItself(tenantId: string, facilityId: string): Promise<boolean> {
  return (await storedPlannerSettings(tenantId, facilityId))?.autoReplan ?? false;
}

export function savePlannerSettings(
  tenantId: string,
  facilityId: string,
  actor: Actor,
  input: PlannerSettingsSave,
  now = new Date(),
): Promise<PlannerSettingsView> {
  const { revision: seen, autoReplan } = input;
  return changeAtRevision({
    read: () => storedPlannerSettings(tenantId, facilityId),
    seen,
    view: (current) => viewOf(facilityId, current),
    apply: async (before) => {
      const changed: StoredPlannerSettings = {
        tenantId,
        facilityId,
        autoReplan,
        updatedAt: now.toISOString(),
        updatedBy: actor.username,
      };
      return viewOf(facilityId, await putPlannerSettings(before, changed, actor, now));
    },
  });
}
