// Facility booking links (issue #32): staff's list and changes, and the public page's calls, each
// after the first with the access code the visitor typed (the server checks it on every call).
import type { ConfirmationDelivery } from '@shared/contracts/tenancy-setup';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuestBookingConfirmation, GuestBookingInput } from '@shared/contracts/appointments-guest';
import type { Holiday, Slot } from '@shared/contracts/slots';
import {
  ACCESS_CODE_HEADER,
  type BookingLink,
  type BookingLinkInput,
  type BookingLinkSend,
  type BookingLinkSent,
  type BookingLinkWithCode,
  type OpenedBookingLink,
} from '@shared/contracts/booking-links';
import { api, apiRequest } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { deliveryRefetch, loadQuery, type GuestBookingSource } from '../../landing';

const listKey = (facilityId: string) => ['/api/booking-links', facilityId];

export const useBookingLinks = (facilityId: string) =>
  useQuery({
    queryKey: listKey(facilityId),
    queryFn: () => api.get<BookingLink[]>(`/api/booking-links?facilityId=${encodeURIComponent(facilityId)}`),
  });

export const useCreateBookingLink = (facilityId: string) =>
  useApiMutation<BookingLinkInput, BookingLinkWithCode>({
    url: () => '/api/booking-links',
    invalidates: () => [listKey(facilityId)],
    failure: i18n.t('bookingLinks.toasts.failed'),
    success: i18n.t('bookingLinks.toasts.created'),
  });

export const useRevokeBookingLink = (facilityId: string) =>
  useApiMutation<BookingLink, BookingLink>({
    url: (link) => `/api/booking-links/${link.id}/revoke`,
    send: () => ({}),
    invalidates: () => [listKey(facilityId)],
    failure: i18n.t('bookingLinks.toasts.failed'),
    success: i18n.t('bookingLinks.toasts.revoked'),
  });

export const useNewBookingLinkCode = (facilityId: string) =>
  useApiMutation<BookingLink, BookingLinkWithCode>({
    url: (link) => `/api/booking-links/${link.id}/code`,
    send: () => ({}),
    invalidates: () => [listKey(facilityId)],
    failure: i18n.t('bookingLinks.toasts.failed'),
    success: i18n.t('bookingLinks.toasts.recoded'),
  });

/** Sends the link with its current code; the toast names the channel that carried it and the number (issue #53). */
export const useSendBookingLink = (linkId: string) =>
  useApiMutation<BookingLinkSend, BookingLinkSent>({
    url: () => `/api/booking-links/${linkId}/send`,
    invalidates: () => [],
    failure: i18n.t('bookingLinks.toasts.notSent'),
    success: (sent) => ({
      title: i18n.t('bookingLinks.toasts.sent'),
      description: i18n.t('bookingLinks.toasts.sentTo', {
        channel: i18n.t(`bookingLinks.channels.${sent.channel}`),
        phone: sent.to,
      }),
    }),
  });

const bookPath = (token: string) => `/api/book/${encodeURIComponent(token)}`;

/** The page's first call: the code in the body; the answer names the facility and its booking form. */
export const useOpenBookingLink = (token: string) =>
  useMutation({
    mutationFn: (code: string) => api.post<OpenedBookingLink>(bookPath(token), { code }),
  });

/** The booking dialog's reads and booking through the link, with its code (features/landing's dialog). */
export function linkSource(token: string, code: string, opened: OpenedBookingLink): GuestBookingSource {
  const withCode = { headers: { [ACCESS_CODE_HEADER]: code } };
  return {
    useFacility: () =>
      useQuery({
        queryKey: [bookPath(token), 'facility'],
        queryFn: () =>
          Promise.resolve({
            facilityName: opened.facilityName,
            tenantName: opened.tenantName,
            timeZone: opened.timeZone,
            privacyContact: opened.privacyContact,
          }),
        staleTime: Infinity,
      }),
    useHolidays: () =>
      useQuery({
        queryKey: [bookPath(token), 'holidays'],
        queryFn: () => api.get<Holiday[]>(`${bookPath(token)}/holidays`, withCode),
      }),
    useSlots: (date, _facility, load) =>
      useQuery({
        queryKey: [bookPath(token), 'slots', date, load.typeId, load.quantity],
        queryFn: () => api.get<Slot[]>(`${bookPath(token)}/slots?date=${date}${loadQuery(load)}`, withCode),
        enabled: Boolean(date),
        staleTime: 0,
      }),
    useBook: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: ({ body, idempotencyKey }: { body: GuestBookingInput; idempotencyKey: string }) =>
          apiRequest<GuestBookingConfirmation>('POST', `${bookPath(token)}/booking`, body, {
            headers: { 'Idempotency-Key': idempotencyKey, [ACCESS_CODE_HEADER]: code },
          }),
        // Not awaited, as the guest booking's (landing/api/guest-booking.ts): the confirmation shows at once.
        onSettled: () => void queryClient.invalidateQueries({ queryKey: [bookPath(token), 'slots'] }),
      });
    },
    useDelivery: (reference) =>
      useQuery({
        queryKey: [bookPath(token), 'delivery', reference],
        queryFn: () =>
          api.get<ConfirmationDelivery>(
            `${bookPath(token)}/booking/${encodeURIComponent(reference)}/delivery`,
            withCode,
          ),
        refetchInterval: deliveryRefetch,
        retry: false,
      }),
  };
}
