// Query defaults from the spec: no retries, never stale by default, no refetch on focus unless a
// query asks for it. Default reads GET the query key joined with '/'.
import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { api } from './api-client';

export function defaultQueryFn({ queryKey }: QueryFunctionContext) {
  return api.get(queryKey.join('/'));
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: defaultQueryFn, retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
