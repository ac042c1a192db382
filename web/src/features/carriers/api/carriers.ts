// Carriers and their drivers.
import { useTranslation } from 'react-i18next';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierInput, DriverInput } from '@shared/contracts/carriers';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

export interface Carrier {
  id: string;
  name: string;
  contactEmail: string | null;
  contactPhone: string | null;
  serviceTypes: string[];
  isActive: boolean;
  onTimePercentage: number | null;
  totalAppointments: number;
  lateAppointments: number;
  noShowAppointments: number;
}

export interface Driver {
  id: string;
  carrierId: string;
  name: string;
  phone: string | null;
  licenseNumber: string;
}

export const carriersQuery = queryOptions({
  queryKey: ['/api/carriers'],
  queryFn: () => api.get<Carrier[]>('/api/carriers'),
});
export const driversQuery = (carrierId: string) =>
  queryOptions({
    queryKey: ['/api/carriers', carrierId, 'drivers'],
    queryFn: () => api.get<Driver[]>(`/api/carriers/${carrierId}/drivers`),
  });

export const useCarriers = () => useQuery(carriersQuery);
export const useDrivers = (carrierId: string | null) =>
  useQuery({ ...driversQuery(carrierId ?? ''), enabled: Boolean(carrierId) });

export function useCreateCarrier() {
  const { t } = useTranslation();
  return useApiMutation<CarrierInput, Carrier>({
    url: () => '/api/carriers',
    invalidates: () => [carriersQuery.queryKey],
    failure: t('carriers.toasts.carrierFailed'),
    success: t('carriers.toasts.carrierAdded'),
  });
}

export function useCreateDriver() {
  const { t } = useTranslation();
  return useApiMutation<DriverInput, Driver>({
    url: () => '/api/drivers',
    invalidates: (body) => [driversQuery(body.carrierId).queryKey],
    failure: t('carriers.toasts.driverFailed'),
    success: t('carriers.toasts.driverAdded'),
  });
}

/** Carrier on-time colour: 95 or more green, 80 or more yellow, otherwise red. */
export function onTimeTone(percentage: number | null): 'green' | 'yellow' | 'red' | 'gray' {
  if (percentage === null) return 'gray';
  return percentage >= 95 ? 'green' : percentage >= 80 ? 'yellow' : 'red';
}
