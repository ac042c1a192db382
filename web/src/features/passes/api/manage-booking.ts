// The booker's changes on the pass page (issue #32): the open slots of a day at the pass's facility,
// a change of time, a cancellation, each through the pass link (no sign-in).
import { useMutation, useQuery } from '@tanstack/react-query';
import type { PassCancelInput, PassRescheduleInput, PassRescheduleResult, PassSlot } from '@shared/contracts/gate-pass';
import { api } from '../../../lib/api-client';

const passPath = (link: string) => `/api/passes/${encodeURIComponent(link)}`;

export const usePassSlots = (link: string, date: string) =>
  useQuery({
    queryKey: ['pass-link', link, 'slots', date],
    queryFn: () => api.get<PassSlot[]>(`${passPath(link)}/slots?date=${encodeURIComponent(date)}`),
    enabled: date !== '',
    retry: false,
  });

export const useReschedulePass = (link: string) =>
  useMutation({
    mutationFn: (input: PassRescheduleInput) => api.post<PassRescheduleResult>(`${passPath(link)}/reschedule`, input),
  });

export const useCancelPass = (link: string) =>
  useMutation({
    mutationFn: (input: PassCancelInput) => api.post<{ cancelled: true }>(`${passPath(link)}/cancel`, input),
  });
