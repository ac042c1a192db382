// The privacy routes (shared/routes/privacy.ts) as queries and mutations.
import { useQuery } from '@tanstack/react-query';
import type { AccessLogEntry, ErasureRequest, MyData } from '@shared/contracts/privacy';
import { api } from '../../../lib/api-client';

export const MY_DATA = '/api/privacy/my-data';
export const ERASURE_REQUESTS = '/api/privacy/erasure-requests';
export const ACCESS_LOG = '/api/privacy/access-log';

export const useMyData = (enabled: boolean) =>
  useQuery({ queryKey: [MY_DATA], queryFn: () => api.get<MyData>(MY_DATA), enabled });

export const useErasureRequests = () =>
  useQuery({ queryKey: [ERASURE_REQUESTS], queryFn: () => api.get<ErasureRequest[]>(ERASURE_REQUESTS) });

export const useAccessLog = () =>
  useQuery({ queryKey: [ACCESS_LOG], queryFn: () => api.get<AccessLogEntry[]>(ACCESS_LOG) });
