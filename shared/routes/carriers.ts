// Routes of the carriers function: Carriers and their drivers.
import type { ApiRoute } from './types';

export const carriersRoutes = [
  { method: 'GET', path: '/api/carriers', fn: 'carriers', action: 'listCarriers', access: 'reference:read' },
  { method: 'POST', path: '/api/carriers', fn: 'carriers', action: 'createCarrier', access: 'carriers:write' },
  { method: 'PATCH', path: '/api/carriers/{id}', fn: 'carriers', action: 'updateCarrier', access: 'carriers:write' },
  {
    method: 'GET',
    path: '/api/carriers/{id}/drivers',
    fn: 'carriers',
    action: 'listDrivers',
    access: 'reference:read',
  },
  {
    method: 'PATCH',
    path: '/api/carriers/{id}/drivers/{driverId}',
    fn: 'carriers',
    action: 'updateDriver',
    access: 'carriers:write',
  },
  { method: 'POST', path: '/api/drivers', fn: 'carriers', action: 'createDriver', access: 'carriers:write' },
  // The driver app's own channels and language: always the signed-in driver's own record.
  {
    method: 'PATCH',
    path: '/api/driver/preferences',
    fn: 'carriers',
    action: 'updateOwnPreferences',
    access: 'driver:self',
  },
] as const satisfies readonly ApiRoute[];
