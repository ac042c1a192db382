// Routes of the vitals function: the SPA's field web-vitals reports and the admins' figures (issue #34).
import type { ApiRoute } from './types';

export const vitalsRoutes = [
  { method: 'POST', path: '/api/vitals', fn: 'vitals', action: 'reportVitals', access: 'public' },
  { method: 'GET', path: '/api/vitals', fn: 'vitals', action: 'vitalsFigures', access: 'admin:panel' },
] as const satisfies readonly ApiRoute[];
