// The gate device's state (issue #31): its settings, the facility's pass kit and the outbox, kept in
// IndexedDB (read through React Query, which must not wait for a network to read the device) and
// refreshed whenever the network is there (on opening, on the browser's `online` event, and every
// minute while online; the outbox also when the service worker's Background Sync asks), and passes
// verified against the kit with no network.
import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { verifyGatePass, type GatePassCheck } from '@shared/gate-pass';
import { refreshKit } from './api/gate-pass';
import { useCheckinOutbox, useWhileOnline } from './use-checkin-outbox';
import { isOnline } from '../../lib/reachability';
import {
  DEFAULT_GATE_SETTINGS,
  deviceSettings,
  saveDeviceSettings,
  savedKit,
  type GateDeviceSettings,
  type PassKit,
} from './gate-store';

const REFRESH_MS = 60_000;

const local = { networkMode: 'always', staleTime: Infinity } as const;
const settingsQuery = queryOptions({ ...local, queryKey: ['gate-device', 'settings'], queryFn: deviceSettings });
const kitQuery = (facilityId: string | null) =>
  queryOptions({
    ...local,
    queryKey: ['gate-device', 'kit', facilityId],
    queryFn: async () => (facilityId ? ((await savedKit(facilityId)) ?? null) : null),
  });

export function useGateDevice() {
  const { online, entries, reloadEntries } = useCheckinOutbox();
  const queryClient = useQueryClient();
  const settings = useQuery(settingsQuery).data;
  const facilityId = settings?.facilityId ?? null;
  const kit: PassKit | null = useQuery(kitQuery(facilityId)).data ?? null;

  /** Fetches the kit; offline (or on a failed call) the device keeps what it has. */
  const refresh = useCallback(async () => {
    if (!isOnline() || !facilityId) return;
    const fresh = await refreshKit(facilityId).catch(() => null);
    if (fresh) {
      queryClient.setQueryData(kitQuery(facilityId).queryKey, fresh);
      await queryClient.invalidateQueries(settingsQuery);
    }
  }, [facilityId, queryClient]);

  useWhileOnline(online, refresh, REFRESH_MS);

  const changeSettings = useCallback(
    async (change: Partial<GateDeviceSettings>) => {
      queryClient.setQueryData(settingsQuery.queryKey, await saveDeviceSettings(change));
    },
    [queryClient],
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
    settings: settings ?? DEFAULT_GATE_SETTINGS,
    ready: settings !== undefined,
    kit,
    entries,
    refresh,
    reloadEntries,
    changeSettings,
    verify,
  };
}
