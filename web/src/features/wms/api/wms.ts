// Every /api/wms call of doc 3 §7, declared once: query options (shared by hooks and invalidation)
// and mutations. After any change the affected lists and the dashboard refresh.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged, WmsDashboard, WmsOptions } from '@shared/contracts/wms';
import type {
  BinRangeInput,
  BinRangeResult,
  WmsFacilitySettings,
  WmsFacilitySettingsInput,
} from '@shared/contracts/wms-bins';
import { COUNT_SHEET_PAGE_SIZE } from '@shared/contracts/wms-stock-limits';
import type {
  Adjustment,
  AppointmentReceipt,
  CountCompletion,
  CycleCount,
  CycleCountItem,
} from '@shared/contracts/wms-stock';
import { api, ApiError } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { i18n } from '../../../lib/i18n';

/** The entities the warehouse lists, creates and edits (its facilities are a view of the facilities domain's). */
export const WMS_ENTITIES = ['facilities', 'zones', 'bins', 'products', 'inventory'] as const;
export type WmsEntity = (typeof WMS_ENTITIES)[number];

/** Builds a query string; a filter value 'all' (or empty) is sent as nothing (doc 3 §2). */
export function queryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== null && v !== undefined && v !== '' && v !== 'all') search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const dashboardQuery = queryOptions({
  queryKey: ['/api/wms/dashboard'],
  queryFn: () => api.get<WmsDashboard>('/api/wms/dashboard'),
  refetchInterval: 30_000,
});
export const optionsQuery = queryOptions({
  queryKey: ['/api/wms/options'],
  queryFn: () => api.get<WmsOptions>('/api/wms/options'),
});
export const adjustmentsQuery = queryOptions({
  queryKey: ['/api/wms/inventory/adjustments'],
  queryFn: () => api.get<Paged<Adjustment>>('/api/wms/inventory/adjustments'),
});
export const cycleCountsQuery = queryOptions({
  queryKey: ['/api/wms/cycle-counts'],
  queryFn: () => api.get<Paged<CycleCount>>('/api/wms/cycle-counts'),
});
/** A page of a count sheet: the count's key first, so saving a counted line refreshes every page of it. */
export const countItemsQuery = (id: string, page = 1, cursor: string | null = null) =>
  queryOptions({
    queryKey: ['/api/wms/cycle-counts', id, 'items', page, cursor],
    queryFn: () =>
      api.get<Paged<CycleCountItem>>(
        `/api/wms/cycle-counts/${id}/items${queryString({ page, cursor, limit: COUNT_SHEET_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });
export const listQuery = <T>(entity: WmsEntity, params: Record<string, string | number | null | undefined>) => {
  const url = `/api/wms/${entity}${queryString(params)}`;
  return queryOptions({
    queryKey: [`/api/wms/${entity}`, url],
    queryFn: () => api.get<Paged<T>>(url),
    placeholderData: keepPreviousData,
  });
};

export const useDashboard = () => useQuery(dashboardQuery);
export const useWmsOptions = () => useQuery(optionsQuery);
export const useAdjustments = () => useQuery(adjustmentsQuery);
export const useCycleCounts = () => useQuery(cycleCountsQuery);
export const useCountItems = (id: string | null, page = 1, cursor: string | null = null) =>
  useQuery({ ...countItemsQuery(id ?? '', page, cursor), enabled: !!id });
export const useWmsList = <T>(entity: WmsEntity, params: Record<string, string | number | null | undefined>) =>
  useQuery(listQuery<T>(entity, params));

export interface DockAppointment {
  id: string;
  bookingReference: string;
  carrierName: string | null;
  vehicleLicense: string | null;
  doorNumber: string | null;
  status: string;
  /** At dock, loading or unloading (shared/contracts/appointments.ts, TRUCK_STAGES). */
  stage: 'at_dock' | 'loading' | 'unloading';
  loadType: 'inbound' | 'outbound';
  poNumber: string | null;
  palletCount: number | null;
  cartonCount: number | null;
  goodsType: string | null;
  /** The truck's PO when it is on the facility's list (issue #32): its ledger and expected lines. */
  expected: ExpectedOrder | null;
}
export interface ExpectedLine {
  sku: string;
  expected: number;
  received: number;
  open: number;
  /** The warehouse's product of the line's SKU, when the tenant has one. */
  product: { id: string; name: string; sku: string } | null;
}
export interface ExpectedOrder {
  po: string;
  ordered: number;
  received: number;
  openQuantity: number;
  lines: ExpectedLine[];
}
/**
 * The trucks at a facility's dock: a truck set At dock elsewhere (the check-in screen, another
 * person) shows the moment this list is opened again, and within half a minute while it is open.
 */
export const useDockAppointments = (facilityId: string) =>
  useQuery({
    queryKey: ['/api/wms/receiving/appointments', facilityId],
    queryFn: () =>
      api.get<{ data: DockAppointment[] }>(
        `/api/wms/receiving/appointments?facilityId=${encodeURIComponent(facilityId)}`,
      ),
    enabled: !!facilityId,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchInterval: 30_000,
  });
export const useAppointmentReceipts = (appointmentId: string) =>
  useQuery({
    queryKey: ['/api/wms/appointments', appointmentId, 'receipts'],
    queryFn: () => api.get<{ data: AppointmentReceipt[] }>(`/api/wms/appointments/${appointmentId}/receipts`),
    enabled: !!appointmentId,
  });

const DASHBOARD = dashboardQuery.queryKey;
const OPTIONS = optionsQuery.queryKey;
/** What a change of each entity refreshes: its list, the lists showing its names, the dropdowns, the dashboard. */
const AFFECTS: Record<WmsEntity, WmsEntity[]> = {
  facilities: ['facilities', 'zones', 'bins', 'inventory'],
  zones: ['zones', 'bins'],
  bins: ['bins', 'zones'],
  products: ['products', 'inventory'],
  inventory: ['inventory', 'bins', 'zones', 'products'],
};
const refreshed = (entity: WmsEntity) => [
  ...AFFECTS[entity].map((e) => [`/api/wms/${e}`]),
  // A facility is the facilities domain's record: every screen listing facilities reads it again.
  ...(entity === 'facilities' ? [['/api/facilities']] : []),
  OPTIONS,
  DASHBOARD,
];

/** Create or update (with an id) of a management entity; fallbacks and toasts of doc 3 §8. */
export function useSaveEntity<T extends { id?: string | null }>(entity: WmsEntity, mode: 'create' | 'update') {
  const name = i18n.t(`wms.toasts.entities.${entity}`);
  const label = i18n.t(`wms.toasts.entityTitles.${entity}`);
  return useApiMutation<T>({
    method: mode === 'create' ? 'POST' : 'PUT',
    url: (b) => (mode === 'create' ? `/api/wms/${entity}` : `/api/wms/${entity}/${b.id}`),
    send: ({ id: _id, ...body }) => body,
    invalidates: () => refreshed(entity),
    failure: i18n.t(mode === 'create' ? 'wms.toasts.createFailed' : 'wms.toasts.updateFailed', { name }),
    failureTitle: undefined,
    success: i18n.t(mode === 'create' ? 'wms.toasts.created' : 'wms.toasts.updated', { name: label }),
  });
}

export function useDeleteEntity(entity: WmsEntity) {
  return useApiMutation<{ id: string }>({
    method: 'DELETE',
    url: (b) => `/api/wms/${entity}/${b.id}`,
    invalidates: () => refreshed(entity),
    failure: i18n.t('wms.toasts.deleteFailed', { name: i18n.t(`wms.toasts.entities.${entity}`) }),
    success: i18n.t('wms.toasts.deleted', { name: i18n.t(`wms.toasts.entityTitles.${entity}`) }),
  });
}

const STOCK = [
  ['/api/wms/inventory'],
  ['/api/wms/bins'],
  ['/api/wms/zones'],
  ['/api/wms/products'],
  adjustmentsQuery.queryKey,
  OPTIONS,
  DASHBOARD,
];

export const useReceive = () =>
  useApiMutation<Record<string, unknown>>({
    url: () => '/api/wms/inventory/receive',
    // The truck's expected lines show what is still open (issue #32).
    invalidates: () => [...STOCK, ['/api/wms/appointments'], ['/api/wms/receiving/appointments']],
    failure: i18n.t('wms.toasts.receiveFailed'),
    success: i18n.t('wms.toasts.received'),
  });
export const useAdjust = () =>
  useApiMutation<Record<string, unknown>>({
    url: () => '/api/wms/inventory/adjust',
    invalidates: () => STOCK,
    failure: i18n.t('wms.toasts.adjustFailed'),
    success: i18n.t('wms.toasts.adjusted'),
  });
export const useCreateCount = () =>
  useApiMutation<Record<string, unknown>>({
    url: () => '/api/wms/cycle-counts',
    invalidates: () => [cycleCountsQuery.queryKey],
    failure: i18n.t('wms.toasts.countCreateFailed'),
    success: i18n.t('wms.toasts.countCreated'),
  });
/**
 * Start and Complete of a large count take several requests: each answers 202 with the count's
 * progress until it is done (or a 503 when its time ran out mid-step), and is repeated from there.
 */
async function untilDone<T>(step: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await step();
      if (done(answer) || attempt >= 200) return answer;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 503) || attempt >= 200) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
const CYCLE_COUNTS = cycleCountsQuery.queryKey;

export function useStartCount() {
  return useApiMutation<{ id: string }, CycleCount>({
    url: (b) => `/api/wms/cycle-counts/${b.id}/start`,
    run: (b) =>
      untilDone(
        () => api.post<CycleCount>(`/api/wms/cycle-counts/${b.id}/start`),
        (c) => c.phase !== 'snapshot',
      ),
    invalidates: () => [CYCLE_COUNTS, ['/api/wms/bins']],
    failure: i18n.t('wms.toasts.countStartFailed'),
    success: i18n.t('wms.toasts.countStarted'),
  });
}
export function useCompleteCount() {
  return useApiMutation<{ id: string }, CountCompletion>({
    url: (b) => `/api/wms/cycle-counts/${b.id}/complete`,
    run: (b) =>
      untilDone(
        () => api.post<CountCompletion>(`/api/wms/cycle-counts/${b.id}/complete`),
        (c) => c.status === 'completed',
      ),
    invalidates: (b) => [CYCLE_COUNTS, ['/api/wms/cycle-counts', b.id], ...STOCK],
    failure: i18n.t('wms.toasts.countCompleteFailed'),
    success: (c) => {
      // A line counted below what is reserved on it did not change meanwhile: it says so on its own.
      const reserved = c.skippedItems.filter((i) => i.skipped?.reason === 'reserved').length;
      const changed = c.skippedItems.length - reserved;
      const notes = [
        changed ? i18n.t('wms.counts.skippedNote', { count: changed }) : null,
        reserved ? i18n.t('wms.counts.skippedReservedNote', { count: reserved }) : null,
      ].filter(Boolean);
      return notes.length
        ? { title: i18n.t('wms.toasts.countCompleted'), description: notes.join(' ') }
        : { title: i18n.t('wms.toasts.countCompleted') };
    },
  });
}
export const useCancelCount = () =>
  useApiMutation<{ id: string }>({
    url: (b) => `/api/wms/cycle-counts/${b.id}/cancel`,
    send: () => undefined,
    invalidates: () => [CYCLE_COUNTS, ['/api/wms/bins']],
    failure: i18n.t('wms.toasts.countCancelFailed'),
    success: i18n.t('wms.toasts.countCancelled'),
  });
export const useMoveStock = () =>
  useApiMutation<{ id: string; toBinId: string; quantity: number; notes?: string }>({
    url: (b) => `/api/wms/inventory/${b.id}/move`,
    send: ({ id: _id, ...body }) => body,
    invalidates: () => STOCK,
    failure: i18n.t('wms.toasts.moveFailed'),
    success: i18n.t('wms.toasts.moved'),
  });
export const useCountItem = () =>
  useApiMutation<{ id: string; countId: string; countedQuantity: number }>({
    method: 'PATCH',
    url: (b) => `/api/wms/cycle-count-items/${b.id}`,
    send: (b) => ({ countedQuantity: b.countedQuantity }),
    invalidates: (b) => [['/api/wms/cycle-counts', b.countId, 'items']],
    failure: i18n.t('wms.toasts.countItemFailed'),
  });

/** A facility's warehouse settings (its bin code pattern; the default until it saves one). */
export const facilitySettingsQuery = (facilityId: string) =>
  queryOptions({
    queryKey: ['/api/wms/facilities', facilityId, 'settings'],
    queryFn: () => api.get<WmsFacilitySettings>(`/api/wms/facilities/${facilityId}/settings`),
  });
export const useFacilitySettings = (facilityId: string | null) =>
  useQuery({ ...facilitySettingsQuery(facilityId ?? ''), enabled: !!facilityId });
export const useSaveFacilitySettings = () =>
  useApiMutation<WmsFacilitySettingsInput & { facilityId: string }, WmsFacilitySettings>({
    method: 'PUT',
    url: (b) => `/api/wms/facilities/${b.facilityId}/settings`,
    send: ({ facilityId: _f, ...body }) => body,
    invalidates: (b) => [facilitySettingsQuery(b.facilityId).queryKey],
    failure: i18n.t('wms.pattern.saveFailed'),
    success: i18n.t('wms.pattern.saved'),
  });
export const useCreateBinRange = () =>
  useApiMutation<BinRangeInput, BinRangeResult>({
    url: () => '/api/wms/bins/range',
    invalidates: () => refreshed('bins'),
    failure: i18n.t('wms.range.failed'),
    success: (result) => ({ title: i18n.t('wms.range.created', { count: result.created }) }),
  });
