// What other features and the app use of facilities: its screens, facilities, dock doors and the
// labour and equipment free in a window.
import { registerCatalogue } from '../../lib/i18n';
import { facilitiesText } from './i18n';

registerCatalogue(facilitiesText);

export { ConfigurationRoute } from './routes/configuration-route';
export { FacilitiesRoute } from './routes/facilities-route';
export { todayAt, useDockDoors, useFacilities, useHomeFacility } from './api/facilities';
export { useAvailableResources } from './api/resources';
