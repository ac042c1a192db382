// What other features and the app use of trips (issue #33): the state of the listed appointments' trucks
// (one read for a list), an appointment's trip strip, the facility's watch settings and the reslot page.
import { registerCatalogue } from '../../lib/i18n';
import { loadLater } from '../../lib/load-later';
import { tripsText } from './i18n';

registerCatalogue(tripsText);

// The reslot page and the settings form are fetched when shown, not with the trip state others show.
export const ReslotRoute = loadLater(async () => (await import('./routes/reslot-route')).ReslotRoute);
export { TripBadge, TripEstimateLine, TripState } from './components/trip-state';
export { AppointmentTrip, TripStrip } from './components/trip-strip';
export const WatchSettingsPanel = loadLater(
  async () => (await import('./components/watch-settings-panel')).WatchSettingsPanel,
  { fallback: null },
);
export { useTripsOf } from './api/trips';
