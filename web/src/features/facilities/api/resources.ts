// Labour in-charges and equipment available for a window (booking screen).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AvailableResource {
  id: string;
  name: string;
  specialization?: string | null;
  type?: string;
  capacity?: string | null;
}

export function useAvailableResources(
  kind: 'labor-incharges' | 'equipment',
  q: { facilityId?: string; date?: string; timeStart?: string; timeEnd?: string },
) {
  const enabled = Boolean(q.facilityId && q.date && q.timeStart && q.timeEnd && q.timeEnd > q.timeStart);
  const params = new URLSearchParams({ date: q.date ?? '', timeStart: q.timeStart ?? '', timeEnd: q.timeEnd ?? '' });
  return useQuery({
    queryKey: ['/api/facilities', q.facilityId, kind, 'available', params.toString()],
    queryFn: () => api.get<AvailableResource[]>(`/api/facilities/${q.facilityId}/${kind}/available?${params}`),
    enabled,
    staleTime: 0,
  });
}
