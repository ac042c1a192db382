// Texts of the driver app's own settings and gate pass (web/src/lib/i18n/catalogue.ts).
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const driverAppEn = {
  preferences: {
    title: 'How we message you',
    intro: 'Choose the language of your messages and the channels to try, first to last.',
    language: 'Language of my messages',
    languages: { en: 'English', hi: 'हिंदी (Hindi)' },
    save: 'Save',
    saving: 'Saving...',
    saved: 'Preferences saved',
    saveFailed: 'Failed to save preferences',
    current: 'Now: messages in {{language}}, on {{channels}}.',
    change: 'Change how we message you',
    channels: { sms: 'SMS', whatsapp: 'WhatsApp', voice: 'Voice Call', email: 'Email' },
  },
  pass: {
    title: 'Gate pass',
    qrAlt: 'Gate pass QR code, booking {{reference}}',
    day: 'Day',
    window: 'Time window',
    facility: 'Facility',
    vehicle: 'Vehicle',
    hint: 'Show this code at the gate. It works without mobile data.',
    saved: 'Saved for offline use: {{time}}',
    saving: 'Saving for offline use...',
    notSaved: 'Not saved for offline use: this browser cannot keep the app. Keep this page open.',
    offline: 'No network: showing the pass saved on this phone.',
    noNetwork: 'No network: your appointments show when the phone is online again.',
  },
} as const;

export const driverAppText = defineCatalogue('driverApp', driverAppEn, () =>
  import('./i18n.hi').then((m) => m.driverApp),
);
