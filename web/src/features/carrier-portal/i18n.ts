// Carrier self-service's labels in English and Hindi (issue #32): sign-in by mobile number and code,
// and the facility's booking rules in /configuration.
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const carrierPortalEn = {
  scorecard: {
    title: 'Carrier Scorecard',
    ownTitle: 'Your scorecard',
    description:
      'Per carrier for the month: on-time (early counts as on time), late, no-shows, time on site, and cancellations inside the change cut-off',
    label: 'Carrier scorecard',
    month: 'Month',
    export: 'Export scorecard (CSV)',
    empty: 'No carrier appointments in this month',
    failed: 'Failed to load the scorecard',
    loading: 'Loading scorecard...',
    minutes: '{{value}} min',
    columns: {
      carrier: 'Carrier',
      appointments: 'Appointments',
      onTime: 'On-time',
      early: 'Early',
      late: 'Late',
      noShows: 'No-shows',
      avgDwell: 'Avg dwell',
      lateCancellations: 'Late cancellations',
      medianDwell: 'Median dwell',
      p90Dwell: 'p90 dwell',
      overTwoHours: 'Kept over 2 h',
    },
    hubs: {
      label: 'How long each hub kept your trucks',
      facility: 'Hub',
      trucks: 'Trucks',
    },
    statements: 'Your detention statements',
  },
  mobile: {
    open: 'Sign in with mobile number',
    back: 'Sign in with password',
    number: 'Mobile number',
    numberPlaceholder: '98XXXXXXXX',
    send: 'Send code',
    sending: 'Sending...',
    code: '6-digit code',
    verify: 'Sign in',
    verifying: 'Signing In...',
    resend: 'Send a new code',
    failed: 'Sign-in failed',
  },
  rules: {
    title: 'Booking rules',
    description:
      'How far ahead carriers and guests may book, when changes close before a slot, and when drivers are reminded. Staff can override the change cut-off.',
    minLeadHours: 'Book at least (hours ahead)',
    maxLeadHours: 'Book at most (hours ahead)',
    nextDayCutoff: 'Bookings for the next day close at (facility time)',
    changeCutoffHours: 'Changes close (hours before the slot)',
    onePerVehiclePerDay: 'At most one open appointment per vehicle per day',
    approvalRequired: 'Carrier bookings need staff approval',
    reminderMinutes: 'Remind the driver (minutes before the slot)',
    none: 'Leave empty for no limit',
    save: 'Save booking rules',
    saved: 'Booking rules saved',
    failed: 'Could not save the booking rules',
  },
} as const;

export const carrierPortalText = defineCatalogue('carrierPortal', carrierPortalEn, () =>
  import('./i18n.hi').then((m) => m.carrierPortal),
);
