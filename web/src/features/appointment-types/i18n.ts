// Appointment types and custom booking fields (issue #32), in English and Hindi.
import { defineCatalogue } from '../../lib/i18n/catalogue';

/** The English texts; the Hindi ones are in ./i18n.hi.ts, fetched only for a Hindi reader. */
export const appointmentTypesEn = {
  title: 'Appointment types and booking fields',
  description:
    'What a load is and how long it takes at the door, which doors take it, and the questions every booking answers.',
  types: {
    title: 'Appointment types',
    empty: 'No appointment types yet: every booking takes one slot.',
    name: 'Name (English) *',
    nameHi: 'Name (Hindi)',
    direction: 'Direction',
    directions: { inbound: 'Inbound delivery', outbound: 'Outbound pickup' },
    doors: 'Doors that take it (none ticked: every door)',
    vehicles: 'Vehicle types',
    rule: 'Duration',
    rules: { fixed: 'Fixed minutes', 'per-unit': 'Minutes per pallet or unit' },
    minutes: 'Minutes *',
    unit: 'Counted by',
    units: { pallet: 'Pallet', unit: 'Unit' },
    minutesPerUnit: 'Minutes per pallet or unit *',
    minMinutes: 'Shortest (minutes) *',
    maxMinutes: 'Longest (minutes) *',
    maxQuantity: 'Most per load *',
    add: 'Add type',
    remove: 'Delete',
    fixedSummary: '{{minutes}} min',
    perUnitSummary: '{{perUnit}} min per {{unit}}, {{min}}–{{max}} min, up to {{most}}',
    allDoors: 'every door',
    grid: 'Rounded up to the {{minutes}}-minute slot grid.',
  },
  fields: {
    title: 'Custom booking fields',
    empty: 'No custom booking fields yet.',
    label: 'Label (English) *',
    labelHi: 'Label (Hindi)',
    kind: 'Kind',
    kinds: { text: 'Text', number: 'Number', date: 'Date', dropdown: 'Dropdown', checkbox: 'Checkbox' },
    options: 'Options (comma-separated)',
    forType: 'Asked for',
    everyType: 'Every booking',
    requiredForStaff: 'Required for staff',
    requiredForCarriers: 'Required for carriers',
    hiddenFromCarriers: 'Hidden from carriers',
    pattern: 'Pattern (text)',
    min: 'Minimum (number)',
    max: 'Maximum (number)',
    message: 'Message when it does not fit (English)',
    messageHi: 'Message when it does not fit (Hindi)',
    unique: 'Unique at this facility',
    add: 'Add field',
    remove: 'Delete',
  },
  booking: {
    type: 'Appointment type',
    noType: 'No type (one slot)',
    length: 'Length: {{minutes}} minutes',
    search: 'Search bookings',
  },
  toasts: {
    typeSaved: 'Appointment type saved',
    typeFailed: 'Failed to save the appointment type',
    typeDeleted: 'Appointment type deleted',
    fieldSaved: 'Booking field saved',
    fieldFailed: 'Failed to save the booking field',
    fieldDeleted: 'Booking field deleted',
  },
} as const;

export const appointmentTypesText = defineCatalogue('appointmentTypes', appointmentTypesEn, () =>
  import('./i18n.hi').then((m) => m.appointmentTypes),
);
