// Routes of the series function (issue #32): standing appointments. Staff who book for everyone create
// and cancel them; whoever reads every appointment reads them.
import type { ApiRoute } from './types';

export const seriesRoutes = [
  { method: 'GET', path: '/api/series', fn: 'series', action: 'listSeries', access: 'appointments:read' },
  { method: 'POST', path: '/api/series', fn: 'series', action: 'createSeries', access: 'appointments:write' },
  { method: 'GET', path: '/api/series/{id}', fn: 'series', action: 'getSeries', access: 'appointments:read' },
  {
    method: 'POST',
    path: '/api/series/{id}/cancel',
    fn: 'series',
    action: 'cancelSeries',
    access: 'appointments:write',
  },
] as const satisfies readonly ApiRoute[];
