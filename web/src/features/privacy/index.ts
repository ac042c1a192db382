// A driver's own data (the driver app's card), the admin's erasure requests, access log, security
// incidents, data retention, whole-data export and closing (issue #36), and the notice and consent
// choice every form that takes personal data shows.
import type { ComponentType } from 'react';
import { loadLater } from '../../lib/load-later';

export { ChoicesLink, PrivacyNotice, useConsentChoice, type ConsentChoice } from './components/privacy-notice';
// The driver app's card: static while closed, what it shows once opened is fetched then.
export { MyDataCard } from './components/my-data-card';

// The panels are fetched when first shown, each in a Suspense of its own: the sign-in, sign-up and
// guest booking forms import the notice from here, and must not carry the admin's panels with it (the
// first load of a screen is a measured budget, scripts/size-budget.ts).
const shownLater = (load: () => Promise<ComponentType>) => loadLater(load, { fallback: null });

// The public choices page is fetched when shown, not with the notice every form imports from here.
export const ChoicesRoute = loadLater(async () => (await import('./routes/choices-route')).ChoicesRoute);

export const ErasureRequestsPanel = shownLater(
  async () => (await import('./components/erasure-requests-panel')).ErasureRequestsPanel,
);
export const IncidentsPanel = shownLater(async () => (await import('./components/incidents-panel')).IncidentsPanel);
export const DataRetentionPanel = shownLater(
  async () => (await import('./components/data-retention-panel')).DataRetentionPanel,
);
export const TenantDataPanel = shownLater(async () => (await import('./components/tenant-data-panel')).TenantDataPanel);
