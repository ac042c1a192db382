// The calls of /integrations (doc 2 §7), each declared once: systems, their endpoints, webhooks and sync
// logs, monitoring (stats every 30 s, systems every 15 s, §9), and the changes. Toasts are raised by
// the screen (integrations-route.tsx), where these mutations are made.
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { i18n } from '../../../lib/i18n';
import type {
  ConnectionTestResult,
  ExternalSystem,
  ExternalSystemCreated,
  IntegrationEndpoint,
  MonitoringStats,
  SyncLog,
  SystemStatus,
} from '@shared/contracts/integrations';
import type {
  WebhookDeliveryAttempt,
  WebhookDeliveryLog,
  WebhookSubscription,
  WebhookSubscriptionCreated,
} from '@shared/contracts/integrations-webhooks';

const SYSTEMS = '/api/integrations/systems';
const system = (id: string) => `${SYSTEMS}/${id}`;

export const systemsQuery = queryOptions({ queryKey: [SYSTEMS], queryFn: () => api.get<ExternalSystem[]>(SYSTEMS) });
export const statsQuery = queryOptions({
  queryKey: ['/api/integrations/monitoring/stats'],
  queryFn: () => api.get<MonitoringStats>('/api/integrations/monitoring/stats'),
  refetchInterval: 30_000,
});
export const statusesQuery = queryOptions({
  queryKey: ['/api/integrations/monitoring/systems'],
  queryFn: () => api.get<SystemStatus[]>('/api/integrations/monitoring/systems'),
  refetchInterval: 15_000,
});
export const endpointsQuery = (id: string) =>
  queryOptions({
    queryKey: [system(id), 'endpoints'],
    queryFn: () => api.get<IntegrationEndpoint[]>(`${system(id)}/endpoints`),
  });
export const webhooksQuery = (id: string) =>
  queryOptions({
    queryKey: [system(id), 'webhooks'],
    queryFn: () => api.get<WebhookSubscription[]>(`${system(id)}/webhooks`),
  });
export const logsQuery = (id: string) =>
  queryOptions({
    queryKey: [system(id), 'logs'],
    queryFn: () => api.get<(SyncLog & { failures: { externalId: string; message: string }[] })[]>(`${system(id)}/logs`),
  });

export const useSystems = () => useQuery(systemsQuery);
export const useMonitoringStats = () => useQuery(statsQuery);
export const useSystemStatuses = () => useQuery(statusesQuery);
export const useEndpoints = (id: string) => useQuery(endpointsQuery(id));
export const useWebhooks = (id: string) => useQuery(webhooksQuery(id));
export const useSyncLogs = (id: string) => useQuery(logsQuery(id));

