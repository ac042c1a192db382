// Texts of /legal and of each legal document's page /legal/<document> (doc 3 §2 Legal Information, §9).
import { defineCatalogue } from '../../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./legal.hi.ts, fetched only for a Hindi reader. */
export const legalPagesEn = {
  title: 'Legal Information',
  intro: 'The terms, policies and agreements that govern DockSaathi, in one place.',
  stats: { documents: 'Legal documents', compliance: 'Regulatory compliance', reviews: 'Policy reviews' },
  statValues: { reviews: 'Annual' },
  documentsTitle: 'Legal documents',
  categories: { platform: 'Platform', privacy: 'Privacy', service: 'Service' },
  lastUpdated: 'Last updated: {{date}}',
  viewDocument: 'View Document',
  backToLegal: 'Back to Legal Information',
  documents: {
    terms: {
      title: 'Terms of Service',
      description: 'The agreement between your organisation and DockSaathi for using the platform.',
      sections: {
        one: {
          title: 'Acceptance',
          text: 'By creating an account or using DockSaathi, your organisation agrees to these terms. The person who accepts them confirms they may bind the organisation.',
        },
        two: {
          title: 'The service',
          text: 'DockSaathi provides dock appointment scheduling, yard management, check-in, messaging, integrations and warehouse management as a hosted service. Features may change; we give 30 days’ notice before removing a feature you use.',
        },
        three: {
          title: 'Your accounts',
          text: 'You are responsible for the users you approve, their roles and keeping their credentials secret. Tell us at once of any unauthorised use.',
        },
        four: {
          title: 'Fees and term',
          text: 'Fees are set in your order form. Either party may end the agreement with 30 days’ written notice. On termination you may export your data for 30 days.',
        },
        five: {
          title: 'Liability',
          text: 'Each party’s total liability is capped at the fees paid in the 12 months before the claim, except for breaches of confidentiality or data protection obligations.',
        },
        six: {
          title: 'Governing law',
          text: 'These terms are governed by the laws of India; the courts of Bengaluru have exclusive jurisdiction.',
        },
      },
    },
    privacy: {
      title: 'Privacy Policy',
      description: 'How we collect, use, store and protect personal data of users and drivers.',
      sections: {
        one: {
          title: 'What we collect',
          text: 'Names, e-mail addresses, mobile numbers, vehicle numbers, licence and identity document details given at registration, and records of appointments and check-ins.',
        },
        two: {
          title: 'Why we use it',
          text: 'To run the service: sign-in, bookings, gate check-in, notifications and the audit trail. We never sell personal data.',
        },
        three: {
          title: 'Where it is kept',
          text: 'Data is stored in India (AWS Mumbai), encrypted with AES-256 at rest and TLS 1.3 in transit.',
        },
        four: {
          title: 'How long',
          text: 'Account data is kept while the account is active and deleted within 90 days of closure, unless the law requires longer.',
        },
        five: {
          title: 'Your rights',
          text: 'You may ask to see, correct or delete your data under the Digital Personal Data Protection Act, 2023. Write to privacy@docksaathi.in; we answer within 1-2 business days.',
        },
      },
    },
    dpa: {
      title: 'Data Processing Agreement',
      description: 'Our commitments as a processor of the personal data you entrust to us.',
      sections: {
        one: {
          title: 'Roles',
          text: 'Your organisation is the data fiduciary; DockSaathi processes personal data only on your documented instructions.',
        },
        two: {
          title: 'Security measures',
          text: 'Encryption, role-based access, tenant isolation, audit logging and monitored infrastructure protect the data we process.',
        },
        three: {
          title: 'Sub-processors',
          text: 'We use Amazon Web Services for hosting and messaging providers for SMS and e-mail, and give 30 days’ notice of any new sub-processor.',
        },
        four: {
          title: 'Breach notification',
          text: 'We notify you of a personal data breach without undue delay and within 24 hours of becoming aware of it.',
        },
        five: {
          title: 'Return and deletion',
          text: 'At the end of the service we return or delete your data, as you choose, within 30 days.',
        },
      },
    },
    sla: {
      title: 'Service Level Agreement',
      description: 'The availability and support response times we guarantee.',
      sections: {
        one: {
          title: 'Availability',
          text: 'DockSaathi is available 99.9% of each calendar month, excluding scheduled maintenance announced 48 hours in advance.',
        },
        two: {
          title: 'Support response',
          text: 'Emergencies are answered in under 15 minutes, live chat in under 2 minutes, e-mail within 4 hours and tickets within 8 hours.',
        },
        three: {
          title: 'Service credits',
          text: 'If availability falls below 99.9%, you receive a credit of 10% of that month’s fees for each 0.5% below the target, up to 50%.',
        },
        four: {
          title: 'Claims',
          text: 'Ask for a credit within 30 days of the end of the month concerned, through support.',
        },
      },
    },
    cookies: {
      title: 'Cookie Policy',
      description: 'The cookies DockSaathi uses and why.',
      sections: {
        one: {
          title: 'Essential cookies',
          text: 'A session cookie keeps you signed in, and a device cookie recognises a browser you signed in from before. Both are HttpOnly and cannot be read by scripts. A third says only whether this browser is signed in, as a driver or as staff, so your first screen opens sooner; it holds no secret.',
        },
        two: {
          title: 'Preferences',
          text: 'Your language choice is kept in your browser’s local storage, and in a cookie our servers read, so the site opens in the language you chose.',
        },
        three: { title: 'No tracking', text: 'We use no advertising or cross-site tracking cookies.' },
      },
    },
    aup: {
      title: 'Acceptable Use Policy',
      description: 'What you may and may not do with the platform.',
      sections: {
        one: {
          title: 'Permitted use',
          text: 'Use DockSaathi for your organisation’s logistics operations and in line with the law.',
        },
        two: {
          title: 'Prohibited use',
          text: 'Do not try to reach other customers’ data, probe or overload the service, send spam through the messaging features, or upload unlawful content.',
        },
        three: {
          title: 'Automated access',
          text: 'Use the documented API with your own credentials and within its rate limits.',
        },
        four: {
          title: 'Enforcement',
          text: 'We may suspend accounts that break this policy, with notice where possible.',
        },
      },
    },
  },
  complianceTitle: 'Compliance and Standards',
  compliance: {
    dataProtection: {
      title: 'Data protection',
      text: 'Digital Personal Data Protection Act 2023, GDPR and CCPA principles for personal data.',
    },
    security: { title: 'Security standards', text: 'ISO 27001 and SOC 2 Type II controls, AES-256 and TLS 1.3.' },
    business: {
      title: 'Business compliance',
      text: 'Information Technology Act 2000, GST invoicing and Indian contract law.',
    },
  },
  termsTitle: 'Key Legal Terms',
  terms: {
    uptime: { title: 'Uptime guarantee', text: '99.9% uptime guarantee' },
    termination: { title: 'Termination notice', text: '30 days termination notice' },
    liability: { title: 'Liability', text: 'Liability capped at 12 months of fees' },
    governing: { title: 'Governing law', text: 'Laws of India, courts of Bengaluru' },
  },
  inquiriesTitle: 'Legal Inquiries',
  inquiries: {
    general: { title: 'General legal', text: 'legal@docksaathi.in', note: 'Answered in 2-3 business days' },
    privacy: { title: 'Privacy', text: 'privacy@docksaathi.in', note: 'Answered in 1-2 business days' },
    postal: {
      title: 'Postal notices',
      text: 'DockSaathi Legal, 4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru, Karnataka 560103, India',
      note: 'Formal notices by post',
    },
  },
  updatesTitle: 'Stay Updated',
  updatesText: 'We tell customers about material changes 30 days before they take effect.',
  subscribe: 'Subscribe to Legal Updates',
  subscribeSubject: 'Subscribe to legal updates',
  disclaimer:
    'This page summarises our legal documents. If the summary and a full document differ, the full document prevails.',
} as const;

export const legalPagesText = defineCatalogue('legalPages', legalPagesEn, () =>
  import('./legal.hi').then((m) => m.legalPages),
);
