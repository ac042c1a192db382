// Pure scheduling rules: quarter-hour blocks, opening hours, the past, arrival punctuality,
// booking references.
import { randomBytes } from 'node:crypto';
import { BLOCK_MINUTES, type Appointment, type ArrivalOutcome } from '../../shared/contracts/appointments';
import { MINUTES_PER_DAY } from '../../shared/contracts/appointment-types';
import { fromMinutes, localDateTime, toMinutes } from '../../shared/time';

/** The quarter-hour blocks a window covers: 10:00-10:45 -> 10:00, 10:15, 10:30. */
export function quarterBlocks(start: string, end: string): string[] {
  const blocks: string[] = [];
  for (let m = toMinutes(start); m < toMinutes(end); m += BLOCK_MINUTES) blocks.push(fromMinutes(m));
  return blocks;
}

/**
 * The quarter hours of a window on `date` not yet over at `now` (the one under way included), in the
 * facility's time zone: all of a later day's, none of an earlier day's.
 */
export function blocksFromNow(timeZone: string, date: string, start: string, end: string, now: Date): string[] {
  const local = localDateTime(now, timeZone);
  if (date !== local.date) return date > local.date ? quarterBlocks(start, end) : [];
  const current = fromMinutes(Math.floor(toMinutes(local.time) / BLOCK_MINUTES) * BLOCK_MINUTES);
  return quarterBlocks(start, end).filter((block) => block >= current);
}

/**
 * The door time still to come at `now` (from the quarter hour under way; null when it is over): a truck
 * reaching its door on time after its window began does not claim the quarters gone by, which may be
 * held by a truck that stood there (issue #58.3: called forward, missed its call, taken back).
 */
export function doorTimeAhead(timeZone: string, t: DoorTime, now: Date): DoorTime | null {
  const [first] = blocksFromNow(timeZone, t.date, t.start, t.end, now);
  return first ? { ...t, start: first } : null;
}

export function withinOpeningHours(
  facility: { operatingHoursStart: string; operatingHoursEnd: string },
  start: string,
  end: string,
): boolean {
  return (
    toMinutes(start) >= toMinutes(facility.operatingHoursStart) &&
    toMinutes(end) <= toMinutes(facility.operatingHoursEnd)
  );
}

/** The one "has the window started" rule, shared with the facilities' slot rules. */
export { hasStarted } from '../../shared/time';

export const ON_TIME_TOLERANCE_MINUTES = 15;

/**
 * Punctuality of an arrival against the scheduled start, in the facility's time zone: within
 * 15 minutes either side is on time, earlier is early (an earlier day too), later is late.
 */
export function arrivalOutcome(timeZone: string, date: string, start: string, arrivedAt: Date): ArrivalOutcome {
  const local = localDateTime(arrivedAt, timeZone);
  if (local.date !== date) return local.date < date ? 'early' : 'late';
  const offset = toMinutes(local.time) - toMinutes(start);
  if (offset < -ON_TIME_TOLERANCE_MINUTES) return 'early';
  return offset <= ON_TIME_TOLERANCE_MINUTES ? 'onTime' : 'late';
}

export { isPunctual } from '../../shared/contracts/appointments';

type DoorTime = NonNullable<Appointment['doorTime']>;
type Window = Pick<Appointment, 'scheduledDate' | 'scheduledTimeStart' | 'scheduledTimeEnd' | 'doorTime'>;

/** The door time an appointment holds: a late truck's from its arrival, else its window. */
export const heldWindow = (a: Window): DoorTime =>
  a.doorTime ?? { date: a.scheduledDate, start: a.scheduledTimeStart, end: a.scheduledTimeEnd };

/**
 * The door time of a truck that reaches its door at `now` (issue #52.5): a late one (arrivalOutcome)
 * holds it from the quarter hour under way for its window's length, ending by 23:59 as a walk-in does;
 * null for one that is early or on time (its window).
 */
export function lateDoorTime(timeZone: string, a: Window, now: Date): DoorTime | null {
  if (arrivalOutcome(timeZone, a.scheduledDate, a.scheduledTimeStart, now) !== 'late') return null;
  const local = localDateTime(now, timeZone);
  const start = Math.floor(toMinutes(local.time) / BLOCK_MINUTES) * BLOCK_MINUTES;
  const length = toMinutes(a.scheduledTimeEnd) - toMinutes(a.scheduledTimeStart);
  return {
    date: local.date,
    start: fromMinutes(start),
    end: fromMinutes(Math.min(start + length, MINUTES_PER_DAY - 1)),
  };
}

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U

/** DS-<yymmdd>-<6 characters>, easy to read out over the phone. */
export function bookingReference(date: string): string {
  const bytes = randomBytes(6);
  const code = [...bytes].map((b) => ALPHABET[b % 32]).join('');
  return `DS-${date.slice(2).replaceAll('-', '')}-${code}`;
}
