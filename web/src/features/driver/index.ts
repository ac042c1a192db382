// The driver's dashboard, and the gate pass card (shown by the public pass page too).
export { DriverDashboardRoute } from './routes/driver-dashboard-route';
export { GatePassCard } from './components/gate-pass-card';
