// The Messaging Center's calls: the test message, the multi-channel send, the message log, the
// Integration Status cards, and the tenant's provider settings (/configuration).
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { i18n } from '../../../lib/i18n';
import type {
  Channel,
  ChannelStatus,
  Language,
  MessagePage,
  MessageStatus,
  MessagingSettingsInput,
  MessagingSettingsView,
  SendOutcome,
} from '@shared/contracts/messaging';
import type { DriverMessageInput, DriverMessageResult } from '@shared/contracts/messaging-drivers';

const LOG_KEY = ['/api/messaging/messages'];
export const statusQuery = queryOptions({
  queryKey: ['/api/messaging/status'],
  queryFn: () => api.get<ChannelStatus[]>('/api/messaging/status'),
});

export const useIntegrationStatus = (enabled: boolean) => useQuery({ ...statusQuery, enabled });

export interface LogFilter {
  status: MessageStatus | '';
  channel: Channel | '';
}

export function useMessageLog(filter: LogFilter, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...LOG_KEY, filter],
    enabled,
    initialPageParam: '',
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '10' });
      if (filter.status) params.set('status', filter.status);
      if (filter.channel) params.set('channel', filter.channel);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<MessagePage>(`/api/messaging/messages?${params}`);
    },
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export interface TestBody {
  channel: Channel;
  to: string;
  language: Language;
}

export interface SendBody {
  to: string;
  email: string;
  message: string;
  channels: Channel[];
  language: Language;
  templateKey: string | null;
}

/** An appointment whose driver may be messaged. */
export interface DriverAppointment {
  id: string;
  scheduledDate: string;
  scheduledTimeStart: string;
  carrierId: string | null;
  driverId: string | null;
  driverName: string | null;
  driverPhone: string | null;
  doorNumber: string | null;
  bookingReference: string;
}

/**
 * The coming days' appointments, whose drivers the Messaging Center may message: the appointments
 * domain's list (same query key, so one fetch serves both), read here to keep the features apart.
 */
export const useUpcomingDriverAppointments = (enabled: boolean) =>
  useQuery({
    queryKey: ['/api/appointments/upcoming'],
    queryFn: () => api.get<DriverAppointment[]>('/api/appointments/upcoming'),
    enabled,
  });

/** The sends raise their toasts in the Messaging Center (the screen) through the mutate callbacks. */
export function useSendMessages() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: LOG_KEY }),
      queryClient.invalidateQueries({ queryKey: statusQuery.queryKey }),
    ]);
  const test = useMutation({
    mutationFn: (b: TestBody) => api.post<{ message: string; outcome: SendOutcome }>('/api/messaging/test', b),
    onSettled: refresh,
  });
  const send = useMutation({
    mutationFn: (b: SendBody) =>
      api.post<{ message: string; outcomes: SendOutcome[] }>('/api/notifications/send', {
        ...b,
        email: b.email || null,
        subject: 'DockSaathi notification',
      }),
    onSettled: refresh,
  });
  const sendToDriver = useMutation({
    mutationFn: (b: DriverMessageInput) => api.post<DriverMessageResult>('/api/messaging/driver-messages', b),
    onSettled: refresh,
  });
  return { test, send, sendToDriver };
}

export const settingsQuery = queryOptions({
  queryKey: ['/api/messaging/settings'],
  queryFn: () => api.get<MessagingSettingsView>('/api/messaging/settings'),
});
export const useMessagingSettings = () => useQuery(settingsQuery);

export function useSaveMessagingSettings() {
  return useApiMutation<MessagingSettingsInput, MessagingSettingsView>({
    method: 'PUT',
    url: () => '/api/messaging/settings',
    invalidates: () => [settingsQuery.queryKey, statusQuery.queryKey],
    failure: i18n.t('messaging.settingsToasts.saveFailed'),
    success: i18n.t('messaging.settingsToasts.saved'),
  });
}
