// The privacy routes (shared/routes/privacy.ts) as queries and mutations.
import { useQuery } from '@tanstack/react-query';
import type { AccessLogEntry, ErasureRequest, MyData } from '@shared/contracts/privacy';
import type { PrivacyChoices } from '@shared/contracts/privacy-notice';
import type { IncidentView } from '@shared/contracts/privacy-incidents';
import { api } from '../../../lib/api-client';

export const MY_DATA = '/api/privacy/my-data';
export const ERASURE_REQUESTS = '/api/privacy/erasure-requests';
export const ACCESS_LOG = '/api/privacy/access-log';
export const INCIDENTS = '/api/privacy/incidents';

export const useMyData = (enabled: boolean) =>
  useQuery({ queryKey: [MY_DATA], queryFn: () => api.get<MyData>(MY_DATA), enabled });

/** While an accepted erasure is being carried out (issue #52: by the erasure worker), asked again every 2 s. */
export const useErasureRequests = () =>
  useQuery({
    queryKey: [ERASURE_REQUESTS],
    queryFn: () => api.get<ErasureRequest[]>(ERASURE_REQUESTS),
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'erasing') ? 2000 : false),
  });

export const useIncidents = () =>
  useQuery({ queryKey: [INCIDENTS], queryFn: () => api.get<IncidentView[]>(INCIDENTS) });

export const useAccessLog = () =>
  useQuery({ queryKey: [ACCESS_LOG], queryFn: () => api.get<AccessLogEntry[]>(ACCESS_LOG) });

export const choicesPath = (token: string) => `/api/privacy/choices/${encodeURIComponent(token)}`;

export const useChoices = (token: string) =>
  useQuery({
    queryKey: [choicesPath(token)],
    queryFn: () => api.get<PrivacyChoices>(choicesPath(token)),
    retry: false,
  });
