// The instants `npm run test:clock` runs the date- and time-sensitive tests at (scripts/test-clock.ts),
// each with what a person at the demo hub in India sees then, written by hand from the calendar:
// never computed by the code under test. The demo hub opens 08:00-18:00 with one-hour slots.

export interface ClockInstant {
  name: string;
  /** The instant, in UTC: what faketime sets. */
  utc: string;
  /** India's date and time then. */
  date: string;
  time: string;
  yesterday: string;
  tomorrow: string;
  /** The guest calendar's heading and today's button name (English). */
  month: string;
  longDay: string;
  /** The first of today's slots not yet started, or null when the day's last slot has started. */
  firstOpenSlot: string | null;
  /** A walk-in checked in then at the demo hub: its window, from the quarter hour under way for two
   * hours, ending by 23:59 (a day's appointment ends within its day). */
  walkIn: { start: string; end: string };
  /**
   * Runs every date-sensitive suite (scripts/test-clock.ts), not only the core: the instants just after
   * IST midnight, where a UTC day and India's day differ, get the whole set.
   */
  full?: boolean;
  /** Only the journeys of a hub in Singapore (scripts/test-clock.ts), with its calendar then. */
  singapore?: { date: string; month: string; longDay: string };
}

export const CLOCK_INSTANTS: ClockInstant[] = [
  {
    name: 'month-end-evening',
    utc: '2026-11-30T14:30:00Z',
    date: '2026-11-30',
    time: '20:00',
    yesterday: '2026-11-29',
    tomorrow: '2026-12-01',
    month: 'November 2026',
    longDay: '30 November 2026',
    firstOpenSlot: null,
    walkIn: { start: '20:00', end: '22:00' },
  },
  {
    name: 'year-end-before-midnight',
    utc: '2026-12-31T18:15:00Z',
    date: '2026-12-31',
    time: '23:45',
    yesterday: '2026-12-30',
    tomorrow: '2027-01-01',
    month: 'December 2026',
    longDay: '31 December 2026',
    firstOpenSlot: null,
    walkIn: { start: '23:45', end: '23:59' },
  },
  {
    name: 'new-year-after-midnight',
    utc: '2026-12-31T18:31:00Z',
    date: '2027-01-01',
    time: '00:01',
    yesterday: '2026-12-31',
    tomorrow: '2027-01-02',
    month: 'January 2027',
    longDay: '1 January 2027',
    firstOpenSlot: '08:00',
    walkIn: { start: '00:00', end: '02:00' },
    full: true,
  },
  {
    name: 'leap-day-noon',
    utc: '2028-02-29T06:30:00Z',
    date: '2028-02-29',
    time: '12:00',
    yesterday: '2028-02-28',
    tomorrow: '2028-03-01',
    month: 'February 2028',
    longDay: '29 February 2028',
    firstOpenSlot: '13:00',
    walkIn: { start: '12:00', end: '14:00' },
  },
  {
    name: 'leap-day-after-midnight',
    utc: '2028-02-28T18:40:00Z',
    date: '2028-02-29',
    time: '00:10',
    yesterday: '2028-02-28',
    tomorrow: '2028-03-01',
    month: 'February 2028',
    longDay: '29 February 2028',
    firstOpenSlot: '08:00',
    walkIn: { start: '00:00', end: '02:00' },
    full: true,
  },
  // A hub in Singapore (UTC+8, 2 h 30 min ahead of India): at 23:30 there both days agree; at 00:30 on
  // 1 January Singapore is in the new year while India is still on 31 December.
  {
    name: 'singapore-late-evening',
    utc: '2026-12-31T15:30:00Z',
    date: '2026-12-31',
    time: '21:00',
    yesterday: '2026-12-30',
    tomorrow: '2027-01-01',
    month: 'December 2026',
    longDay: '31 December 2026',
    firstOpenSlot: null,
    walkIn: { start: '21:00', end: '23:00' },
    singapore: { date: '2026-12-31', month: 'December 2026', longDay: '31 December 2026' },
  },
  {
    name: 'singapore-after-midnight',
    utc: '2026-12-31T16:30:00Z',
    date: '2026-12-31',
    time: '22:00',
    yesterday: '2026-12-30',
    tomorrow: '2027-01-01',
    month: 'December 2026',
    longDay: '31 December 2026',
    firstOpenSlot: null,
    walkIn: { start: '22:00', end: '23:59' },
    singapore: { date: '2027-01-01', month: 'January 2027', longDay: '1 January 2027' },
  },
];

/** The instant this run is faked at (CLOCK_INSTANT, set by scripts/test-clock.ts), if any. */
export function clockInstant(): ClockInstant | undefined {
  const name = process.env.CLOCK_INSTANT;
  if (!name) return undefined;
  const found = CLOCK_INSTANTS.find((i) => i.name === name);
  if (!found) throw new Error(`CLOCK_INSTANT=${name} is not one of ${CLOCK_INSTANTS.map((i) => i.name).join(', ')}`);
  return found;
}
