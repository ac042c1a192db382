// Standing appointments (issue #32): the tenant's series, one series with its occurrences, creating
// one and cancelling it from a date.
import { useQuery } from '@tanstack/react-query';
import type { CancelSeriesInput, Series, SeriesDetail, SeriesInput } from '@shared/contracts/series';
import { api } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { useApiMutation } from '../../../lib/use-api-mutation';

const LIST_KEY = ['/api/series'];
// Under the appointment lists' key, so cancelling one occurrence as any appointment refreshes the series too.
const detailKey = (id: string) => ['/api/appointments', 'series', id];

export const useSeriesList = () => useQuery({ queryKey: LIST_KEY, queryFn: () => api.get<Series[]>('/api/series') });

export const useSeriesDetail = (id: string | null) =>
  useQuery({
    queryKey: detailKey(id ?? ''),
    queryFn: () => api.get<SeriesDetail>(`/api/series/${encodeURIComponent(id!)}`),
    enabled: Boolean(id),
  });

export const useCreateSeries = () =>
  useApiMutation<SeriesInput, SeriesDetail>({
    url: () => '/api/series',
    invalidates: () => [LIST_KEY],
    failure: i18n.t('series.toasts.createFailed'),
    success: i18n.t('series.toasts.created'),
  });

export const useCancelSeries = (id: string) =>
  useApiMutation<CancelSeriesInput, SeriesDetail>({
    url: () => `/api/series/${encodeURIComponent(id)}/cancel`,
    invalidates: () => [LIST_KEY, detailKey(id), ['/api/appointments']],
    failure: i18n.t('series.toasts.cancelFailed'),
    success: i18n.t('series.toasts.cancelled'),
  });
