// Operations reads and actions: dashboard metrics, notifications, yard, check-ins, QR, analytics,
// the driver's dashboard.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Appointment } from '../../../shared/contracts/appointments';
import type { z } from 'zod';
import type { Checkin, CheckinStatus, quickCheckinSchema, walkInCheckinSchema } from '../../../shared/contracts/checkins';
import { api } from '../lib/api-client';
import { useApiMutation } from '../lib/use-api-mutation';

export type { Checkin, CheckinStatus };

export interface DashboardMetrics {
  activeAppointments: number;
  totalDocks: number;
  availableDocks: number;
  occupiedDocks: number;
  avgWaitTimeMinutes: number | null;
  onTimeRate: number | null;
  gate: { checkinsToday: number; averageToDockMinutes: number | null; manualCheckins: number; qrCheckins: number };
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

export const metricsQuery = queryOptions({ queryKey: ['/api/dashboard/metrics'], queryFn: () => api.get<DashboardMetrics>('/api/dashboard/metrics'), refetchInterval: 30_000 });
export const notificationsQuery = queryOptions({ queryKey: ['/api/notifications'], queryFn: () => api.get<NotificationItem[]>('/api/notifications'), refetchInterval: 15_000 });
export const yardQuery = queryOptions({ queryKey: ['/api/yard/overview'], queryFn: () => api.get<YardOverview>('/api/yard/overview'), refetchInterval: 30_000 });
export const checkinsQuery = queryOptions({ queryKey: ['/api/checkins'], queryFn: () => api.get<Checkin[]>('/api/checkins'), refetchInterval: 15_000 });
export const todaysScheduleQuery = queryOptions({ queryKey: ['/api/appointments/today'], queryFn: () => api.get<Appointment[]>('/api/appointments/today'), refetchInterval: 30_000 });

export const useMetrics = (enabled = true) => useQuery({ ...metricsQuery, enabled });
export const useNotifications = (enabled = true) => useQuery({ ...notificationsQuery, enabled });
export const useYard = () => useQuery(yardQuery);
export const useCheckins = () => useQuery(checkinsQuery);
export const useTodaysSchedule = () => useQuery(todaysScheduleQuery);

const AFTER_CHECKIN = [checkinsQuery.queryKey, todaysScheduleQuery.queryKey, metricsQuery.queryKey, yardQuery.queryKey, notificationsQuery.queryKey, ['/api/appointments'], ['/api/driver/dashboard']];

export function useQuickCheckin() {
  return useApiMutation<z.output<typeof quickCheckinSchema>, Checkin>({
    url: () => '/api/checkins',
    invalidates: () => AFTER_CHECKIN,
    failure: 'Failed to check in driver',
    success: 'Driver checked in successfully',
  });
}

export function useWalkInCheckin() {
  return useApiMutation<z.output<typeof walkInCheckinSchema>, Checkin>({ url: () => '/api/checkins/walk-in', invalidates: () => AFTER_CHECKIN, failure: 'Failed to check in walk-in driver', success: 'Walk-in driver checked in successfully' });
}

export function useCheckinStatus() {
  return useApiMutation<{ id: string; status: CheckinStatus }, Checkin>({
    method: 'PATCH',
    url: (b) => `/api/checkins/${b.id}/status`,
    send: (b) => ({ status: b.status }),
    invalidates: () => AFTER_CHECKIN,
    failure: 'Failed to update check-in status',
  });
}

export function useAssignCheckinDoor() {
  return useApiMutation<{ id: string; dockDoorId: string }, Checkin>({
    method: 'PATCH',
    url: (b) => `/api/checkins/${b.id}/door`,
    send: (b) => ({ dockDoorId: b.dockDoorId }),
    invalidates: () => AFTER_CHECKIN,
    failure: 'Failed to assign dock door',
  });
}

export function useSelfCheckin() {
  return useApiMutation<{ appointmentId: string }, Checkin>({
    url: (b) => `/api/appointments/${b.appointmentId}/checkin`,
    send: () => ({ checkInTime: new Date().toISOString() }),
    invalidates: () => AFTER_CHECKIN,
    failure: 'Check-in failed',
  });
}

export function useReportIssue() {
  return useApiMutation<{ appointmentId: string; description: string }>({
    url: (b) => `/api/appointments/${b.appointmentId}/issues`,
    send: (b) => ({ description: b.description }),
    invalidates: () => [notificationsQuery.queryKey],
    failure: 'Failed to report the issue',
    success: 'Issue recorded',
  });
}

export function useMoveYardAsset() {
  return useApiMutation<{ spotId: string; status: 'occupied' | 'empty' | 'maintenance'; assetId: string | null }>({
    method: 'PATCH',
    url: (b) => `/api/yard-spots/${b.spotId}/status`,
    send: (b) => ({ status: b.status, assetId: b.assetId }),
    invalidates: () => [yardQuery.queryKey, metricsQuery.queryKey],
    failure: 'Failed to update yard spot',
    success: 'Yard spot updated successfully',
  });
}

export interface QrCode {
  facilityName: string;
  checkinUrl: string;
  expiresAt: string;
  qrSvg: string;
}

export const fetchQrCode = (facilityId = 'default') => api.get<QrCode>(`/api/facilities/${facilityId}/qr-code`);
