// The references API (issue #32): a facility's reference policy, its PO list with ledgers, and the
// PO file's preview and upload.
import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  PoUploadInput,
  PoUploadResult,
  PurchaseOrder,
  ReferencePolicy,
  ReferencePolicyInput,
} from '@shared/contracts/references';
import { api } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { useApiMutation } from '../../../lib/use-api-mutation';

const base = (facilityId: string) => `/api/references/facilities/${facilityId}`;
const policyKey = (facilityId: string) => [`${base(facilityId)}/policy`];
const ordersKey = (facilityId: string) => [`${base(facilityId)}/orders`];

export const useReferencePolicy = (facilityId: string) =>
  useQuery({ queryKey: policyKey(facilityId), queryFn: () => api.get<ReferencePolicy>(`${base(facilityId)}/policy`) });

export const useSaveReferencePolicy = (facilityId: string) =>
  useApiMutation<ReferencePolicyInput, ReferencePolicy>({
    method: 'PUT',
    url: () => `${base(facilityId)}/policy`,
    invalidates: () => [policyKey(facilityId)],
    failure: i18n.t('references.toasts.policyFailed'),
    success: i18n.t('references.toasts.policySaved'),
  });

/** The facility's POs with their ledgers; a booking or a receipt elsewhere shows when the list is opened again. */
export const usePurchaseOrders = (facilityId: string) =>
  useQuery({
    queryKey: ordersKey(facilityId),
    queryFn: () => api.get<{ data: PurchaseOrder[] }>(`${base(facilityId)}/orders`),
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** Reads a file without changing anything: the errors by line, and what applying it would close. */
export const usePreviewUpload = (facilityId: string) =>
  useMutation({
    mutationFn: (body: PoUploadInput) => api.post<PoUploadResult>(`${base(facilityId)}/orders/preview`, body),
  });

export const useApplyUpload = (facilityId: string) =>
  useApiMutation<PoUploadInput, PoUploadResult>({
    url: () => `${base(facilityId)}/orders/upload`,
    invalidates: () => [ordersKey(facilityId)],
    failure: i18n.t('references.toasts.uploadFailed'),
    success: (result) => ({
      title: i18n.t('references.toasts.uploaded', { orders: result.orders, lines: result.lines }),
    }),
  });
