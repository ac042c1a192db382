// What the app uses of insights: the dashboard and analytics screens and the notification bell.
import { registerCatalogue } from '../../lib/i18n';
import { loadLater } from '../../lib/load-later';
import { insightsText } from './i18n';

registerCatalogue(insightsText);

// The screens are fetched when shown: every staff screen's top bar loads this index for the bell.
export const AnalyticsRoute = loadLater(async () => (await import('./routes/analytics-route')).AnalyticsRoute);
export const DashboardRoute = loadLater(async () => (await import('./routes/dashboard-route')).DashboardRoute);
export { NotificationBell } from './components/notification-bell';
