// The warehouse's settings of a facility (its bin code pattern): one item per facility in the
// tenant's warehouse partition, written at its revision (functions/lib/revision.ts) with its audit.
import type { Actor } from '../lib/audit';
import { getItem } from '../lib/dynamo';
import { saveWholeRecord } from '../lib/revision';
import { tenantPk } from '../lib/table';

export interface StoredFacilitySettings {
  tenantId: string;
  facilityId: string;
  binCodePattern: string;
  revision?: number;
  updatedAt: string;
}

const settingsKey = (tenantId: string, facilityId: string) => ({
  PK: tenantPk(tenantId, 'WMS', 'FACILITY-SETTINGS'),
  SK: facilityId,
});

export const getFacilitySettings = (tenantId: string, facilityId: string) =>
  getItem<StoredFacilitySettings>(settingsKey(tenantId, facilityId), true);

/** Saves the settings read as `before` (none yet: the first save, which must still find none). */
export async function putFacilitySettings(
  before: StoredFacilitySettings | null,
  fields: { tenantId: string; facilityId: string; binCodePattern: string },
  actor: Actor,
  now = new Date(),
): Promise<StoredFacilitySettings> {
  return saveWholeRecord<StoredFacilitySettings>(
    {
      key: settingsKey(fields.tenantId, fields.facilityId),
      entity: 'wms-facility-settings',
      before,
      changed: { ...fields, updatedAt: now.toISOString() },
      audit: { tenantId: fields.tenantId, actor, action: 'wms-facility-settings.saved', entityId: fields.facilityId },
    },
    now,
  );
}
