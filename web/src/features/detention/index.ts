// What other features and the app use of detention (issue #57): a facility's terms on /configuration, a
// truck's detention on its appointment's row, and the public page that checks an evidence pack's code.
import { registerCatalogue } from '../../lib/i18n';
import { loadLater } from '../../lib/load-later';
import { detentionText } from './i18n';

registerCatalogue(detentionText);

// The page and the terms form are fetched when shown, not with the row's disclosure others show.
export const VerifyRoute = loadLater(async () => (await import('./routes/verify-route')).VerifyRoute);
export const StatementsRoute = loadLater(async () => (await import('./routes/statements-route')).StatementsRoute);
export const StatementsPanel = loadLater(async () => (await import('./components/statements-panel')).StatementsPanel, {
  fallback: null,
});
export const DetentionTermsPanel = loadLater(
  async () => (await import('./components/detention-terms-panel')).DetentionTermsPanel,
  { fallback: null },
);
export { DetentionDetails, hasDetention } from './components/detention-details';
