// Texts of the product pages: /features, /mobile-app, /messaging and /security (doc 3 §2 and doc 1).
// Lists are objects keyed by item; the pages render the keys of the English tree in order.
import { defineCatalogue } from '../../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./product.hi.ts, fetched only for a Hindi reader. */
export const productPagesEn = {
  features: {
    title: 'Features',
    intro: 'Everything DockSaathi does today for dock, yard and warehouse teams, in Hindi and English.',
    items: {
      scheduling: {
        title: 'Dock appointment scheduling',
        text: 'Slots from each facility’s hours and capacity, staff and guest booking, reschedule requests with approval, cancellation with a reason. A slot is never double booked.',
      },
      yard: {
        title: 'Live yard and spot assignment',
        text: 'Every yard spot with its truck and status, refreshed live, and Assign Spots to place waiting trucks in one step.',
      },
      checkin: {
        title: 'Gate check-in',
        text: 'Check in from the appointment list, as a walk-in, by the driver on the phone or by scanning the gate QR code; doors are assigned as trucks arrive.',
      },
      analytics: {
        title: 'Dashboard and analytics',
        text: 'Today’s schedule, gate statistics, on-time rate, dwell time and door utilisation from real data, with CSV reports.',
      },
      carriers: {
        title: 'Carriers and drivers',
        text: 'Carrier records with service types, their drivers and licence numbers, and each carrier’s punctuality.',
      },
      facilities: {
        title: 'Facilities, doors and resources',
        text: 'Facilities with hours and dock doors, slot settings, holidays, labour in-charges and equipment.',
      },
      users: {
        title: 'Registration and approval',
        text: 'Drivers, transporters, tenants and dockyard staff register with their documents; administrators approve each account.',
      },
      audit: {
        title: 'Roles and audit trail',
        text: 'Five roles with their own permissions, enforced on the server, and every change recorded with who, what and when.',
      },
    },
    moreTitle: 'See it on your phone',
    moreText: 'Drivers use DockSaathi in the phone’s browser: no app store, no installation.',
    mobileLink: 'The driver app',
    contactLink: 'Talk to us',
  },
  mobileApp: {
    title: 'Mobile App',
    intro:
      'The driver app is DockSaathi in the phone’s browser: sign in once and keep your appointment, check-in and directions at hand.',
    stepsTitle: 'A driver’s visit in four steps',
    steps: {
      book: {
        title: 'Book or see your slot',
        text: 'Your next appointment with date, time, facility and booking code on the home screen.',
      },
      scan: {
        title: 'Scan the gate QR code',
        text: 'At the gate, scan the facility’s QR code with the phone camera to open your check-in.',
      },
      checkin: {
        title: 'Check in from the phone',
        text: 'One tap checks you in; the yard sees your truck arrive at once.',
      },
      door: {
        title: 'Go to your door',
        text: 'The dock door appears as soon as it is assigned, with directions to the facility.',
      },
    },
    benefitsTitle: 'Built for the road',
    benefits: {
      browser: {
        title: 'Works in any browser',
        text: 'Chrome or any modern phone browser; nothing to install or update.',
      },
      hindi: { title: 'Hindi and English', text: 'Every screen in Hindi or English, switched with one tap.' },
      small: { title: 'Made for small screens', text: 'Large buttons and readable text on a 390-pixel phone.' },
    },
    cta: 'Sign in to the driver app',
  },
  messaging: {
    title: 'Messaging',
    intro: 'Reach drivers, carriers and facility managers on the channel they read, in Hindi and English.',
    claims: {
      delivery: '99.9% delivery and uptime',
      speed: 'Average delivery under 2 seconds',
      templates: '50+ ready templates',
      languages: 'Hindi and English languages',
    },
    channelsTitle: 'Channels',
    channels: {
      push: { title: 'Push notifications', text: 'Instant alerts on the phone for drivers and staff.' },
      email: { title: 'Email', text: 'Confirmations and reports with full details for carriers and managers.' },
      sms: { title: 'SMS', text: 'Works on every phone, even without data.' },
      inApp: { title: 'In-app', text: 'Notifications in the dashboard for operators and administrators.' },
    },
    useCasesTitle: 'Use cases',
    useCases: {
      confirmations: {
        title: 'Appointment confirmations',
        text: 'Slot, facility and booking code sent as soon as a booking is made.',
      },
      arrivals: { title: 'Arrival notifications', text: 'Staff know the moment a truck checks in at the gate.' },
      delays: { title: 'Delay alerts', text: 'Drivers and operators warned when an appointment is running late.' },
      status: { title: 'Status updates', text: 'Loading, unloading and departure shared with the carrier.' },
      emergency: { title: 'Emergency alerts', text: 'Urgent notices to everyone on site at once.' },
      compliance: {
        title: 'Compliance reminders',
        text: 'Licence, document and safety reminders before they lapse.',
      },
    },
    featuresTitle: 'Features',
    features: {
      routing: {
        title: 'Smart routing',
        text: 'Each message goes by the channel the person reads, with a fallback.',
      },
      groups: { title: 'Group messaging', text: 'One message to all drivers of a carrier or a shift.' },
      scheduled: { title: 'Scheduled messages', text: 'Reminders sent at the right time before each slot.' },
      encryption: { title: 'Encryption', text: 'Messages and credentials encrypted in transit and at rest.' },
    },
    featuresLink: 'All features',
    contactLink: 'Contact us',
  },
  security: {
    title: 'Security',
    intro: 'Your operations data is protected with AES-256 encryption, TLS 1.3 and data kept in India.',
    areasTitle: 'How we protect your data',
    areas: {
      encryption: { title: 'Encryption', text: 'AES-256 at rest and TLS 1.3 in transit for every request.' },
      access: { title: 'Access control', text: 'Role-based permissions checked on the server for every call.' },
      residency: { title: 'Data residency', text: 'Data kept in India, in AWS Mumbai.' },
      audit: { title: 'Audit trail', text: 'Every change recorded with who made it and when.' },
      isolation: { title: 'Tenant isolation', text: 'Each customer’s data separated and never visible to another.' },
      monitoring: { title: 'Monitoring', text: 'Round-the-clock monitoring with alarms and rate limits.' },
    },
    certificationsTitle: 'Certifications',
    certifications: { iso: 'ISO 27001', soc2: 'SOC 2 Type II', gdpr: 'GDPR', ccpa: 'CCPA' },
    metricsTitle: 'In numbers',
    metrics: { uptime: 'uptime', encryption: 'encryption', monitoring: 'monitoring', response: 'incident response' },
    contactLink: 'Contact security',
    docsLink: 'Documentation',
  },
} as const;

export const productPagesText = defineCatalogue('productPages', productPagesEn, () =>
  import('./product.hi').then((m) => m.productPages),
);
