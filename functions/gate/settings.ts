// Saving a tenant's gate settings: the ULIP address must be public (in AWS), the password is sealed
// and kept when the form leaves it empty, and the change is audited without the password.
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError } from '../lib/errors';
import { requirePublicUrl } from '../lib/outbound';
import type * as z from 'zod/mini';
import type { gateSettingsSchema } from '../../shared/contracts/gate';
import { getGateSettings, sealPassword, settingsPut, settingsView, type GateSettings } from './settings.store';

export async function saveGateSettings(
  tenantId: string,
  actor: Actor,
  input: z.output<typeof gateSettingsSchema>,
  now = new Date(),
) {
  await requirePublicUrl(input.baseUrl, 'baseUrl');
  const before = await getGateSettings(tenantId);
  if (!input.password && !before?.passwordSealed)
    throw new BadRequestError('ULIP password is required', { password: 'ULIP password is required' });
  const after: GateSettings = {
    tenantId,
    enabled: input.enabled,
    baseUrl: input.baseUrl.replace(/\/+$/, ''),
    username: input.username,
    passwordSealed: input.password ? await sealPassword(tenantId, input.password) : before!.passwordSealed,
    checks: input.checks,
    outcomes: input.outcomes,
    cacheHours: input.cacheHours,
    offlineDeviceHours: input.offlineDeviceHours,
    offlinePhoneMinutes: input.offlinePhoneMinutes,
    updatedAt: now.toISOString(),
    updatedBy: actor.username,
  };
  await transact(
    [
      settingsPut(after),
      auditPut(
        {
          tenantId,
          actor,
          action: 'gate.settings',
          entityType: 'gate-settings',
          entityId: tenantId,
          before: before ? { ...settingsView(before) } : null,
          after: { ...settingsView(after) },
        },
        now,
      ),
    ],
    () => new ConflictError('Please try again'),
  );
  return settingsView(after);
}

/** How old a synced gate check-in may be (issue #52.4): a gate device's hours and a driver's phone's minutes. */
export async function gateOfflineWindow(tenantId: string): Promise<{ deviceHours: number; phoneMinutes: number }> {
  const view = settingsView(await getGateSettings(tenantId));
  return { deviceHours: view.offlineDeviceHours, phoneMinutes: view.offlinePhoneMinutes };
}
