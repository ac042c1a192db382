// Saving a facility's trip watch settings (issue #33): an edit under the revision rule
// (functions/lib/revision.ts), audited; the watch goes on only with the tenant's FASTag access.
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { BadRequestError, RevisionConflictError } from '../lib/errors';
import { changeAtRevision, nextRevision, revisionOf } from '../lib/revision';
import type * as z from 'zod/mini';
import { fastagReady } from '../gate';
import type { tripWatchSettingsSchema, TripWatchSettingsView } from '../../shared/contracts/trips';
import {
  getWatchSettings,
  storedWatchSettings,
  watchSettingsPuts,
  type TripWatchSettings,
} from './watch-settings.store';

export const NEEDS_FASTAG = 'Switch on the FASTag check in the gate settings (ULIP) before watching trucks';

export async function watchSettingsView(tenantId: string, facilityId: string): Promise<TripWatchSettingsView> {
  const [settings, ready] = await Promise.all([getWatchSettings(tenantId, facilityId), fastagReady(tenantId)]);
  return viewOf(settings, ready);
}

function viewOf(s: TripWatchSettings, fastagReady: boolean): TripWatchSettingsView {
  const { tenantId: _t, updatedBy: _u, ...view } = s;
  return { ...view, revision: revisionOf(s), fastagReady };
}

export async function saveWatchSettings(
  tenantId: string,
  facilityId: string,
  actor: Actor,
  input: z.output<typeof tripWatchSettingsSchema>,
  now = new Date(),
): Promise<TripWatchSettingsView> {
  const ready = await fastagReady(tenantId);
  if (input.enabled && !ready) throw new BadRequestError(NEEDS_FASTAG, { enabled: NEEDS_FASTAG });
  const { revision: seen, ...fields } = input;
  return changeAtRevision({
    read: () => storedWatchSettings(tenantId, facilityId),
    seen,
    view: (current) => viewOf(current, ready),
    apply: async (before) => {
      const revision = before ? revisionOf(before) : 0;
      const after: TripWatchSettings = {
        tenantId,
        facilityId,
        ...fields,
        revision: nextRevision(revision),
        updatedAt: now.toISOString(),
        updatedBy: actor.username,
      };
      await transact(
        [
          ...watchSettingsPuts(after, !before, revision),
          auditPut(
            {
              tenantId,
              actor,
              action: 'trips.watch-settings',
              entityType: 'trip-watch-settings',
              entityId: facilityId,
              before: before ? { ...before } : null,
              after: { ...after },
            },
            now,
          ),
        ],
        () => new RevisionConflictError(),
      );
      return viewOf(after, ready);
    },
  });
}

/**
 * A hub's gate on the map, as its trip watch keeps it (set on the watch's settings, whether or not trucks
 * are watched), or null: a driver's "I have arrived" by a shared location in the chat (issue #56).
 */
export async function hubLocation(
  tenantId: string,
  facilityId: string,
): Promise<{ latitude: number; longitude: number } | null> {
  const { latitude, longitude } = await getWatchSettings(tenantId, facilityId);
  return latitude === null || longitude === null ? null : { latitude, longitude };
}
