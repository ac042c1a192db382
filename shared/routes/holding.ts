// Routes of the holding function (issue #58.3): a facility's holding queue and its holding area, read by
// the staff who work the yard and the gate, the area saved by those who configure the facility.
import type { ApiRoute } from './types';

export const holdingRoutes = [
  { method: 'GET', path: '/api/holding/queue', fn: 'holding', action: 'getQueue', access: 'yard:read' },
  { method: 'GET', path: '/api/holding/area', fn: 'holding', action: 'getArea', access: 'yard:read' },
  { method: 'PUT', path: '/api/holding/area', fn: 'holding', action: 'saveArea', access: 'settings:configure' },
] as const satisfies readonly ApiRoute[];
