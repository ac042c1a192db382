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
  // The carrier scorecard of a month (issue #32): every carrier for staff; a carrier's account its own row.
  {
    method: 'GET',
    path: '/api/analytics/scorecard',
    fn: 'insights',
    action: 'carrierScorecard',
    access: 'analytics:read',
  },
  {
    method: 'GET',
    path: '/api/carrier/scorecard',
    fn: 'insights',
    action: 'ownScorecard',
    access: 'appointments:book',
  },
  {
    method: 'GET',
    path: '/api/carrier/scorecard/csv',
    fn: 'insights',
    action: 'ownScorecardCsv',
    access: 'appointments:book',
  },
  { method: 'GET', path: '/api/driver/dashboard', fn: 'insights', action: 'driverDashboard', access: 'driver:self' },
] as const satisfies readonly ApiRoute[];
