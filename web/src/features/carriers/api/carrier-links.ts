// The hub's links to carriers of the platform (issue #59): invited, asking to link, or linked. The hub
// invites a registered carrier by GSTIN or mobile number naming its own carrier record, approves a
// carrier's request, and unlinks (which ends the carrier's access to the hub at once).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HubCarrierLink } from '@shared/contracts/carrier-identity';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useTranslation } from '../../../lib/i18n/use-translation';

export type { HubCarrierLink };

export const carrierLinksQuery = queryOptions({
  queryKey: ['/api/carrier-links'],
  queryFn: () => api.get<HubCarrierLink[]>('/api/carrier-links'),
});

export const useCarrierLinks = () => useQuery(carrierLinksQuery);

export type CarrierInvitationBody = ({ gstin: string } | { phoneNumber: string }) & { carrierId: string };

export function useInviteCarrier() {
  const { t } = useTranslation();
  return useApiMutation<CarrierInvitationBody, HubCarrierLink>({
    url: () => '/api/carrier-links/invitations',
    invalidates: () => [carrierLinksQuery.queryKey],
    failure: t('carriers.links.toasts.inviteFailed'),
    success: (link) => ({ title: t('carriers.links.toasts.invited', { name: link.identityName }) }),
  });
}

export function useApproveLink() {
  const { t } = useTranslation();
  return useApiMutation<{ identityId: string; carrierId: string }, HubCarrierLink>({
    url: (b) => `/api/carrier-links/requests/${encodeURIComponent(b.identityId)}/approve`,
    send: (b) => ({ carrierId: b.carrierId }),
    invalidates: () => [carrierLinksQuery.queryKey],
    failure: t('carriers.links.toasts.approveFailed'),
    success: (link) => ({ title: t('carriers.links.toasts.approved', { name: link.identityName }) }),
  });
}

export function useUnlinkCarrier() {
  const { t } = useTranslation();
  return useApiMutation<{ identityId: string }, { message: string }>({
    method: 'DELETE',
    url: (b) => `/api/carrier-links/${encodeURIComponent(b.identityId)}`,
    invalidates: () => [carrierLinksQuery.queryKey],
    failure: t('carriers.links.toasts.unlinkFailed'),
    success: t('carriers.links.toasts.unlinked'),
  });
}
