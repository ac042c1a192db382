// The tenancy calls: sign-up and its e-mail code, the tenant and its plan, memberships and the
// switch, invitations, facility links. Toasts are raised by the screens in the mutations' callbacks.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FacilityLinkInfo,
  FacilityLinkView,
  InvitationInput,
  InvitationPreview,
  InvitationView,
  MembershipView,
  SignupAnswer,
  SignupInput,
  TenantView,
} from '@shared/contracts/tenancy';
import type { LoginResponse } from '@shared/contracts/auth';
import { api } from '../../../lib/api-client';
import { SESSION_KEY } from '../../../lib/session';

export const tenantQuery = queryOptions({
  queryKey: ['/api/tenancy/tenant'],
  queryFn: () => api.get<TenantView>('/api/tenancy/tenant'),
});
export const membershipsQuery = queryOptions({
  queryKey: ['/api/tenancy/memberships'],
  queryFn: () => api.get<MembershipView[]>('/api/tenancy/memberships'),
});
export const invitationsQuery = queryOptions({
  queryKey: ['/api/invitations'],
  queryFn: () => api.get<InvitationView[]>('/api/invitations'),
});

export const useTenant = (enabled = true) => useQuery({ ...tenantQuery, enabled });
export const useMemberships = (enabled = true) => useQuery({ ...membershipsQuery, enabled });
export const useInvitations = () => useQuery(invitationsQuery);

export const useSignup = () =>
  useMutation({ mutationFn: (input: SignupInput) => api.post<SignupAnswer>('/api/signup', input) });
export const useResendCode = () =>
  useMutation({ mutationFn: (email: string) => api.post<SignupAnswer>('/api/signup/resend', { email }) });

/**
 * Verifies the code. Straight after sign-up the new admin is then signed in with the password just
 * chosen (kept in memory only); an admin who signed in before entering the code already has a session,
 * which now acts as the active admin: the session is read again.
 */
export function useVerifySignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, code, password }: { email: string; code: string; password?: string }) => {
      await api.post('/api/signup/verify', { email, code });
      return password ? (await api.post<LoginResponse>('/api/auth/login', { identifier: email, password })).user : null;
    },
    onSuccess: async (user) => {
      if (user) queryClient.setQueryData(SESSION_KEY, user);
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}

/** Moves the session to another organisation; every cached answer belonged to the old one. */
export function useSwitchTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tenantId: string) => api.post<LoginResponse>('/api/auth/switch-tenant', { tenantId }),
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(SESSION_KEY, user);
      await queryClient.resetQueries();
    },
  });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitationInput) => api.post<InvitationView>('/api/invitations', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<InvitationView>(`/api/invitations/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey }),
  });
}

export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: ['/api/invitations/preview', token],
    queryFn: () => api.post<InvitationPreview>('/api/invitations/preview', { token }),
    retry: false,
  });

export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: (input: { token: string; firstName?: string; lastName?: string; password: string }) =>
      api.post<{ message: string; username: string; tenantName: string }>('/api/invitations/accept', input),
  });

export const useFacilityLink = (facilityId: string | null) =>
  useQuery({
    queryKey: ['/api/facilities', facilityId, 'link'],
    queryFn: () => api.get<FacilityLinkView>(`/api/facilities/${encodeURIComponent(facilityId!)}/link`),
    enabled: Boolean(facilityId),
  });

export const useFacilityLinkInfo = (token: string | null) =>
  useQuery({
    queryKey: ['/api/facility-links', token],
    queryFn: () => api.get<FacilityLinkInfo>(`/api/facility-links/${encodeURIComponent(token!)}`),
    enabled: Boolean(token),
    retry: false,
  });
