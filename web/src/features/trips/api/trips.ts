// The trips of the appointments a screen lists (one read for the whole list), one appointment's trip,
// the facility's trip watch settings, and the public reslot link's offer and choice.
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  ReslotChoice,
  ReslotOffer,
  ReslotResult,
  TripView,
  TripWatchSettingsInput,
  TripWatchSettingsView,
} from '@shared/contracts/trips';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { i18n } from '../../../lib/i18n';

/** As often as the schedule itself refreshes: the watch runs every 5 minutes. */
const REFRESH_MS = 60_000;

export const tripsOfQuery = (appointmentIds: string[]) => {
  const ids = [...appointmentIds].sort();
  return queryOptions({
    queryKey: ['/api/trips/appointments', ids],
    queryFn: async () =>
      (
        await api.get<{ trips: TripView[] }>(
          `/api/trips/appointments?appointmentIds=${encodeURIComponent(ids.join(','))}`,
        )
      ).trips,
    enabled: ids.length > 0,
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
};

/** The trips of the listed appointments by appointment id (those the watch follows). */
export function useTripsOf(appointmentIds: string[]): Map<string, TripView> {
  const { data } = useQuery(tripsOfQuery(appointmentIds));
  return new Map((data ?? []).map((trip) => [trip.appointmentId, trip]));
}

export const appointmentTripQuery = (appointmentId: string) =>
  queryOptions({
    queryKey: ['/api/appointments', appointmentId, 'trip'],
    queryFn: async () => (await api.get<{ trip: TripView | null }>(`/api/appointments/${appointmentId}/trip`)).trip,
    refetchInterval: REFRESH_MS,
  });

export const useAppointmentTrip = (appointmentId: string | null | undefined) =>
  useQuery({ ...appointmentTripQuery(appointmentId ?? ''), enabled: Boolean(appointmentId) });

export const watchSettingsQuery = (facilityId: string) =>
  queryOptions({
    queryKey: ['/api/trips/settings', facilityId],
    queryFn: () => api.get<TripWatchSettingsView>(`/api/trips/settings?facilityId=${encodeURIComponent(facilityId)}`),
  });

export const useWatchSettings = (facilityId: string) => useQuery(watchSettingsQuery(facilityId));

export function useSaveWatchSettings(facilityId: string) {
  return useApiMutation<TripWatchSettingsInput, TripWatchSettingsView>({
    method: 'PUT',
    url: () => `/api/trips/settings?facilityId=${encodeURIComponent(facilityId)}`,
    invalidates: () => [watchSettingsQuery(facilityId).queryKey],
    failure: i18n.t('trips.settings.failed'),
    success: i18n.t('trips.settings.saved'),
  });
}

const reslotUrl = (token: string) => `/api/reslot/${encodeURIComponent(token)}`;

export const reslotOfferQuery = (token: string) =>
  queryOptions({
    queryKey: ['/api/reslot', token],
    queryFn: () => api.get<ReslotOffer>(reslotUrl(token)),
    retry: false,
  });

/** The driver's tap: the page shows the server's answer itself (moved, or why not), no toast. */
export const useTakeReslot = (token: string) =>
  useMutation({ mutationFn: (choice: ReslotChoice) => api.post<ReslotResult>(reslotUrl(token), choice) });
