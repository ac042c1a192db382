// Guest slot booking: holidays, the open slots of a date, and the booking itself.
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { GuestBookingConfirmation, GuestBookingInput } from '@shared/contracts/appointments-guest';
import type { Holiday, Slot } from '@shared/contracts/slots';
import type { FacilityLinkInfo } from '@shared/contracts/tenancy';
import { api, apiRequest } from '../../../lib/api-client';

const withFacility = (facility: string | null) => (facility ? `facility=${encodeURIComponent(facility)}` : '');

/**
 * The facility and company a link names, with its zone (the guest's today is the facility's); without
 * a link, 'default': the platform's guest facility, which such a booking goes to.
 */
export function useGuestFacility(facility: string | null, enabled: boolean) {
  const token = facility || 'default';
  return useQuery({
    queryKey: ['/api/facility-links', token],
    queryFn: () => api.get<FacilityLinkInfo>(`/api/facility-links/${encodeURIComponent(token)}`),
    enabled,
    retry: false,
  });
}

export function useGuestHolidays(facility: string | null) {
  return useQuery({
    queryKey: ['/api/holidays', facility],
    queryFn: () => api.get<Holiday[]>(`/api/holidays?${withFacility(facility)}`),
  });
}

export function useAvailableSlots(date: string | null, facility: string | null) {
  return useQuery({
    queryKey: ['/api/slots/available', date, facility],
    queryFn: () => api.get<Slot[]>(`/api/slots/available?date=${date}&${withFacility(facility)}`),
    enabled: Boolean(date),
    staleTime: 0,
  });
}

/**
 * Where the booking dialog reads the facility, its holidays and slots, and books: the guest's facility
 * link by default; a facility booking link (features/booking-links) gives its own, behind its access code.
 */
export interface GuestBookingSource {
  useFacility: (
    facility: string | null,
    enabled: boolean,
  ) => UseQueryResult<Pick<FacilityLinkInfo, 'facilityName' | 'tenantName' | 'timeZone' | 'privacyContact'>>;
  useHolidays: (facility: string | null) => UseQueryResult<Holiday[]>;
  useSlots: (date: string | null, facility: string | null) => UseQueryResult<Slot[]>;
  useBook: () => UseMutationResult<
    GuestBookingConfirmation,
    Error,
    { body: GuestBookingInput; idempotencyKey: string }
  >;
}

export function useGuestBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: GuestBookingInput; idempotencyKey: string }) =>
      apiRequest<GuestBookingConfirmation>('POST', '/api/bookings/slot', body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/slots/available'] }),
  });
}

export const GUEST_SOURCE: GuestBookingSource = {
  useFacility: useGuestFacility,
  useHolidays: useGuestHolidays,
  useSlots: useAvailableSlots,
  useBook: useGuestBooking,
};
