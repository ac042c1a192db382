// Facilities and dock doors: reads (query options) and creates, declared once for every screen.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { DockDoorInput, Facility, FacilityInput, facilityUpdateSchema } from '@shared/contracts/facilities';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { i18n } from '../../../lib/i18n';
import { localDateTime, DEFAULT_TIME_ZONE } from '@shared/time';

export type { Facility };

export interface DockDoor {
  id: string;
  facilityId: string;
  doorNumber: string;
  doorType: 'standard' | 'refrigerated' | 'oversized' | 'hazmat';
  maxVehicleHeight: number | null;
  maxVehicleWidth: number | null;
  status: 'available' | 'occupied' | 'maintenance';
}

export const facilitiesQuery = queryOptions({
  queryKey: ['/api/facilities'],
  queryFn: () => api.get<Facility[]>('/api/facilities'),
});

export const dockDoorsQuery = (facilityId: string) =>
  queryOptions({
    queryKey: ['/api/facilities', facilityId, 'dock-doors'],
    queryFn: () => api.get<DockDoor[]>(`/api/facilities/${facilityId}/dock-doors`),
  });

export const useFacilities = () => useQuery(facilitiesQuery);

/** The tenant's home facility (its today is the staff screens' today); undefined while loading. */
export function useHomeFacility(): Facility | undefined {
  const facilities = useFacilities().data;
  return facilities?.find((f) => f.isDefault) ?? facilities?.[0];
}

/** Today (YYYY-MM-DD) at a facility: its own zone, never the browser's or India's by default. */
export function todayAt(facility: Pick<Facility, 'timeZone'> | undefined | null, now = new Date()): string {
  return localDateTime(now, facility?.timeZone ?? DEFAULT_TIME_ZONE).date;
}
export const useDockDoors = (facilityId: string | null) =>
  useQuery({ ...dockDoorsQuery(facilityId ?? ''), enabled: Boolean(facilityId) });

export function useCreateFacility() {
  return useApiMutation<FacilityInput, Facility>({
    url: () => '/api/facilities',
    invalidates: () => [facilitiesQuery.queryKey],
    failure: i18n.t('facilities.toasts.createFailed'),
    success: i18n.t('facilities.toasts.created'),
  });
}

export function useUpdateFacility(facilityId: string) {
  return useApiMutation<z.input<typeof facilityUpdateSchema>, Facility>({
    method: 'PATCH',
    url: () => `/api/facilities/${facilityId}`,
    invalidates: () => [facilitiesQuery.queryKey, ['/api/facilities', facilityId]],
    failure: i18n.t('facilities.toasts.updateFailed'),
    success: i18n.t('facilities.toasts.updated'),
  });
}

export function useCreateDockDoor() {
  return useApiMutation<DockDoorInput, DockDoor>({
    url: () => '/api/dock-doors',
    invalidates: (body) => [dockDoorsQuery(body.facilityId).queryKey, facilitiesQuery.queryKey],
    failure: i18n.t('facilities.toasts.doorFailed'),
    success: i18n.t('facilities.toasts.doorAdded'),
  });
}
