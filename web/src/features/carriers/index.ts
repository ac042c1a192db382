// What other features and the app use of carriers: its screen and the carrier and driver lists.
import { loadLater } from '../../lib/load-later';

// The screen is fetched when shown, not with the lists other features use.
export const CarriersRoute = loadLater(async () => (await import('./routes/carriers-route')).CarriersRoute);
export { useCarriers, useDrivers } from './api/carriers';
export { PreferredChannelsField } from './components/channel-order-field';
