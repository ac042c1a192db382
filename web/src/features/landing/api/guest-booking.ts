// Guest slot booking: holidays, the open slots of a date, and the booking itself.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestBookingInput } from '@shared/contracts/appointments';
import type { Holiday, Slot } from '@shared/contracts/slots';
import { api, apiRequest } from '../../../lib/api-client';

const withFacility = (facility: string | null) => (facility ? `facility=${encodeURIComponent(facility)}` : '');

export function useGuestHolidays(facility: string | null) {
  return useQuery({ queryKey: ['/api/holidays', facility], queryFn: () => api.get<Holiday[]>(`/api/holidays?${withFacility(facility)}`) });
}

export function useAvailableSlots(date: string | null, facility: string | null) {
  return useQuery({
    queryKey: ['/api/slots/available', date, facility],
    queryFn: () => api.get<Slot[]>(`/api/slots/available?date=${date}&${withFacility(facility)}`),
    enabled: Boolean(date),
    staleTime: 0,
  });
}

export function useGuestBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: GuestBookingInput; idempotencyKey: string }) =>
      apiRequest<{ confirmationCode: string }>('POST', '/api/bookings/slot', body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/slots/available'] }),
  });
}
