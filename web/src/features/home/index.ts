// The home screen of staff without the dashboard.
export { StaffHomeRoute } from './routes/staff-home-route';
