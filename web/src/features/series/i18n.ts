// Standing appointments' labels in English and Hindi (issue #32: weekly series of a regular load).
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const seriesEn = {
  title: 'Standing appointments',
  description:
    'A regular load booked every week: its appointments are booked 8 weeks ahead, and a date that cannot be booked is listed as a conflict.',
  list: {
    title: 'Series',
    empty: 'No standing appointments yet.',
    loading: 'Loading standing appointments...',
    open: 'Open',
    every: 'Every {{days}} at {{time}}',
    from: 'From {{date}}',
    until: 'until {{date}}',
    times: '{{count}} times',
  },
  status: { active: 'Active', ended: 'All booked', cancelled: 'Cancelled', paused: 'Paused' },
  weekdays: { MO: 'Mon', TU: 'Tue', WE: 'Wed', TH: 'Thu', FR: 'Fri', SA: 'Sat', SU: 'Sun' },
  form: {
    title: 'New standing appointment',
    facility: 'Facility',
    carrier: 'Carrier',
    type: 'Appointment type',
    noType: 'No type (give an end time)',
    door: 'Dock door',
    anyDoor: 'No door chosen',
    weekdays: 'Weekdays',
    timeStart: 'Start time',
    timeEnd: 'End time',
    startDate: 'Start date',
    ends: 'Ends',
    byDate: 'On a date',
    byCount: 'After a number of times',
    endDate: 'End date',
    count: 'Number of times',
    poNumber: 'PO number',
    select: 'Select',
    create: 'Create series',
    creating: 'Creating...',
  },
  detail: {
    title: 'Series from {{date}}',
    rule: 'Rule (RFC 5545)',
    occurrences: 'Occurrences',
    none: 'No occurrence booked yet: the first ones are booked as they come within 8 weeks.',
    date: 'Date',
    status: 'Status',
    door: 'Door',
    noDoor: 'Not assigned',
    conflict: 'Conflict',
    moved: 'moved to {{date}} {{time}}',
    cancelOne: 'Cancel',
    conflicts: '{{count}} conflicts',
    cancelledFrom: 'Cancelled from {{date}}: {{reason}}',
    back: 'All series',
  },
  cancelFrom: {
    title: 'Cancel from date',
    hint: 'Cancels every scheduled appointment of this series on and after the date, and books no more.',
    fromDate: 'Cancel from',
    reason: 'Reason',
    submit: 'Cancel from date',
  },
  toasts: {
    created: 'Standing appointment created',
    createFailed: 'Could not create the standing appointment',
    cancelled: 'Standing appointment cancelled from the date',
    cancelFailed: 'Could not cancel the standing appointment',
  },
} as const;

export const seriesText = defineCatalogue('series', seriesEn, () => import('./i18n.hi').then((m) => m.series));
