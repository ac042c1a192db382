// What the app uses of messaging: the Messaging Center (dashboard header, "Send SMS Update") and the
// messaging panel of /configuration.
export { MessagingCenterButton, SendSmsUpdateButton } from './components/messaging-buttons';
export { MessagingSettingsPanel } from './components/messaging-settings-panel';
