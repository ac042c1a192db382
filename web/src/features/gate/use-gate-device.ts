// The gate device's state (issue #31): its settings, the facility's pass kit and the outbox, kept in
// IndexedDB (read through React Query, which must not wait for a network to read the device) and
// refreshed whenever the network is there (on opening, on the browser's `online` event, and every
// minute while online; the outbox also when the service worker's Background Sync asks), and passes
// verified against the kit with no network.
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { verifyGatePass, type GatePassCheck } from '@shared/gate-pass';
import { refreshKit } from './api/gate-pass';
import { deviceQuery } from './device-queries';
import { useCheckinOutbox, useWhileOnline } from './use-checkin-outbox';
import { isOnline } from '../../lib/reachability';
import { DEFAULT_GATE_SETTINGS, deviceState, saveDeviceSettings, type GateDeviceSettings } from './gate-store';

const REFRESH_MS = 60_000;

export function useGateDevice() {
  const { online, author, entries, sealed, reloadEntries } = useCheckinOutbox();
  const queryClient = useQueryClient();
  const device = useQuery(deviceQuery).data;
  const facilityId = device?.settings.facilityId ?? null;
  const kit = device?.kit ?? null;
  /** What the device holds now (settings and kit changed together: one render). */
  const reread = useCallback(
    async () => queryClient.setQueryData(deviceQuery.queryKey, await deviceState()),
    [queryClient],
  );

  /** Fetches the kit; offline (or on a failed call) the device keeps what it has. */
  const refresh = useCallback(async () => {
    if (!isOnline() || !facilityId) return;
    if (await refreshKit(facilityId).catch(() => null)) await reread();
  }, [facilityId, reread]);

  useWhileOnline(online, refresh, REFRESH_MS);

  const changeSettings = useCallback(
    async (change: Partial<GateDeviceSettings>) => {
      await saveDeviceSettings(change);
      await reread();
    },
    [reread],
  );

  const verify = useCallback(
    async (code: string): Promise<{ check: GatePassCheck; ms: number } | null> => {
      if (!kit) return null;
      const started = performance.now();
      const check = await verifyGatePass(code, {
        keys: kit.keys,
        revocations: kit.revocations,
        facilityId: kit.facilityId,
        now: new Date(),
      });
      const ms = performance.now() - started;
      // Visible in the browser's performance timeline; `npm run bench` reads it (scripts/bench/gate-pass.ts).
      performance.measure('gate-pass-verify', { start: started, duration: ms });
      return { check, ms };
    },
    [kit],
  );

  return {
    online,
    settings: device?.settings ?? DEFAULT_GATE_SETTINGS,
    ready: device !== undefined,
    kit,
    author,
    entries,
    sealed,
    refresh,
    reloadEntries,
    changeSettings,
    verify,
  };
}
