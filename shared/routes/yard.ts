// Routes of the yard function: Yard spots, the live yard and Assign Spots.
import type { ApiRoute } from './types';

export const yardRoutes = [
  { method: 'GET', path: '/api/facilities/{id}/yard-spots', fn: 'yard', action: 'listYardSpots', access: 'yard:read' },
  {
    method: 'PATCH',
    path: '/api/yard-spots/{spotId}/status',
    fn: 'yard',
    action: 'setYardSpotStatus',
    access: 'yard:write',
  },
  { method: 'GET', path: '/api/yard/overview', fn: 'yard', action: 'yardOverview', access: 'yard:read' },
  { method: 'POST', path: '/api/yard/assign-spots', fn: 'yard', action: 'assignYardSpots', access: 'yard:write' },
] as const satisfies readonly ApiRoute[];
