// What other features and the app use of trips (issue #33): the state of the listed appointments' trucks
// (one read for a list), an appointment's trip strip, the facility's watch settings and the reslot page.
import { registerCatalogue } from '../../lib/i18n';
import { tripsText } from './i18n';

registerCatalogue(tripsText);

export { ReslotRoute } from './routes/reslot-route';
export { TripBadge, TripEstimateLine, TripState } from './components/trip-state';
export { AppointmentTrip, TripStrip } from './components/trip-strip';
export { WatchSettingsPanel } from './components/watch-settings-panel';
export { useTripsOf } from './api/trips';
