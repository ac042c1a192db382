// Routes of the insights function: Dashboard figures, notifications, analytics, reports and the driver dashboard.
import type { ApiRoute } from './types';

export const insightsRoutes = [
  {
    method: 'GET',
    path: '/api/dashboard/metrics',
    fn: 'insights',
    action: 'dashboardMetrics',
    access: 'dashboard:read',
  },
  {
    method: 'GET',
    path: '/api/dashboard/daily-report',
    fn: 'insights',
    action: 'dailyReport',
    access: 'dashboard:read',
  },
  { method: 'GET', path: '/api/notifications', fn: 'insights', action: 'notifications', access: 'dashboard:read' },
  { method: 'GET', path: '/api/analytics', fn: 'insights', action: 'analytics', access: 'analytics:read' },
  { method: 'GET', path: '/api/reports/{report}', fn: 'insights', action: 'report', access: 'analytics:read' },
  { method: 'GET', path: '/api/driver/dashboard', fn: 'insights', action: 'driverDashboard', access: 'driver:self' },
] as const satisfies readonly ApiRoute[];
