// What the app uses of messaging: the Messaging Center (dashboard header, "Send SMS Update") and the
// messaging panel of /configuration.
export { MessagingCenterButton, SendSmsUpdateButton } from './components/messaging-buttons';
import { loadLater } from '../../lib/load-later';

// The settings panel (its form, react-hook-form and the contracts' schemas) is fetched when
// /configuration shows it, not with the dashboard's buttons above.
export const MessagingSettingsPanel = loadLater(
  async () => (await import('./components/messaging-settings-panel')).MessagingSettingsPanel,
  { fallback: null },
);
