// Facility booking links' texts in English and Hindi (issue #32): the staff section in /configuration
// and the public /book/<token> page.
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const bookingLinksEn = {
  title: 'Booking links',
  description:
    'A link to this facility’s booking form with a 6-digit access code, to share by SMS or WhatsApp. A fleet owner can forward it to a driver. Bookings through it follow the booking rules.',
  label: 'Label *',
  carrier: 'Books for carrier',
  anyCarrier: 'No carrier (bookers name themselves)',
  validDays: 'Valid for (days)',
  create: 'Create link',
  creating: 'Creating...',
  empty: 'No booking links yet.',
  codeShown: 'Access code {{code}}: it is shown only now. Send it with the link or note it down.',
  expires: 'Valid until {{date}}',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
  forCarrier: 'For {{carrier}}',
  copy: 'Copy link',
  revoke: 'Withdraw',
  newCode: 'New code',
  send: 'Send link',
  sendTo: 'Mobile number',
  sendLanguage: 'Message language',
  sendChannel: 'Send by',
  channels: { sms: 'SMS', whatsapp: 'WhatsApp' },
  languages: { en: 'English', hi: 'Hindi' },
  sending: 'Sending...',
  recode: {
    title: 'Replace the access code?',
    text: 'The code of “{{label}}” stops working at once: whoever has only that code cannot book through the link until they get the new one. To send the link again with its current code, use Send link instead.',
    confirm: 'Make a new code',
  },
  toasts: {
    created: 'Booking link created',
    revoked: 'Booking link withdrawn',
    recoded: 'New access code made',
    sent: 'Booking link sent',
    sentTo: 'Sent by {{channel}} to {{phone}}, with the link’s current access code.',
    notSent: 'The booking link could not be sent',
    failed: 'The booking link could not be changed',
  },
  page: {
    title: 'Book a slot',
    intro: 'Enter the 6-digit access code you received with this link.',
    code: 'Access code',
    open: 'Continue',
    opening: 'Checking...',
    bookingAt: 'Booking at {{facility}} ({{company}})',
    forCarrier: 'Bookings through this link are for {{carrier}}.',
    book: 'Book a slot',
    type: 'Appointment type',
    noType: 'No type',
  },
} as const;

export const bookingLinksText = defineCatalogue('bookingLinks', bookingLinksEn, () =>
  import('./i18n.hi').then((m) => m.bookingLinks),
);
