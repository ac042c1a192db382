// A facility's trip watch settings (issue #33): one item per facility in the tenant's partition, and,
// while the watch is on, a pointer in the watch list the scheduled worker reads (TRIPWATCH#ON, one
// partition across tenants: the worker runs for all of them), written in the same transaction.
import { config } from '../lib/config';
import { getItem, queryPrefix } from '../lib/dynamo';
import { revisionCondition } from '../lib/revision';
import { tenantPk } from '../lib/table';
import { TRIP_WATCH_DEFAULTS, type TripWatchSettingsView } from '../../shared/contracts/trips';

export type TripWatchSettings = Omit<TripWatchSettingsView, 'fastagReady'> & {
  tenantId: string;
  updatedBy: string | null;
};

const key = (tenantId: string, facilityId: string) => ({ PK: tenantPk(tenantId, 'TRIPWATCH'), SK: facilityId });
const WATCHING_PK = 'TRIPWATCH#ON';
const watchingKey = (tenantId: string, facilityId: string) => ({ PK: WATCHING_PK, SK: `${tenantId}#${facilityId}` });

/** A facility's settings as stored, or its defaults (watch off, revision 0) when never saved. */
export async function getWatchSettings(tenantId: string, facilityId: string): Promise<TripWatchSettings> {
  return (
    (await storedWatchSettings(tenantId, facilityId)) ?? {
      tenantId,
      facilityId,
      enabled: false,
      latitude: null,
      longitude: null,
      startHoursBefore: TRIP_WATCH_DEFAULTS.startHoursBefore,
      roadFactor: TRIP_WATCH_DEFAULTS.roadFactor,
      graceMinutes: TRIP_WATCH_DEFAULTS.graceMinutes,
      callEveryMinutes: TRIP_WATCH_DEFAULTS.callEveryMinutes,
      noEntry: null,
      reslotNeedsApproval: false,
      revision: 0,
      updatedAt: null,
      updatedBy: null,
    }
  );
}

export const storedWatchSettings = (tenantId: string, facilityId: string) =>
  getItem<TripWatchSettings>(key(tenantId, facilityId), true);

/** The transaction items that store `after` over what was read at `seenRevision` (a first save: none stored). */
export function watchSettingsPuts(after: TripWatchSettings, firstSave: boolean, seenRevision: number) {
  const condition = firstSave ? { ConditionExpression: 'attribute_not_exists(PK)' } : revisionCondition(seenRevision);
  const pointer = watchingKey(after.tenantId, after.facilityId);
  return [
    {
      Put: {
        TableName: config.tableName,
        Item: { ...key(after.tenantId, after.facilityId), entity: 'trip-watch-settings', ...after },
        ...condition,
      },
    },
    after.enabled
      ? {
          Put: {
            TableName: config.tableName,
            Item: { ...pointer, tenantId: after.tenantId, facilityId: after.facilityId },
          },
        }
      : { Delete: { TableName: config.tableName, Key: pointer } },
  ];
}

/** Every facility, of every tenant, whose watch is on. */
export async function watchingFacilities(): Promise<{ tenantId: string; facilityId: string }[]> {
  return queryPrefix<{ tenantId: string; facilityId: string }>(WATCHING_PK, '', { consistent: true });
}
