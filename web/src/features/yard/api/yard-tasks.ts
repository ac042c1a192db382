// The yard's move tasks (issue #58.4): a facility's list (GET /api/facilities/{id}/yard-tasks), a task
// started and finished with a tap, and the facility's trailer-drop setting. Finishing a move changes the
// live yard, so it refreshes the yard's overview too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useApiMutation } from '../../../lib/use-api-mutation';
import type { YardTask, YardTaskList } from '@shared/contracts/yard';
import { yardQuery } from './overview';

export type { YardTask, YardTaskList };

export const yardTasksQuery = (facilityId: string) =>
  queryOptions({
    queryKey: ['/api/facilities', facilityId, 'yard-tasks'],
    queryFn: () => api.get<YardTaskList>(`/api/facilities/${facilityId}/yard-tasks`),
    // Yard staff keep the list open on a phone while the plan makes new moves.
    refetchInterval: 15_000,
  });

export const useYardTasks = (facilityId: string | undefined) =>
  useQuery({ ...yardTasksQuery(facilityId ?? ''), enabled: Boolean(facilityId) });

export function useYardTaskStep(facilityId: string, step: 'start' | 'finish') {
  const { t } = useTranslation();
  return useApiMutation<YardTask, YardTask>({
    url: (task) => `/api/yard-tasks/${task.id}/${step}`,
    send: () => ({}),
    invalidates: () => [yardTasksQuery(facilityId).queryKey, yardQuery.queryKey],
    failure: t('yard.tasks.toasts.failed'),
    success: (task) => ({
      title:
        step === 'start'
          ? t('yard.tasks.toasts.started', { asset: task.assetId })
          : t('yard.tasks.toasts.done', {
              asset: task.assetId,
              place: task.kind === 'to_door' ? task.doorNumber : (task.spotNumber ?? ''),
            }),
    }),
  });
}

export function useYardSettings(facilityId: string) {
  const { t } = useTranslation();
  return useApiMutation<{ dropTrailers: boolean }>({
    method: 'PUT',
    url: () => `/api/facilities/${facilityId}/yard-settings`,
    invalidates: () => [yardTasksQuery(facilityId).queryKey],
    failure: t('yard.tasks.toasts.settingsFailed'),
    success: t('yard.tasks.toasts.settingsSaved'),
  });
}
