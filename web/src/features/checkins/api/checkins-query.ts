// The check-ins list (GET /api/checkins): read by the check-in screen, and asked for by the router
// beside that screen's code when a signed-in user opens /checkin (issue #34).
import { queryOptions } from '@tanstack/react-query';
import type { Checkin } from '@shared/contracts/checkins';
import { api } from '../../../lib/api-client';

export const checkinsQuery = queryOptions({
  queryKey: ['/api/checkins'],
  queryFn: () => api.get<Checkin[]>('/api/checkins'),
  refetchInterval: 15_000,
});
