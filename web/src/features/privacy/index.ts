// A driver's own data (the driver app's card) and the admin's erasure requests and access log (issue #36).
export { MyDataCard } from './components/my-data-card';
export { ErasureRequestsPanel } from './components/erasure-requests-panel';
export { IncidentsPanel } from './components/incidents-panel';
export { ChoicesLink, PrivacyNotice, useConsentChoice, type ConsentChoice } from './components/privacy-notice';
export { ChoicesRoute } from './routes/choices-route';
// The admin's data retention, whole-data export and closing (issue #36), on the users screen.
export { DataRetentionPanel } from './components/data-retention-panel';
export { TenantDataPanel } from './components/tenant-data-panel';
