// What the app uses of insights: the dashboard and analytics screens and the notification bell.
export { AnalyticsRoute } from './routes/analytics-route';
export { DashboardRoute } from './routes/dashboard-route';
export { NotificationBell } from './components/notification-bell';
