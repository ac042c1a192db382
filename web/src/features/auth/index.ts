// The sign-in and registration screen.
export { LoginRoute } from './routes/login-route';
