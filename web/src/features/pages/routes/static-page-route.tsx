// Public information pages (/features, /about, /legal...) by slug (shared/navigation.ts STATIC_PAGES).
// Each page ends with the shared footer; an unknown slug cannot reach here (the router lists them).
import type { ComponentType } from 'react';
import { STATIC_PAGES } from '@shared/navigation';
import { FeaturesPage, MessagingPage, MobileAppPage, SecurityPage } from './product-pages';
import { HelpCenterPage, SupportPage, TrainingPage } from './resource-pages';
import { DocumentationPage } from './documentation-page';
import { AboutPage, CareersPage, ContactPage, PartnersPage } from './company-pages';
import { LegalPage } from './legal-pages';

const PAGES: Record<(typeof STATIC_PAGES)[number], ComponentType> = {
  features: FeaturesPage,
  'mobile-app': MobileAppPage,
  messaging: MessagingPage,
  security: SecurityPage,
  support: SupportPage,
  'help-center': HelpCenterPage,
  documentation: DocumentationPage,
  training: TrainingPage,
  contact: ContactPage,
  about: AboutPage,
  careers: CareersPage,
  partners: PartnersPage,
  legal: LegalPage,
};

export function StaticPageRoute({ slug }: { slug: string }) {
  const Page = PAGES[slug as keyof typeof PAGES];
  return <Page />;
}