/** A change, then the lists it affects refreshed (the monitoring figures always). */
function useChange<TBody, TResult>(send: (body: TBody) => Promise<TResult>, affects: (body: TBody) => QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (_result, body) => {
      const keys = [systemsQuery.queryKey, statsQuery.queryKey, statusesQuery.queryKey, ...affects(body)];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

export type SystemBody = Record<string, unknown>;

const MONITORING = [systemsQuery.queryKey, statsQuery.queryKey, statusesQuery.queryKey];

// The spec's toasts (doc 2 §8) for the three calls it names.
export const useCreateSystem = () =>
  useApiMutation<SystemBody, ExternalSystemCreated>({
    url: () => SYSTEMS,
    invalidates: () => MONITORING,
    success: i18n.t('integrations.toasts.created'),
    failureTitle: i18n.t('integrations.toasts.createFailed'),
    failure: i18n.t('integrations.toasts.createFailed'),
  });

export const useTestConnection = () =>
  useApiMutation<string, ConnectionTestResult>({
    url: (id) => `${system(id)}/test`,
    send: () => undefined,
    invalidates: () => MONITORING,
    success: (result) =>
      result.success
        ? { title: i18n.t('integrations.toasts.testOk'), description: result.message }
        : { title: i18n.t('integrations.toasts.testBad'), description: result.message, variant: 'destructive' },
    failureTitle: i18n.t('integrations.toasts.testFailed'),
    failure: i18n.t('integrations.toasts.testFailed'),
  });

export const useTriggerSync = () =>
  useApiMutation<{ id: string; endpointId: string | null }, { log: SyncLog }>({
    url: ({ id }) => `${system(id)}/sync`,
    send: ({ endpointId }) => ({ endpointId }),
    invalidates: ({ id }) => [...MONITORING, logsQuery(id).queryKey],
    success: ({ log }) => ({
      title: i18n.t('integrations.toasts.synced'),
      description: `${log.status}: ${log.recordsProcessed} / ${log.recordsSucceeded} / ${log.recordsFailed}${log.errorMessage ? ` — ${log.errorMessage}` : ''}`,
    }),
    failureTitle: i18n.t('integrations.toasts.syncFailed'),
    failure: i18n.t('integrations.toasts.syncFailed'),
  });

export const useEditSystem = () =>
  useChange(
    ({ id, ...body }: SystemBody & { id: string }) => api.patch<ExternalSystem>(system(id), body),
    () => [],
  );
export const useDeleteSystem = () =>
  useChange(
    (id: string) => api.delete<void>(system(id)),
    () => [],
  );
export const useRotateSecret = () =>
  useChange(
    (id: string) => api.post<ExternalSystemCreated>(`${system(id)}/rotate-secret`),
    () => [],
  );

export const useCreateEndpoint = (id: string) =>
  useChange(
    (body: Record<string, unknown>) => api.post<IntegrationEndpoint>(`${system(id)}/endpoints`, body),
    () => [endpointsQuery(id).queryKey],
  );
export const useDeleteEndpoint = (id: string) =>
  useChange(
    (endpointId: string) => api.delete<void>(`${system(id)}/endpoints/${endpointId}`),
    () => [endpointsQuery(id).queryKey],
  );
export const useCreateWebhook = (id: string) =>
  useChange(
    (body: Record<string, unknown>) => api.post<WebhookSubscriptionCreated>(`${system(id)}/webhooks`, body),
    () => [webhooksQuery(id).queryKey],
  );
export const useEditWebhook = (id: string) =>
  useChange(
    ({ webhookId, ...body }: Record<string, unknown> & { webhookId: string }) =>
      api.patch<WebhookSubscription>(`${system(id)}/webhooks/${webhookId}`, body),
    () => [webhooksQuery(id).queryKey],
  );

const webhook = (id: string, webhookId: string) => `${system(id)}/webhooks/${webhookId}`;

/** A subscription's delivery log, newest attempt first, a page at a time (Load older). */
export const useDeliveryLog = (id: string, webhookId: string) =>
  useInfiniteQuery({
    queryKey: [webhook(id, webhookId), 'deliveries'],
    queryFn: ({ pageParam }) =>
      api.get<WebhookDeliveryLog>(
        `${webhook(id, webhookId)}/deliveries${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Send test event, or Resend a logged delivery (by its event id): the attempt's line of the log. */
export const useDeliveryAttempt = (id: string, webhookId: string) =>
  useChange(
    (eventId: string | null) =>
      api.post<WebhookDeliveryAttempt>(
        eventId ? `${webhook(id, webhookId)}/deliveries/${eventId}/resend` : `${webhook(id, webhookId)}/test`,
      ),
    () => [webhooksQuery(id).queryKey, [webhook(id, webhookId), 'deliveries']],
  );

export const useDeleteWebhook = (id: string) =>
  useChange(
    (webhookId: string) => api.delete<void>(`${system(id)}/webhooks/${webhookId}`),
    () => [webhooksQuery(id).queryKey],
  );

/** The URL an external system posts its webhooks to. */
export const inboundUrl = (id: string) => `${window.location.origin}/api/integrations/inbound/${id}`;
