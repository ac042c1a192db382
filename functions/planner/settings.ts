// A facility's planner settings (issue #58.2): automatic re-planning on or off, and (#58.1) its labour and
// equipment: crews on shift by hour of the day, equipment by name and count, and what trucks of each
// appointment type need. Read with their defaults (off, no limits) when never saved, and saved whole
// under the revision rule with its audit record; labour and equipment left out of a save keep what is
// stored. Needs name items of the equipment list and types of the facility, else the save is refused.
import type { Actor } from '../lib/audit';
import { BadRequestError } from '../lib/errors';
import { changeAtRevision, revisionOf } from '../lib/revision';
import { bookingSetup } from '../appointment-types';
import type { Facility } from '../facilities';
import {
  PLANNER_SETTINGS_TEXTS,
  type EquipmentCount,
  type PlannerSettingsSave,
  type PlannerSettingsView,
  type TypeNeeds,
} from '../../shared/contracts/planner';
import { putPlannerSettings, storedPlannerSettings, type StoredPlannerSettings } from './settings.store';

function viewOf(facilityId: string, stored: StoredPlannerSettings | null): PlannerSettingsView {
  return {
    facilityId,
    autoReplan: stored?.autoReplan ?? false,
    crews: stored?.crews ?? [],
    equipment: stored?.equipment ?? [],
    needs: stored?.needs ?? [],
    revision: stored ? revisionOf(stored) : 0,
    updatedAt: stored?.updatedAt ?? null,
    updatedBy: stored?.updatedBy ?? null,
  };
}

export async function plannerSettingsView(tenantId: string, facilityId: string): Promise<PlannerSettingsView> {
  return viewOf(facilityId, await storedPlannerSettings(tenantId, facilityId));
}

/** The facility's settings as the planner reads them (defaults when never saved). */
export const plannerSettingsOf = plannerSettingsView;

/** Whether the facility re-plans by itself. */
export async function replansItself(tenantId: string, facilityId: string): Promise<boolean> {
  return (await storedPlannerSettings(tenantId, facilityId))?.autoReplan ?? false;
}

/** Why the needs cannot be saved with this equipment and these types, as field errors (empty: they can). */
function needsErrors(needs: TypeNeeds[], equipment: EquipmentCount[], typeIds: Set<string>): Record<string, string> {
  const errors: Record<string, string> = {};
  const names = new Set(equipment.map((e) => e.name.toLowerCase()));
  needs.forEach((n, i) => {
    if (!typeIds.has(n.appointmentTypeId))
      errors[`needs.${i}.appointmentTypeId`] ??= PLANNER_SETTINGS_TEXTS.unknownType(n.appointmentTypeId);
    n.items.forEach((item, k) => {
      if (!names.has(item.toLowerCase())) errors[`needs.${i}.items.${k}`] ??= PLANNER_SETTINGS_TEXTS.unknownItem(item);
    });
  });
  return errors;
}

/** Needs spelled as the equipment list spells its items, each item once. */
const spelled = (needs: TypeNeeds[], equipment: EquipmentCount[]): TypeNeeds[] =>
  needs.map((n) => ({
    appointmentTypeId: n.appointmentTypeId,
    items: [
      ...new Set(
        n.items.map((item) => equipment.find((e) => e.name.toLowerCase() === item.toLowerCase())?.name ?? item),
      ),
    ],
  }));

export async function savePlannerSettings(
  facility: Facility,
  actor: Actor,
  input: PlannerSettingsSave,
  now = new Date(),
): Promise<PlannerSettingsView> {
  const { tenantId, id: facilityId } = facility;
  const { revision: seen, autoReplan } = input;
  const typeIds = input.needs?.length ? new Set((await bookingSetup(facility)).types.map((t) => t.id)) : null;
  return changeAtRevision({
    read: () => storedPlannerSettings(tenantId, facilityId),
    seen,
    view: (current) => viewOf(facilityId, current),
    apply: async (before) => {
      const equipment = input.equipment ?? before?.equipment ?? [];
      const needs = input.needs ?? before?.needs ?? [];
      const errors = needsErrors(needs, equipment, typeIds ?? new Set(needs.map((n) => n.appointmentTypeId)));
      const first = Object.values(errors)[0];
      if (first) throw new BadRequestError(first, errors);
      const changed: StoredPlannerSettings = {
        tenantId,
        facilityId,
        autoReplan,
        crews: [...(input.crews ?? before?.crews ?? [])].sort((a, b) => a.fromHour - b.fromHour),
        equipment,
        needs: spelled(needs, equipment),
        updatedAt: now.toISOString(),
        updatedBy: actor.username,
      };
      return viewOf(facilityId, await putPlannerSettings(before, changed, actor, now));
    },
  });
}
