// What other features and the app use of facilities: its screens, facilities, dock doors and the
// labour and equipment free in a window.
import { registerCatalogue } from '../../lib/i18n';
import { loadLater } from '../../lib/load-later';
import { facilitiesText } from './i18n';

registerCatalogue(facilitiesText);

// The screens are fetched when shown: the features that use the parts below do not carry them.
export const ConfigurationRoute = loadLater(
  async () => (await import('./routes/configuration-route')).ConfigurationRoute,
);
export const FacilitiesRoute = loadLater(async () => (await import('./routes/facilities-route')).FacilitiesRoute);
export { todayAt, useDockDoors, useFacilities, useHomeFacility } from './api/facilities';
export { useAvailableResources } from './api/resources';
