// Insights reads and actions: dashboard metrics and the notifications feed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { VitalsFigures } from '@shared/contracts/vitals';

export type DetentionCauseKey = 'door_wait' | 'at_door' | 'documents' | 'hub_hold';

/** Dwell and detention of the trucks that came and left (functions/insights/dwell-figures.ts). */
export interface DwellFigures {
  trucks: number;
  medianDwellMinutes: number | null;
  p90DwellMinutes: number | null;
  overTwoHoursShare: number | null;
  onTimeShare: number | null;
  detentionHoursByCause: Record<DetentionCauseKey, number>;
  detentionHours: number;
  detentionRupeesByCause: Record<DetentionCauseKey, number>;
  detentionRupees: number;
}

export interface DashboardMetrics {
  activeAppointments: number;
  totalDocks: number;
  availableDocks: number;
  occupiedDocks: number;
  avgWaitTimeMinutes: number | null;
  onTimeRate: number | null;
  gate: { checkinsToday: number; averageToDockMinutes: number | null; manualCheckins: number; qrCheckins: number };
  dwell: DwellFigures;
  facilityId: string;
  facilityName: string;
}

export interface NotificationItem {
  id: string;
  type: string;
  title: string;
  message: string;
  sentAt: string;
}

export const metricsQuery = queryOptions({
  queryKey: ['/api/dashboard/metrics'],
  queryFn: () => api.get<DashboardMetrics>('/api/dashboard/metrics'),
  refetchInterval: 30_000,
});
export const notificationsQuery = queryOptions({
  queryKey: ['/api/notifications'],
  queryFn: () => api.get<NotificationItem[]>('/api/notifications'),
  refetchInterval: 15_000,
});

export const useMetrics = (enabled = true) => useQuery({ ...metricsQuery, enabled });
export const useNotifications = (enabled = true) => useQuery({ ...notificationsQuery, enabled });

/** The dock doors of the dashboard's facility (the one its figures are for): the schedule filters by them. */
export function useDashboardDoors() {
  const facilityId = useMetrics().data?.facilityId;
  return useQuery({
    queryKey: ['/api/facilities', facilityId, 'dock-doors'],
    queryFn: () => api.get<{ id: string; doorNumber: string }[]>(`/api/facilities/${facilityId}/dock-doors`),
    enabled: Boolean(facilityId),
  });
}

/** Field web vitals: each screen's p75 over the last 7 days, per device class (admins). */
export const useWebVitals = () =>
  useQuery({ queryKey: ['/api/vitals'], queryFn: () => api.get<VitalsFigures>('/api/vitals') });
