// The live yard's overview (GET /api/yard/overview): read by the yard screen and the dashboard, and
// asked for by the router beside the yard screen's code when a signed-in user opens /yard (issue #34).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface LiveDoor {
  id: string;
  doorNumber: string;
  doorType: string;
  status: 'available' | 'occupied' | 'loading' | 'maintenance';
  assetId: string | null;
  /** The yard move open at the door (issue #58.4): a trailer coming from a spot, or one to take back to a spot. */
  move: {
    taskId: string;
    kind: 'to_door' | 'to_spot';
    state: string;
    assetId: string;
    spotNumber: string | null;
  } | null;
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
