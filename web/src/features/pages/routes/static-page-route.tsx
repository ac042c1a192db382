// Public information pages (/features, /about, /legal...) by slug (shared/navigation.ts STATIC_PAGES).
// Each page ends with the shared footer; an unknown slug cannot reach here (the router lists them).
// Each group of pages is fetched with its own texts when one of its pages is opened (while the
// router's loading screen shows), so /about does not download the legal texts or the contact form.
import type { ComponentType } from 'react';
import { STATIC_PAGES } from '@shared/navigation';
import { loadLater } from '../../../lib/load-later';

const product = () => import('./product-pages');
const resources = () => import('./resource-pages');
const company = () => import('./company-pages');

const PAGES: Record<(typeof STATIC_PAGES)[number], ComponentType> = {
  features: loadLater(async () => (await product()).FeaturesPage),
  'mobile-app': loadLater(async () => (await product()).MobileAppPage),
  messaging: loadLater(async () => (await product()).MessagingPage),
  security: loadLater(async () => (await product()).SecurityPage),
  support: loadLater(async () => (await resources()).SupportPage),
  'help-center': loadLater(async () => (await resources()).HelpCenterPage),
  documentation: loadLater(async () => (await import('./documentation-page')).DocumentationPage),
  training: loadLater(async () => (await resources()).TrainingPage),
  contact: loadLater(async () => (await import('./contact-page')).ContactPage),
  about: loadLater(async () => (await company()).AboutPage),
  careers: loadLater(async () => (await company()).CareersPage),
  partners: loadLater(async () => (await company()).PartnersPage),
  legal: loadLater(async () => (await import('./legal-pages')).LegalPage),
};

export function StaticPageRoute({ slug }: { slug: string }) {
  const Page = PAGES[slug as keyof typeof PAGES];
  return <Page />;
}
