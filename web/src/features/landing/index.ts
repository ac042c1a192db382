// The public landing page with guest booking.
export { LandingRoute } from './routes/landing-route';
