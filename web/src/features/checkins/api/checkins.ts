// Check-ins: the list, staff, walk-in and driver self check-in, the check-in status flow, door
// assignment and the gate QR code.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { Checkin, CheckinStatus, quickCheckinSchema, walkInCheckinSchema } from '@shared/contracts/checkins';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { checkinsQuery } from './checkins-query';

export type { Checkin, CheckinStatus };

export { checkinsQuery };

export const useCheckins = () => useQuery(checkinsQuery);

// A check-in changes today's schedule, the dashboard figures, the yard, the notifications feed, the
// appointment lists and the driver's dashboard (other features' query keys).
const AFTER_CHECKIN = [
  checkinsQuery.queryKey,
  ['/api/appointments/today'],
  ['/api/dashboard/metrics'],
  ['/api/yard/overview'],
  ['/api/notifications'],
  ['/api/appointments'],
  ['/api/driver/dashboard'],
];

export function useQuickCheckin() {
  const { t } = useTranslation();
  return useApiMutation<z.output<typeof quickCheckinSchema>, Checkin>({
    url: () => '/api/checkins',
    invalidates: () => AFTER_CHECKIN,
    failure: t('checkins.toasts.checkinFailed'),
    success: t('checkins.toasts.checkedIn'),
  });
}

export function useWalkInCheckin() {
  const { t } = useTranslation();
  return useApiMutation<z.output<typeof walkInCheckinSchema>, Checkin>({
    url: () => '/api/checkins/walk-in',
    invalidates: () => AFTER_CHECKIN,
    failure: t('checkins.toasts.walkInFailed'),
    success: t('checkins.toasts.walkInCheckedIn'),
  });
}

export function useCheckinStatus() {
  const { t } = useTranslation();
  return useApiMutation<{ id: string; status: CheckinStatus }, Checkin>({
    method: 'PATCH',
    url: (b) => `/api/checkins/${b.id}/status`,
    send: (b) => ({ status: b.status }),
    invalidates: () => AFTER_CHECKIN,
    failure: t('checkins.toasts.statusFailed'),
  });
}

export function useAssignCheckinDoor() {
  const { t } = useTranslation();
  return useApiMutation<{ id: string; dockDoorId: string }, Checkin>({
    method: 'PATCH',
    url: (b) => `/api/checkins/${b.id}/door`,
    send: (b) => ({ dockDoorId: b.dockDoorId }),
    invalidates: () => AFTER_CHECKIN,
    failure: t('checkins.toasts.doorFailed'),
  });
}

export function useSelfCheckin() {
  const { t } = useTranslation();
  return useApiMutation<{ appointmentId: string }, Checkin>({
    url: (b) => `/api/appointments/${b.appointmentId}/checkin`,
    send: () => ({ checkInTime: new Date().toISOString() }),
    invalidates: () => AFTER_CHECKIN,
    failure: t('checkins.toasts.selfFailed'),
  });
}

export interface QrCode {
  facilityName: string;
  checkinUrl: string;
  expiresAt: string;
  qrSvg: string;
}

export const fetchQrCode = (facilityId = 'default') => api.get<QrCode>(`/api/facilities/${facilityId}/qr-code`);
