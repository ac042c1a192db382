// A facility's planner settings (issue #58.2): one item per facility in the tenant's partition (automatic
// re-planning on or off; the crews by hour, equipment and each type's needs of #58.1; under the revision
// rule), and, while re-planning is on, a pointer in the list the overrun watch reads (PLANNERREPLAN#ON,
// one partition across tenants: the worker runs for all of them), written in the same transaction with
// the audit record.
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { RevisionConflictError } from '../lib/errors';
import { wholeRecordPut } from '../lib/revision';
import { tenantPk } from '../lib/table';
import type { CrewShift, EquipmentCount, TypeNeeds } from '../../shared/contracts/planner';

export interface StoredPlannerSettings {
  tenantId: string;
  facilityId: string;
  autoReplan: boolean;
  /** Labour and equipment (issue #58.1); absent on settings saved before them (none: no limits). */
  crews?: CrewShift[];
  equipment?: EquipmentCount[];
  needs?: TypeNeeds[];
  revision?: number;
  updatedAt: string;
  updatedBy: string | null;
}

export const PLANNER_SETTINGS_ENTITY = 'planner-settings';
const settingsKey = (tenantId: string, facilityId: string) => ({
  PK: tenantPk(tenantId, 'PLANNERSETTINGS'),
  SK: facilityId,
});
const REPLANNING_PK = 'PLANNERREPLAN#ON';
const replanningKey = (tenantId: string, facilityId: string) => ({
  PK: REPLANNING_PK,
  SK: `${tenantId}#${facilityId}`,
});

/** The facility's saved settings (a consistent read: the revision rule compares with it), or null. */
export const storedPlannerSettings = (tenantId: string, facilityId: string) =>
  getItem<StoredPlannerSettings>(settingsKey(tenantId, facilityId), true);

/** Saves `changed` over `before` (null: a first save), the pointer and the audit record in one transaction. */
export async function putPlannerSettings(
  before: StoredPlannerSettings | null,
  changed: StoredPlannerSettings,
  actor: Actor,
  now: Date,
): Promise<StoredPlannerSettings> {
  const { after, put } = wholeRecordPut(
    settingsKey(changed.tenantId, changed.facilityId),
    PLANNER_SETTINGS_ENTITY,
    before,
    changed,
  );
  const pointer = replanningKey(changed.tenantId, changed.facilityId);
  await transact(
    [
      put,
      after.autoReplan
        ? {
            Put: {
              TableName: config.tableName,
              Item: { ...pointer, tenantId: changed.tenantId, facilityId: changed.facilityId },
            },
          }
        : { Delete: { TableName: config.tableName, Key: pointer } },
      auditPut(
        {
          tenantId: changed.tenantId,
          actor,
          action: 'planner.settings',
          entityType: PLANNER_SETTINGS_ENTITY,
          entityId: changed.facilityId,
          before: before ? { ...before } : null,
          after: { ...after },
        },
        now,
      ),
    ],
    () => new RevisionConflictError(),
  );
  return after;
}

/** Every facility, of every tenant, whose automatic re-planning is on. */
export function replanningFacilities(): Promise<{ tenantId: string; facilityId: string }[]> {
  return queryPrefix<{ tenantId: string; facilityId: string }>(REPLANNING_PK, '', { consistent: true });
}
