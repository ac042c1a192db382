// What other features use of references (issue #32): the /configuration section with a facility's PO
// check, its PO list upload and the POs' ledgers.
import { registerCatalogue } from '../../lib/i18n';
import { referencesText } from './i18n';

registerCatalogue(referencesText);

export { PurchaseOrdersPanel } from './components/purchase-orders-panel';
