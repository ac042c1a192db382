// The booking dialog (its form, schema and calendar) is fetched when first opened, not with the page
// that offers it (the landing page, a booking link's page).
import { lazy } from 'react';

export const loadGuestBookingDialog = () => import('./guest-booking-dialog');

export const GuestBookingDialog = lazy(async () => ({
  default: (await loadGuestBookingDialog()).GuestBookingDialog,
}));
