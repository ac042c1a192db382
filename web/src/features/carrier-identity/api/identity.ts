// A platform carrier's calls (issue #59, shared/routes/carrier-identity.ts): each query declared once here
// for the screens and their invalidation. A hub's refusal (its rules, cut-offs, a link it ended) is shown
// as the server gives it, in the reader's language (useApiMutation's toast, the forms' field errors).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CarrierInvitation,
  CarrierPerson,
  MyHub,
  NetworkBooking,
  NetworkBookingInput,
  WalletPass,
} from '@shared/contracts/carrier-identity';
import type { HubCarrierLink } from '@shared/contracts/carrier-identity';
import type { Language } from '@shared/contracts/language';
import type { RescheduleInput } from '@shared/contracts/reschedules';
import { api } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { useApiMutation } from '../../../lib/use-api-mutation';

const BASE = '/api/carrier-identity';
const HUBS = `${BASE}/hubs`;
const INVITATIONS = `${BASE}/invitations`;
const BOOKINGS = `${BASE}/bookings`;
const DRIVERS = `${BASE}/drivers`;
const WALLET = `${BASE}/wallet`;
const bookingUrl = (hubId: string, id: string) =>
  `${HUBS}/${encodeURIComponent(hubId)}/bookings/${encodeURIComponent(id)}`;

export const hubsQuery = queryOptions({ queryKey: [HUBS], queryFn: () => api.get<MyHub[]>(HUBS) });
export const useMyHubs = () => useQuery(hubsQuery);

export const invitationsQuery = queryOptions({
  queryKey: [INVITATIONS],
  queryFn: () => api.get<CarrierInvitation[]>(INVITATIONS),
});
export const useInvitations = () => useQuery(invitationsQuery);

export interface BookingFilter {
  date: string;
  hubId: string;
  status: string;
}
export const bookingsQuery = ({ date, hubId, status }: BookingFilter) => {
  const params = new URLSearchParams({ date });
  if (hubId) params.set('hubId', hubId);
  if (status) params.set('status', status);
  return queryOptions({
    queryKey: [BOOKINGS, date, hubId, status],
    queryFn: () => api.get<NetworkBooking[]>(`${BOOKINGS}?${params.toString()}`),
  });
};
export const useNetworkBookings = (filter: BookingFilter) => useQuery(bookingsQuery(filter));

export const driversQuery = queryOptions({ queryKey: [DRIVERS], queryFn: () => api.get<CarrierPerson[]>(DRIVERS) });
export const useCarrierDrivers = (enabled = true) => useQuery({ ...driversQuery, enabled });

export const walletQuery = queryOptions({ queryKey: [WALLET], queryFn: () => api.get<WalletPass[]>(WALLET) });
export const useWallet = () => useQuery(walletQuery);

export const useAcceptInvitation = () =>
  useApiMutation<{ hubId: string; hubName: string }, HubCarrierLink>({
    url: ({ hubId }) => `${INVITATIONS}/${encodeURIComponent(hubId)}/accept`,
    send: () => undefined,
    invalidates: () => [invitationsQuery.queryKey, hubsQuery.queryKey],
    failure: i18n.t('carrierIdentity.invitations.failed'),
    failureTitle: i18n.t('carrierIdentity.invitations.failed'),
    success: (link) => ({ title: i18n.t('carrierIdentity.invitations.accepted', { hub: link.hubName }) }),
  });

export const useAskToLink = () =>
  useApiMutation<{ hubId: string; message?: string }, HubCarrierLink>({
    url: () => `${BASE}/link-requests`,
    invalidates: () => [hubsQuery.queryKey],
    failure: i18n.t('carrierIdentity.ask.failed'),
    failureTitle: i18n.t('carrierIdentity.ask.failed'),
    success: i18n.t('carrierIdentity.ask.sent'),
  });

export const useAddDriver = () =>
  useApiMutation<{ name: string; phoneNumber: string; licenseNumber: string; language: Language }, CarrierPerson>({
    url: () => DRIVERS,
    invalidates: () => [driversQuery.queryKey],
    failure: i18n.t('carrierIdentity.drivers.addFailed'),
    failureTitle: i18n.t('carrierIdentity.drivers.addFailed'),
    success: i18n.t('carrierIdentity.drivers.added'),
  });

/** A driver who left: removed from the carrier (DELETE /api/carrier-identity/people/{personId}). */
export const useRemoveDriver = () =>
  useApiMutation<{ id: string }, void>({
    method: 'DELETE',
    url: ({ id }) => `${BASE}/people/${encodeURIComponent(id)}`,
    invalidates: () => [driversQuery.queryKey],
    failure: i18n.t('carrierIdentity.drivers.removeFailed'),
    failureTitle: i18n.t('carrierIdentity.drivers.removeFailed'),
    success: i18n.t('carrierIdentity.drivers.removed'),
  });

export const useBookAtHub = () =>
  useApiMutation<{ hubId: string; booking: NetworkBookingInput }, NetworkBooking>({
    url: ({ hubId }) => `${HUBS}/${encodeURIComponent(hubId)}/bookings`,
    send: ({ booking }) => booking,
    invalidates: () => [[BOOKINGS]],
    failure: i18n.t('carrierIdentity.book.failed'),
    failureTitle: i18n.t('carrierIdentity.book.failed'),
    success: (made) => ({
      title: i18n.t(
        made.appointment.status === 'pending_approval'
          ? 'carrierIdentity.book.pendingApproval'
          : 'carrierIdentity.book.booked',
        { hub: made.hubName },
      ),
    }),
  });

interface BookingAt {
  hubId: string;
  id: string;
}

export const useCancelBooking = () =>
  useApiMutation<BookingAt & { reason: string }, NetworkBooking>({
    url: ({ hubId, id }) => `${bookingUrl(hubId, id)}/cancel`,
    send: ({ reason }) => ({ reason }),
    invalidates: () => [[BOOKINGS], walletQuery.queryKey],
    failure: i18n.t('carrierIdentity.cancel.failed'),
    failureTitle: i18n.t('carrierIdentity.cancel.failed'),
    success: i18n.t('carrierIdentity.cancel.done'),
  });

/** The hub's reschedule request body (shared/contracts/reschedules.ts). */
export type BookingChange = Pick<
  RescheduleInput,
  'newDate' | 'newTimeStart' | 'newTimeEnd' | 'reason' | 'reasonDetails'
>;

export const useChangeBooking = () =>
  useApiMutation<BookingAt & { change: BookingChange }, { hubName: string }>({
    url: ({ hubId, id }) => `${bookingUrl(hubId, id)}/reschedule`,
    send: ({ change }) => change,
    invalidates: () => [[BOOKINGS]],
    failure: i18n.t('carrierIdentity.change.failed'),
    failureTitle: i18n.t('carrierIdentity.change.failed'),
    success: (sent) => ({ title: i18n.t('carrierIdentity.change.done', { hub: sent.hubName }) }),
  });
