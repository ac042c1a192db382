// What other features use of the holding queue (issue #58.3): its card, on the gate screen and the dashboard.
import { registerCatalogue } from '../../lib/i18n';
import { holdingText } from './i18n';

registerCatalogue(holdingText);

export { HoldingQueueCard } from './components/holding-queue';
