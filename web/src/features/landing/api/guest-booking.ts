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
import type { ConfirmationDelivery } from '@shared/contracts/tenancy-setup';
import { api, apiRequest } from '../../../lib/api-client';
import { deliveryRefetch } from './delivery-refetch';

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

/** The load the booker chose (issue #32): with a type, only starts where its whole duration fits a door that takes it. */
export interface SlotLoad {
  typeId: string | null;
  /** Pallets or units; a per-unit type's duration counts them. */
  quantity: number | null;
}

/** The load as slot search reads it from the query string: nothing without a type. */
export const loadQuery = ({ typeId, quantity }: SlotLoad) =>
  typeId ? `&typeId=${encodeURIComponent(typeId)}${quantity === null ? '' : `&quantity=${quantity}`}` : '';

const slotsKey = ['/api/slots/available'];

/** The facility's open slots; for a typed load, slot search's starts that fit it. */
export function useAvailableSlots(date: string | null, facility: string | null, load: SlotLoad) {
  return useQuery({
    queryKey: [...slotsKey, date, facility, load.typeId, load.quantity],
    queryFn: () =>
      api.get<Slot[]>(
        load.typeId
          ? `/api/bookings/slots?date=${date}&${withFacility(facility)}${loadQuery(load)}`
          : `/api/slots/available?date=${date}&${withFacility(facility)}`,
      ),
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
  useSlots: (date: string | null, facility: string | null, load: SlotLoad) => UseQueryResult<Slot[]>;
  useBook: () => UseMutationResult<
    GuestBookingConfirmation,
    Error,
    { body: GuestBookingInput; idempotencyKey: string }
  >;
  /**
   * How the confirmation message went (issue #53), asked until it is sent or not sent: the
   * confirmation names the channel that carried it, or why none did. Absent: the source cannot tell.
   */
  useDelivery?: (reference: string, facility: string | null) => UseQueryResult<ConfirmationDelivery>;
}

export function useGuestBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: GuestBookingInput; idempotencyKey: string }) =>
      apiRequest<GuestBookingConfirmation>('POST', '/api/bookings/slot', body, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    // Not awaited: a returned promise would hold the confirmation until the slot list (which the
    // confirmation does not show) was fetched again, a whole extra round trip after the booking.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: slotsKey }),
  });
}

/** How a guest booking's confirmation went (issue #53), through the facility link it was booked with. */
export function useGuestDelivery(reference: string, facility: string | null) {
  const token = facility || 'default';
  return useQuery({
    queryKey: ['/api/facility-links', token, 'delivery', reference],
    queryFn: () =>
      api.get<ConfirmationDelivery>(
        `/api/facility-links/${encodeURIComponent(token)}/bookings/${encodeURIComponent(reference)}/delivery`,
      ),
    refetchInterval: deliveryRefetch,
    retry: false,
  });
}

export const GUEST_SOURCE: GuestBookingSource = {
  useFacility: useGuestFacility,
  useHolidays: useGuestHolidays,
  useSlots: useAvailableSlots,
  useBook: useGuestBooking,
  useDelivery: useGuestDelivery,
};
