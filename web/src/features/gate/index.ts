// What other features use of gate compliance (issue #21): the decision on a check-in card, a refusal
// in the check-in dialogs, the /configuration section and the dashboard's gate figures.
import { registerCatalogue } from '../../lib/i18n';
import { gateText } from './i18n';

registerCatalogue(gateText);

export { GateDecision, GateReasons } from './components/gate-decision';
export { GateRefusal } from './components/gate-refusal';
export { GateSettingsPanel } from './components/gate-settings-panel';
export { GateToday } from './components/gate-today';
export { GateHint } from './components/gate-hint';
