// What other features use of gate compliance (issue #21): the decision on a check-in card, a refusal
// in the check-in dialogs, the /configuration section and the dashboard's gate figures; and the gate
// screen (issue #31), loaded only when opened (it brings the pass verification and IndexedDB with it).
import { registerCatalogue } from '../../lib/i18n';
import { loadLater } from '../../lib/load-later';
import { gatePassText, gateText } from './i18n';

registerCatalogue(gateText);
registerCatalogue(gatePassText);

export { GateDecision } from './components/gate-decision';
export { GateReasons } from './components/gate-reasons';
export { GateRefusal } from './components/gate-refusal';
export { GateToday } from './components/gate-today';
export { GateHint } from './components/gate-hint';
export { GateScreenLink } from './components/gate-screen-link';
// The driver's own check-in with a pass, queued offline in the same outbox as the gate's: fetched when
// shown, so the outbox (IndexedDB) is not on the first load of the screens that show a gate hint or
// decision. It waits in the nearest Suspense: the driver app shows it with the pass.
export const PassCheckin = loadLater(async () => (await import('./components/pass-checkin')).PassCheckin);
// A form of the /configuration page, fetched when that page shows it.
export const GateSettingsPanel = loadLater(
  async () => (await import('./components/gate-settings-panel')).GateSettingsPanel,
  { fallback: null },
);
export const GateRoute = loadLater(async () => (await import('./routes/gate-route')).GateRoute);
