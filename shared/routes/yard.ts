// Routes of the yard function: Yard spots, the live yard, Assign Spots and the yard's move tasks (issue #58.4).
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
  // Yard moves as tasks (issue #58.4): made by the door plan, done by yard staff with a tap.
  { method: 'GET', path: '/api/facilities/{id}/yard-tasks', fn: 'yard', action: 'listYardTasks', access: 'yard:read' },
  {
    method: 'PUT',
    path: '/api/facilities/{id}/yard-settings',
    fn: 'yard',
    action: 'setYardSettings',
    access: 'settings:configure',
  },
  { method: 'POST', path: '/api/yard-tasks/{taskId}/start', fn: 'yard', action: 'startYardTask', access: 'yard:write' },
  {
    method: 'POST',
    path: '/api/yard-tasks/{taskId}/finish',
    fn: 'yard',
    action: 'finishYardTask',
    access: 'yard:write',
  },
] as const satisfies readonly ApiRoute[];
