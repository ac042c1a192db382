// What other features and the app use of check-ins: its screens, the check-in list, the driver's
// self check-in and the gate QR button.
import { registerCatalogue } from '../../lib/i18n';
import { loadLater } from '../../lib/load-later';
import { checkinsText } from './i18n';

registerCatalogue(checkinsText);

// The screens are fetched when shown: the features that use the parts below do not carry them.
export const CheckinRoute = loadLater(async () => (await import('./routes/checkin-route')).CheckinRoute);
export const QrCheckinRoute = loadLater(async () => (await import('./routes/qr-checkin-route')).QrCheckinRoute);
export { GenerateQrButton } from './components/qr-dialog';
export { useCheckins, useSelfCheckin } from './api/checkins';
