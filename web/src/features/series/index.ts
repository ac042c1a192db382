// What the app uses of series (issue #32): the standing appointments screen.
import { registerCatalogue } from '../../lib/i18n';
import { seriesText } from './i18n';

registerCatalogue(seriesText);

export { StandingAppointmentsRoute } from './routes/standing-route';
