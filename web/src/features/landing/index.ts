// The public landing page with guest booking.
export { LandingRoute } from './routes/landing-route';
// The guest booking dialog, for a facility booking link's page (features/booking-links) with its own source.
export { GuestBookingDialog } from './components/lazy-guest-booking-dialog';
export { loadQuery, type GuestBookingSource, type SlotLoad } from './api/guest-booking';
export { deliveryRefetch } from './api/delivery-refetch';
