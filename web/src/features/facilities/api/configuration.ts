// Facility configuration: time slots, holidays, labour in-charges and equipment.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Holiday, Slot } from '@shared/contracts/slots';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { i18n } from '../../../lib/i18n';

export interface Resource {
  id: string;
  name: string;
  specialization?: string | null;
  type?: string;
  capacity?: string | null;
}

export const timeSlotsQuery = (facilityId: string, date: string) =>
  queryOptions({
    queryKey: ['/api/facilities', facilityId, 'time-slots', date],
    queryFn: () => api.get<Slot[]>(`/api/facilities/${facilityId}/time-slots?date=${date}`),
  });
export const holidaysQuery = (facilityId: string) =>
  queryOptions({
    queryKey: ['/api/facilities', facilityId, 'holidays'],
    queryFn: () => api.get<Holiday[]>(`/api/facilities/${facilityId}/holidays`),
  });
export const resourcesQuery = (facilityId: string, kind: 'labor-incharges' | 'equipment') =>
  queryOptions({
    queryKey: ['/api/facilities', facilityId, kind],
    queryFn: () => api.get<Resource[]>(`/api/facilities/${facilityId}/${kind}`),
  });

export const useTimeSlots = (facilityId: string, date: string) => useQuery(timeSlotsQuery(facilityId, date));
export const useHolidays = (facilityId: string) => useQuery(holidaysQuery(facilityId));
export const useResources = (facilityId: string, kind: 'labor-incharges' | 'equipment') =>
  useQuery(resourcesQuery(facilityId, kind));

export function useUpdateSlot(facilityId: string, date: string) {
  return useApiMutation<{ slotId: string; isBlocked?: boolean; capacity?: number }, Slot>({
    method: 'PATCH',
    url: (b) => `/api/facilities/${facilityId}/time-slots/${b.slotId}`,
    send: ({ slotId: _id, ...changes }) => changes,
    invalidates: () => [timeSlotsQuery(facilityId, date).queryKey],
    failure: i18n.t('facilities.toasts.slotFailed'),
    success: i18n.t('facilities.toasts.slotUpdated'),
  });
}

export function useAddHoliday(facilityId: string) {
  return useApiMutation<{ holidayDate: string; name: string }, Holiday>({
    url: () => `/api/facilities/${facilityId}/holidays`,
    invalidates: () => [holidaysQuery(facilityId).queryKey, ['/api/facilities', facilityId, 'time-slots']],
    failure: i18n.t('facilities.toasts.holidayFailed'),
    success: i18n.t('facilities.toasts.holidayAdded'),
  });
}

export function useRemoveHoliday(facilityId: string) {
  return useApiMutation<{ holidayDate: string }>({
    method: 'DELETE',
    url: (b) => `/api/facilities/${facilityId}/holidays/${b.holidayDate}`,
    invalidates: () => [holidaysQuery(facilityId).queryKey, ['/api/facilities', facilityId, 'time-slots']],
    failure: i18n.t('facilities.toasts.holidayRemoveFailed'),
    success: i18n.t('facilities.toasts.holidayRemoved'),
  });
}

export function useAddResource(facilityId: string, kind: 'labor-incharges' | 'equipment') {
  return useApiMutation<Record<string, string>, Resource>({
    url: () => `/api/facilities/${facilityId}/${kind}`,
    invalidates: () => [resourcesQuery(facilityId, kind).queryKey],
    failure: i18n.t(kind === 'equipment' ? 'facilities.toasts.equipmentFailed' : 'facilities.toasts.labourFailed'),
    success: i18n.t(kind === 'equipment' ? 'facilities.toasts.equipmentAdded' : 'facilities.toasts.labourAdded'),
  });
}
