// User administration: all users, pending registrations, approve and reject, documents.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import type { AccountLink } from '@shared/contracts/carriers';

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
  /** On approval: the carrier (and driver record) the account now books for, if its role books. */
  link?: AccountLink | null;
}

/** "Linked to <carrier> as <driver>." for the approval toast, so the administrator sees what was linked. */
const linkText = (link: AccountLink | null | undefined) => (link ? ` Linked to ${link.carrierName}${link.driverName ? ` as driver ${link.driverName}` : ''}${link.how === 'created' ? ' (new record)' : ''}.` : '');

export const usersQuery = queryOptions({ queryKey: ['/api/auth/users'], queryFn: () => api.get<AdminUser[]>('/api/auth/users') });
export const pendingQuery = queryOptions({ queryKey: ['/api/admin/pending-registrations'], queryFn: () => api.get<AdminUser[]>('/api/admin/pending-registrations') });
export const useUsers = () => useQuery(usersQuery);
export const usePendingRegistrations = () => useQuery(pendingQuery);

const DECIDED = { approve: 'approved', reject: 'rejected' } as const;

/**
 * Approves or rejects a registration. The toasts come from the mutation's own callbacks: the
 * refreshed list drops the user's card, so a callback passed from the card would never run.
 */
export function useDecideUser(decision: 'approve' | 'reject') {
  return useApiMutation<{ userId: string; reason?: string }, AdminUser>({
    url: (b) => `/api/admin/${decision}-user/${b.userId}`,
    send: (b) => (decision === 'reject' ? { reason: b.reason || 'Admin decision' } : undefined),
    invalidates: () => [usersQuery.queryKey, pendingQuery.queryKey],
    failureTitle: 'Operation Failed',
    failure: 'Failed to update user status',
    success: (user) => ({ title: decision === 'approve' ? 'User Approved' : 'User Rejected', description: `User has been ${DECIDED[decision]} successfully.${linkText(user.link)}` }),
  });
}

export const documentUrl = (userId: string, documentType: string) => api.get<{ url: string }>(`/api/admin/users/${userId}/documents/${documentType}`);
