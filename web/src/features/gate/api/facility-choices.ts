// The facilities a gate may stand at (GET /api/facilities): read by the gate screen, and asked for by
// the router beside that screen's code when a signed-in user opens /gate (issue #34).
import { queryOptions } from '@tanstack/react-query';
import type { Facility } from '@shared/contracts/facilities';
import { api } from '../../../lib/api-client';

export const facilityChoicesQuery = queryOptions({
  queryKey: ['/api/facilities'],
  queryFn: () => api.get<Facility[]>('/api/facilities'),
});
