// Check-ins: the list, staff, walk-in and driver self check-in, the check-in status flow, door
// assignment and the gate QR code.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Checkin, CheckinStatus, quickCheckinSchema, walkInCheckinSchema } from '@shared/contracts/checkins';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

export type { Checkin, CheckinStatus };

export const checkinsQuery = queryOptions({ queryKey: ['/api/checkins'], queryFn: () => api.get<Checkin[]>('/api/checkins'), refetchInterval: 15_000 });

export const useCheckins = () => useQuery(checkinsQuery);

// A check-in changes today's schedule, the dashboard figures, the yard, the notifications feed, the
// appointment lists and the driver's dashboard (other features' query keys).
const AFTER_CHECKIN = [checkinsQuery.queryKey, ['/api/appointments/today'], ['/api/dashboard/metrics'], ['/api/yard/overview'], ['/api/notifications'], ['/api/appointments'], ['/api/driver/dashboard']];

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

export interface QrCode {
  facilityName: string;
  checkinUrl: string;
  expiresAt: string;
  qrSvg: string;
}

export const fetchQrCode = (facilityId = 'default') => api.get<QrCode>(`/api/facilities/${facilityId}/qr-code`);
