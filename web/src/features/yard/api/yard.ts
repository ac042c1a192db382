// The live yard: the overview (docks, spots, activity) and moving a truck between spots.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useQuery } from '@tanstack/react-query';
import { yardQuery } from './overview';
import { useApiMutation } from '../../../lib/use-api-mutation';

export { yardQuery, type LiveDoor, type YardOverview, type YardSpotView } from './overview';

export const useYard = () => useQuery(yardQuery);

// The dashboard's figures change with the yard (insights' query key).
const METRICS_KEY = ['/api/dashboard/metrics'];

export function useMoveYardAsset() {
  const { t } = useTranslation();
  return useApiMutation<{ spotId: string; status: 'occupied' | 'empty' | 'maintenance'; assetId: string | null }>({
    method: 'PATCH',
    url: (b) => `/api/yard-spots/${b.spotId}/status`,
    send: (b) => ({ status: b.status, assetId: b.assetId }),
    invalidates: () => [yardQuery.queryKey, METRICS_KEY],
    failure: t('yard.toasts.updateFailed'),
    success: t('yard.toasts.updated'),
  });
}
