// The set-up checklist's texts (issue #53), a catalogue of their own: fetched with the checklist, not
// with the top bar's organisation switch that loads tenancy's catalogue on every staff screen.
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./setup-i18n.hi.ts, fetched only for a Hindi reader. */
export const setupChecklistEn = {
  title: 'Set up your hub',
  intro: 'A few steps before carriers book and drivers get messages. Each says what does not work until it is done.',
  progress: '{{done}} of {{total}} done',
  done: 'Done',
  todo: 'To do',
  open: 'Set up',
  openStep: 'Set up: {{step}}',
  loadFailed: 'The set-up checklist could not be loaded',
  steps: {
    dltEntity: {
      title: 'DLT entity ID',
      what: 'Your business’s registration on the operators’ DLT platform (TRAI rules). Until it is entered, no SMS leaves: booking confirmations and gate pass links reach drivers by SMS only after it.',
    },
    dltHeader: {
      title: 'SMS sender header',
      what: 'The 6-letter name your SMS come from, registered on DLT. Until it is entered, no SMS is sent.',
    },
    dltTemplates: {
      title: 'DLT template IDs',
      what: 'The ID DLT gave each message text you registered. The booking confirmation needs its English and Hindi IDs: until then a carrier who books gets no SMS.',
    },
    whatsapp: {
      title: 'WhatsApp number',
      what: 'Your WhatsApp Business number. Until it is connected, drivers who chose WhatsApp get SMS instead.',
    },
    doors: {
      title: 'Facility and dock doors',
      what: 'Your facility, its hours and its doors. Until it has a door, no slot can be booked.',
    },
    appointmentTypes: {
      title: 'Appointment types',
      what: 'What a truck comes for and how long it takes. Until you add one, every booking takes a standard slot and door time is not planned by load.',
    },
    carrier: {
      title: 'A carrier',
      what: 'The transporters who book with you. Until you add one, you cannot give a carrier a booking link of its own.',
    },
    bookingLink: {
      title: 'A booking link',
      what: 'The link and access code carriers book with. Until you make one, carriers cannot book with you themselves.',
    },
    gateDevice: {
      title: 'The gate device',
      what: 'An account for the security officer’s phone or tablet at the gate (invite a Security Officer). Until one exists, the gate cannot check passes or check trucks in, also offline.',
    },
  },
} as const;

export const setupChecklistText = /* @__PURE__ */ defineCatalogue('setupChecklist', setupChecklistEn, () =>
  import('./setup-i18n.hi').then((m) => m.setupChecklist),
);
