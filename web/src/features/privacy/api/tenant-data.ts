// The tenant's retention policy and its runs, its whole-data exports and its closing (issue #36).
import { useQuery } from '@tanstack/react-query';
import type { RetentionPolicy, RetentionPolicyInput, RetentionReport } from '@shared/contracts/privacy-retention';
import type { CloseTenantInput, TenantClosing, TenantExport } from '@shared/contracts/privacy-export';
import type { TenantView } from '@shared/contracts/tenancy';
import { api } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { useApiMutation } from '../../../lib/use-api-mutation';

export const RETENTION = '/api/privacy/retention';
export const RETENTION_REPORTS = '/api/privacy/retention/reports';
export const TENANT_EXPORTS = '/api/privacy/tenant-exports';
export const CLOSING = '/api/tenancy/closing';
const TENANT = '/api/tenancy/tenant';
/** How often a running export's progress is read. */
const PROGRESS_POLL_MS = 1000;

export const useRetention = () =>
  useQuery({ queryKey: [RETENTION], queryFn: () => api.get<RetentionPolicy>(RETENTION) });

export const useRetentionReports = () =>
  useQuery({ queryKey: [RETENTION_REPORTS], queryFn: () => api.get<RetentionReport[]>(RETENTION_REPORTS) });

export const useSaveRetention = () =>
  useApiMutation<RetentionPolicyInput, RetentionPolicy>({
    method: 'PUT',
    url: () => RETENTION,
    invalidates: () => [[RETENTION]],
    failure: i18n.t('privacy.retention.failed'),
    success: i18n.t('privacy.retention.saved'),
  });

export const useTenantExports = () =>
  useQuery({ queryKey: [TENANT_EXPORTS], queryFn: () => api.get<TenantExport[]>(TENANT_EXPORTS) });

/** One export, read again every second while it runs (its link is minted at each read once done). */
export const useTenantExport = (id: string | undefined) =>
  useQuery({
    queryKey: [TENANT_EXPORTS, id],
    queryFn: () => api.get<TenantExport>(`${TENANT_EXPORTS}/${id}`),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? PROGRESS_POLL_MS : false),
  });

export const useStartExport = () =>
  useApiMutation<void, TenantExport>({
    url: () => TENANT_EXPORTS,
    send: () => ({}),
    invalidates: () => [[TENANT_EXPORTS]],
    failure: i18n.t('privacy.tenantData.failed'),
    success: i18n.t('privacy.tenantData.started'),
  });

export const useTenant = () => useQuery({ queryKey: [TENANT], queryFn: () => api.get<TenantView>(TENANT) });

export const useClosing = () => useQuery({ queryKey: [CLOSING], queryFn: () => api.get<TenantClosing>(CLOSING) });

export const useCloseTenant = () =>
  useApiMutation<CloseTenantInput, TenantClosing>({
    url: () => '/api/tenancy/close',
    invalidates: () => [[CLOSING], [TENANT]],
    failure: i18n.t('privacy.tenantData.closeFailed'),
    success: i18n.t('privacy.tenantData.closed'),
  });

export const useReopenTenant = () =>
  useApiMutation<void, TenantClosing>({
    url: () => '/api/tenancy/reopen',
    send: () => ({}),
    invalidates: () => [[CLOSING], [TENANT]],
    failure: i18n.t('privacy.tenantData.reopenFailed'),
    success: i18n.t('privacy.tenantData.reopened'),
  });
