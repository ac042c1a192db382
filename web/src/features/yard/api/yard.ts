// The live yard: the overview (docks, spots, activity) and moving a truck between spots.
import { useTranslation } from 'react-i18next';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

export interface LiveDoor {
  id: string;
  doorNumber: string;
  doorType: string;
  status: 'available' | 'occupied' | 'loading' | 'maintenance';
  assetId: string | null;
}

export interface YardSpotView {
  id: string;
  spotNumber: string;
  status: 'empty' | 'occupied' | 'maintenance';
  currentAssetId: string | null;
}

export interface YardOverview {
  facilityId: string;
  facilityName: string;
  doors: LiveDoor[];
  spots: YardSpotView[];
  occupiedDocks: number;
  totalDocks: number;
  utilization: number;
  waitingTrucks: number;
  availableSpots: number;
  recentActivity: { id: string; at: string; text: string }[];
}

export const yardQuery = queryOptions({
  queryKey: ['/api/yard/overview'],
  queryFn: () => api.get<YardOverview>('/api/yard/overview'),
  refetchInterval: 30_000,
});

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
