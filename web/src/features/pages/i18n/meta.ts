// Titles and descriptions of the public pages (document title, meta description, sitemap) and the
// words the page layout shares. The visible headings are the page catalogues' own titles.
import { defineCatalogue } from '../../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./meta.hi.ts, fetched only for a Hindi reader. */
export const pagesEn = {
  meta: {
    features:
      'Dock scheduling, live yard, gate check-in, analytics, carriers and audit trail: what DockSaathi does for Indian logistics hubs.',
    'mobile-app':
      'The DockSaathi driver app in the phone browser: appointments, QR gate check-in, dock door and directions in Hindi and English.',
    messaging:
      'Push, email, SMS and in-app messages for appointment confirmations, arrivals, delays and emergencies, in Hindi and English.',
    security: 'AES-256 encryption, TLS 1.3, data kept in India, role-based access and a full audit trail.',
    support: 'Live chat, email, phone and tickets with hours and response times, plus emergency contacts.',
    'help-center': 'Search DockSaathi help articles by category: appointments, yard, check-in, reports and accounts.',
    documentation:
      'Guides, tutorials, integrations and the complete DockSaathi API reference with an OpenAPI download.',
    training:
      'Learning tracks for administrators, operators and drivers, a video library, webinars and certifications.',
    contact: 'Write to DockSaathi: general questions, demos, sales, technical support, partnerships and media.',
    about: 'The mission, team and journey of DockSaathi, built in India for logistics hubs.',
    careers: 'Open roles at DockSaathi, our benefits and a five-step interview process.',
    partners: 'Reseller, technology, implementation and referral partnerships with 20%, 25% and 30% revenue share.',
    legal:
      'Terms of Service, Privacy Policy, Data Processing Agreement, Service Level Agreement, Cookie Policy and Acceptable Use Policy.',
  },
  skipToContent: 'Skip to content',
  home: 'Home',
  relatedLinks: 'Related pages',
  tryAgain: 'Please try again.',
} as const;

export const pagesText = defineCatalogue('pages', pagesEn, () => import('./meta.hi').then((m) => m.pages));
