// What other features and the app use of check-ins: its screens, the check-in list, the driver's
// self check-in and the gate QR button.
import { registerCatalogue } from '../../lib/i18n';
import { checkinsText } from './i18n';

registerCatalogue(checkinsText);

export { CheckinRoute } from './routes/checkin-route';
export { QrCheckinRoute } from './routes/qr-checkin-route';
export { GenerateQrButton } from './components/qr-dialog';
export { useCheckins, useSelfCheckin } from './api/checkins';
