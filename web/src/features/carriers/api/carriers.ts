// Carriers and their drivers.
import { useTranslation } from '../../../lib/i18n/use-translation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierInput, DriverInput, driverUpdateSchema } from '@shared/contracts/carriers';
import type * as z from 'zod/mini';

type DriverUpdate = z.input<typeof driverUpdateSchema>;
import type { Channel, Language } from '@shared/contracts/messaging';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';

export interface Carrier {
  id: string;
  name: string;
  contactEmail: string | null;
  contactPhone: string | null;
  /** Goods and Services Tax Identification Number; null when not given. */
  gstin: string | null;
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
  /** How the driver is messaged: channels in fallback order and the language (issue #29.3). */
  preferredChannels?: Channel[];
  preferredLanguage?: Language;
  /** functions/lib/revision.ts: sent back with an edit. */
  revision?: number;
  /** The account that drives as this record, if one is linked. */
  userId?: string | null;
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

/** An edit of a driver from the revision the form loaded (a stale one is refused, 409). */
export function useUpdateDriver() {
  const { t } = useTranslation();
  return useApiMutation<{ carrierId: string; driverId: string; edit: DriverUpdate }, Driver>({
    method: 'PATCH',
    url: (b) => `/api/carriers/${b.carrierId}/drivers/${b.driverId}`,
    send: (b) => b.edit,
    invalidates: (b) => [driversQuery(b.carrierId).queryKey],
    failure: t('carriers.toasts.driverSaveFailed'),
    success: t('carriers.toasts.driverSaved'),
  });
}

/** Carrier on-time colour: 95 or more green, 80 or more yellow, otherwise red. */
export function onTimeTone(percentage: number | null): 'green' | 'yellow' | 'red' | 'gray' {
  if (percentage === null) return 'gray';
  return percentage >= 95 ? 'green' : percentage >= 80 ? 'yellow' : 'red';
}
