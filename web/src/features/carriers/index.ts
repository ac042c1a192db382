// What other features and the app use of carriers: its screen and the carrier and driver lists.
export { CarriersRoute } from './routes/carriers-route';
export { useCarriers, useDrivers } from './api/carriers';
export { PreferredChannelsField } from './components/channel-order-field';
