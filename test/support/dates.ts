// Dates as a person at the demo hub (India) sees them. Every test that names a day takes it from
// here, so none computes a UTC day by accident (between 18:30 and 24:00 UTC, India is a day ahead).
import { addDays, localDateTime } from '../../shared/time';

const INDIA = 'Asia/Kolkata';

/** The date (YYYY-MM-DD) `days` from today in India. */
export function indiaDate(days = 0, now = new Date()): string {
  return addDays(localDateTime(now, INDIA).date, days);
}

/** Months from the month of `from` to the month of `to` (both YYYY-MM-DD). */
export function monthsBetween(from: string, to: string): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
}

/** The first day of the month `months` after the month of `date`. */
export function monthStart(date: string, months: number): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}
