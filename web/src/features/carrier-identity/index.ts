// A platform carrier's screens (issue #59): its people's sign-in by mobile number, "My hubs", the bookings
// across hubs, its drivers, and the driver's pass wallet. Each screen is fetched when first shown.
import { registerCatalogue } from '../../lib/i18n';
import { loadLater } from '../../lib/load-later';
import { carrierIdentityText } from './i18n';

registerCatalogue(carrierIdentityText);

export const CarrierSignInRoute = loadLater(
  async () => (await import('./routes/carrier-sign-in-route')).CarrierSignInRoute,
);
export const MyHubsRoute = loadLater(async () => (await import('./routes/my-hubs-route')).MyHubsRoute);
export const HubBookingsRoute = loadLater(async () => (await import('./routes/hub-bookings-route')).HubBookingsRoute);
export const CarrierDriversRoute = loadLater(
  async () => (await import('./routes/carrier-drivers-route')).CarrierDriversRoute,
);
export const PassWalletRoute = loadLater(async () => (await import('./routes/pass-wallet-route')).PassWalletRoute);
