// A driver's own data (the driver app's card), the admin's erasure requests, access log, security
// incidents, data retention, whole-data export and closing (issue #36), and the notice and consent
// choice every form that takes personal data shows.
import { createElement, lazy, Suspense, type ComponentType } from 'react';

export { ChoicesLink, PrivacyNotice, useConsentChoice, type ConsentChoice } from './components/privacy-notice';
export { ChoicesRoute } from './routes/choices-route';

/**
 * A panel loaded when it is first shown, in a Suspense of its own: the sign-in, sign-up and guest
 * booking forms import the notice from here, and must not carry the admin's panels with it (the
 * sign-in page's first load is a measured budget, scripts/size-budget.ts).
 */
function shownLater(load: () => Promise<ComponentType>): ComponentType {
  const Panel = lazy(async () => ({ default: await load() }));
  return function ShownLater() {
    return createElement(Suspense, { fallback: null }, createElement(Panel));
  };
}

export const MyDataCard = shownLater(async () => (await import('./components/my-data-card')).MyDataCard);
export const ErasureRequestsPanel = shownLater(
  async () => (await import('./components/erasure-requests-panel')).ErasureRequestsPanel,
);
export const IncidentsPanel = shownLater(async () => (await import('./components/incidents-panel')).IncidentsPanel);
export const DataRetentionPanel = shownLater(
  async () => (await import('./components/data-retention-panel')).DataRetentionPanel,
);
export const TenantDataPanel = shownLater(async () => (await import('./components/tenant-data-panel')).TenantDataPanel);
