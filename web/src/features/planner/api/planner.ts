// The door plan's calls (issue #58.2): the latest proposal of a facility's day (polled while the worker
// solves it), asking for a new one, applying all or some of its changes, and the facility's planner
// settings (automatic re-planning; crews, equipment and each type's needs). Each query is declared once
// here, for the screen and its invalidation.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplyResult, PlannerSettingsSave, PlannerSettingsView, PlanProposal } from '@shared/contracts/planner';
import { api } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** How often a proposal still solving is asked for again. */
export const SOLVING_POLL_MS = 1_000;

export const latestProposalQuery = (facilityId: string, date: string) =>
  queryOptions({
    queryKey: ['/api/planner/proposals/latest', facilityId, date],
    queryFn: () =>
      api.get<{ proposal: PlanProposal | null }>(
        `/api/planner/proposals/latest?facilityId=${encodeURIComponent(facilityId)}&date=${date}`,
      ),
    // While the worker solves it, the screen waits on it; a ready plan is read again now and then (automatic re-plans).
    refetchInterval: (query) => (query.state.data?.proposal?.status === 'solving' ? SOLVING_POLL_MS : 30_000),
  });

export const useLatestProposal = (facilityId: string | null, date: string) =>
  useQuery({ ...latestProposalQuery(facilityId ?? '', date), enabled: Boolean(facilityId) });

export function useRequestProposal(facilityId: string, date: string) {
  return useApiMutation<void, PlanProposal>({
    url: () => '/api/planner/proposals',
    send: () => ({ facilityId, date }),
    invalidates: () => [latestProposalQuery(facilityId, date).queryKey],
    failure: i18n.t('planner.requestFailed'),
  });
}

export function useApplyProposal(proposal: Pick<PlanProposal, 'id' | 'facilityId' | 'date'>) {
  return useApiMutation<{ truckIds?: string[] }, ApplyResult>({
    url: () => `/api/planner/proposals/${proposal.id}/apply`,
    invalidates: () => [latestProposalQuery(proposal.facilityId, proposal.date).queryKey],
    failure: i18n.t('planner.applyFailed'),
    success: (result) => ({
      title: i18n.t('planner.appliedToast', { applied: result.applied.length, refused: result.refused.length }),
    }),
  });
}

export const plannerSettingsQuery = (facilityId: string) =>
  queryOptions({
    queryKey: ['/api/planner/settings', facilityId],
    queryFn: () => api.get<PlannerSettingsView>(`/api/planner/settings?facilityId=${encodeURIComponent(facilityId)}`),
  });

export const usePlannerSettings = (facilityId: string | null) =>
  useQuery({ ...plannerSettingsQuery(facilityId ?? ''), enabled: Boolean(facilityId) });

export function useSavePlannerSettings(facilityId: string) {
  return useApiMutation<PlannerSettingsSave, PlannerSettingsView>({
    method: 'PUT',
    url: () => `/api/planner/settings?facilityId=${encodeURIComponent(facilityId)}`,
    invalidates: () => [plannerSettingsQuery(facilityId).queryKey],
    failure: i18n.t('planner.settings.failed'),
    success: (view) => ({
      title: i18n.t(view.autoReplan ? 'planner.settings.turnedOn' : 'planner.settings.turnedOff'),
    }),
  });
}

/** Saves the facility's crews, equipment and each type's needs (with automatic re-planning as it is). */
export function useSavePlannerResources(facilityId: string) {
  return useApiMutation<PlannerSettingsSave, PlannerSettingsView>({
    method: 'PUT',
    url: () => `/api/planner/settings?facilityId=${encodeURIComponent(facilityId)}`,
    invalidates: () => [plannerSettingsQuery(facilityId).queryKey],
    failure: i18n.t('planner.settings.failed'),
    success: i18n.t('planner.resources.saved'),
  });
}
