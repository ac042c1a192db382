// Dates and times of day in a facility's time zone. Slot dates and opening hours are local to the
// facility (default DEFAULT_TIME_ZONE below); instants are stored as ISO strings in UTC.
import { dateTimeFormat } from './intl';

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isValidDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Minutes since midnight of 'HH:mm'. */
export function toMinutes(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

export function fromMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * A facility's time zone unless it names one: the default of the facility form (a new facility, a
 * sign-up's first facility) and of a day counted where no facility is known. The only place the zone
 * is written; every other clock reads the facility's own `timeZone`.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** A facility's zone: its own, or the default for a facility not found. */
export function facilityTimeZone(facility: { timeZone?: string | null } | null | undefined): string {
  return facility?.timeZone || DEFAULT_TIME_ZONE;
}

/** An instant on a facility's clock: its local day (YYYY-MM-DD) and time (HH:mm). */
export function facilityClock(
  facility: { timeZone?: string | null } | null | undefined,
  instant: Date,
): { date: string; time: string } {
  return localDateTime(instant, facilityTimeZone(facility));
}

/** The local date (YYYY-MM-DD) and time (HH:mm) of an instant in a time zone. */
export function localDateTime(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/**
 * The instant at which a facility's clock shows `date` `time` (a local day and 'HH:mm' in `timeZone`):
 * the inverse of localDateTime. A wall time skipped by a daylight-saving jump has no instant; one an
 * hour off is given.
 */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let instant = wall;
  // The zone's offset at the guess, applied twice: the second pass settles a guess across a DST change.
  for (let pass = 0; pass < 2; pass++) {
    const local = localDateTime(new Date(instant), timeZone);
    instant -= Date.parse(`${local.date}T${local.time}:00Z`) - wall;
  }
  return new Date(instant);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Whether a window (slot or appointment) starting at `date` `start` has started at `now`, in the
 * facility's time zone. The start minute itself counts as started: a window starting at 10:00 has
 * started at 10:00:00, so it can no longer be booked or offered from that instant on. The one rule
 * for both availability (facilities' slots) and booking (appointments).
 */
export function hasStarted(timeZone: string, date: string, start: string, now: Date): boolean {
  const local = localDateTime(now, timeZone);
  return date < local.date || (date === local.date && start <= local.time);
}

/** True when [aStart, aEnd) and [bStart, bEnd) share any minute ('HH:mm' strings). */
export function overlaps(aStart: string, aEnd: string, bStart: string, bEnd: string): boolean {
  return toMinutes(aStart) < toMinutes(bEnd) && toMinutes(bStart) < toMinutes(aEnd);
}
