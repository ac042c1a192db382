// The driver's dashboard.
export { DriverDashboardRoute } from './routes/driver-dashboard-route';
