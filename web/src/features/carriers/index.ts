// What other features and the app use of carriers: its screen and the carrier and driver lists.
import { loadLater, type LoadedLater } from '../../lib/load-later';

// The screen is fetched when shown, not with the lists other features use.
export const CarriersRoute = loadLater(async () => (await import('./routes/carriers-route')).CarriersRoute);
export { useCarriers, useDrivers } from './api/carriers';
// The channel order field (with react-hook-form and the channel list's schema) is fetched when a form
// shows it: the driver's home reads a driver's record through this index without carrying a form.
export const PreferredChannelsField = loadLater(
  async () => (await import('./components/channel-order-field')).PreferredChannelsField,
) as unknown as typeof import('./components/channel-order-field').PreferredChannelsField & LoadedLater<never>;
