// What the app uses of insights: the dashboard and analytics screens and the notification bell.
import { registerCatalogue } from '../../lib/i18n';
import { insightsText } from './i18n';

registerCatalogue(insightsText);

export { AnalyticsRoute } from './routes/analytics-route';
export { DashboardRoute } from './routes/dashboard-route';
export { NotificationBell } from './components/notification-bell';
