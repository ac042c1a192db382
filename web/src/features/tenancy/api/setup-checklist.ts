// A new organisation's set-up checklist (issue #53): its own module, fetched with the checklist, so the
// top bar's tenancy calls every staff screen loads do not carry it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupChecklist } from '@shared/contracts/tenancy-setup';
import { api } from '../../../lib/api-client';

/** Read again whenever the dashboard is opened: a step done elsewhere is ticked on return. */
export const setupChecklistQuery = queryOptions({
  queryKey: ['/api/tenancy/setup'],
  queryFn: () => api.get<SetupChecklist>('/api/tenancy/setup'),
  staleTime: 0,
});
export const useSetupChecklist = () => useQuery(setupChecklistQuery);
