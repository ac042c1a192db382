// Gate compliance calls: the tenant's settings (admin), today's figures, and the override of a hold.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { GateDayFigures, GateSettingsView, gateSettingsSchema } from '@shared/contracts/gate';
import type { Checkin } from '@shared/contracts/checkins';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

export const gateSettingsQuery = queryOptions({
  queryKey: ['/api/gate/settings'],
  queryFn: () => api.get<GateSettingsView>('/api/gate/settings'),
});
export const useGateSettings = (enabled = true) => useQuery({ ...gateSettingsQuery, enabled });

export const gateTodayQuery = queryOptions({
  queryKey: ['/api/gate/today'],
  queryFn: () => api.get<GateDayFigures>('/api/gate/today'),
  refetchInterval: 30_000,
});
export const useGateToday = () => useQuery(gateTodayQuery);

export function useSaveGateSettings() {
  const { t } = useTranslation();
  return useApiMutation<z.input<typeof gateSettingsSchema>, GateSettingsView>({
    method: 'PUT',
    url: () => '/api/gate/settings',
    invalidates: () => [gateSettingsQuery.queryKey],
    failure: t('gate.settings.failed'),
    success: t('gate.settings.saved'),
  });
}

export function useOverrideGateHold() {
  const { t } = useTranslation();
  return useApiMutation<{ id: string; reason: string }, Checkin>({
    url: (b) => `/api/checkins/${b.id}/gate-override`,
    send: (b) => ({ reason: b.reason }),
    // The appointment lists show the hold too (scheduling's next step waits on it).
    invalidates: () => [['/api/checkins'], ['/api/appointments'], gateTodayQuery.queryKey],
    failure: t('gate.overrideFailed'),
    success: t('gate.overrideDone'),
  });
}
