// Routes of the planner function: the door plan's proposals of a facility's day (issue #58.2), asked
// for, read beside today's plan and applied by the staff who move trucks to doors.
import type { ApiRoute } from './types';

export const plannerRoutes = [
  {
    method: 'POST',
    path: '/api/planner/proposals',
    fn: 'planner',
    action: 'requestProposal',
    access: 'appointments:write',
  },
  {
    method: 'GET',
    path: '/api/planner/proposals/latest',
    fn: 'planner',
    action: 'latestProposal',
    access: 'yard:read',
  },
  {
    method: 'GET',
    path: '/api/planner/proposals/{id}',
    fn: 'planner',
    action: 'getProposal',
    access: 'yard:read',
  },
  {
    method: 'POST',
    path: '/api/planner/proposals/{id}/apply',
    fn: 'planner',
    action: 'applyProposal',
    access: 'appointments:write',
  },
  // A facility's planner settings: automatic re-planning on or off (issue #58.2), read beside the plan,
  // changed by those who configure the facility.
  { method: 'GET', path: '/api/planner/settings', fn: 'planner', action: 'getSettings', access: 'yard:read' },
  {
    method: 'PUT',
    path: '/api/planner/settings',
    fn: 'planner',
    action: 'saveSettings',
    access: 'settings:configure',
  },
] as const satisfies readonly ApiRoute[];
