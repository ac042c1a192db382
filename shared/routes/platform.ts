// Routes of the platform function: The health check.
import type { ApiRoute } from './types';

export const platformRoutes = [
  { method: 'GET', path: '/api/health', fn: 'platform', action: 'health', access: 'public' },
] as const satisfies readonly ApiRoute[];
