// User administration: all users, pending registrations, approve and reject, documents.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { i18n } from '../../../lib/i18n';
import type { AccountLink } from '@shared/contracts/carriers';
import type { Approval } from '@shared/contracts/users';

export interface AdminUser {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
  role: string;
  userType: string | null;
  status: 'pending' | 'active' | 'rejected';
  isVerified: boolean;
  emailVerified: boolean | null;
  vehicleNumber: string | null;
  vehicleType: string | null;
  driverName: string | null;
  companyName: string | null;
  documents: { documentType: string; contentType: string; size: number }[];
  rejectionReason: string | null;
  carrierId: string | null;
  driverId: string | null;
  createdAt: string;
  /** The record's revision, sent back with a decision (functions/lib/revision.ts). */
  revision: number;
  /** On approval: the carrier (and driver record) the account now books for, if its role books. */
  link?: AccountLink | null;
}

/** "Linked to <carrier> as driver <driver>." for the approval toast, so the administrator sees what was linked. */
function linkText(link: AccountLink | null | undefined) {
  if (!link) return '';
  const key = `${link.driverName ? 'linkedDriver' : 'linked'}${link.how === 'created' ? 'New' : ''}`;
  return ` ${i18n.t(`users.toasts.${key}`, { carrier: link.carrierName, driver: link.driverName })}`;
}

export const usersQuery = queryOptions({
  queryKey: ['/api/auth/users'],
  queryFn: () => api.get<AdminUser[]>('/api/auth/users'),
});
export const pendingQuery = queryOptions({
  queryKey: ['/api/admin/pending-registrations'],
  queryFn: () => api.get<AdminUser[]>('/api/admin/pending-registrations'),
});
export const useUsers = () => useQuery(usersQuery);
export const usePendingRegistrations = () => useQuery(pendingQuery);

/**
 * Approves or rejects a registration. The toasts come from the mutation's own callbacks: the
 * refreshed list drops the user's card, so a callback passed from the card would never run.
 */
export function useDecideUser(decision: 'approve' | 'reject') {
  return useApiMutation<{ userId: string; reason?: string; approval?: Approval }, AdminUser>({
    url: (b) => `/api/admin/${decision}-user/${b.userId}`,
    send: (b) => (decision === 'reject' ? { reason: b.reason || 'Admin decision' } : b.approval),
    invalidates: () => [usersQuery.queryKey, pendingQuery.queryKey],
    failureTitle: i18n.t('users.toasts.failedTitle'),
    failure: i18n.t('users.toasts.failed'),
    success: (user) => ({
      title: i18n.t(decision === 'approve' ? 'users.toasts.approvedTitle' : 'users.toasts.rejectedTitle'),
      description: `${i18n.t(decision === 'approve' ? 'users.toasts.approved' : 'users.toasts.rejected')}${linkText(user.link)}`,
    }),
  });
}

export const documentUrl = (userId: string, documentType: string) =>
  api.get<{ url: string }>(`/api/admin/users/${userId}/documents/${documentType}`);
