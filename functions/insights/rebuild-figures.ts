// Rebuilds the read model's day counters from the lists (the computation the counters replace), for
// data the stream worker never saw: the local demo seed (written before the workers start) and, in
// AWS, data older than the stream mapping (an operator runs it once, with writes paused, see
// docs/performance.md). Each day is replaced whole, so running it twice gives the same counters.
import { addDays, localDateTime } from '../../shared/time';
import { listAppointmentsOfDays } from '../appointments';
import { listCheckinsSince } from '../checkins';
import { getFacility } from '../facilities';
import { contributionOf, sumContributions, type Contribution } from './day-figures';
import { putDay } from './day-figures.store';

const asItem = (entity: string, value: object) => ({ entity, ...value }) as Record<string, unknown>;

/** The counters the lists give for each of the facility's days from `from` to `to` (inclusive). */
export async function countDays(
  tenantId: string,
  facilityId: string,
  from: string,
  to: string,
): Promise<Contribution[]> {
  const facility = await getFacility(tenantId, facilityId);
  if (!facility) return [];
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  const appointments = await listAppointmentsOfDays(tenantId, dates, facilityId);
  // Check-ins are listed by arrival instant; a day is counted in the facility's time zone.
  const since = new Date(new Date(`${from}T00:00:00Z`).getTime() - 24 * 3600 * 1000).toISOString();
  const checkins = (await listCheckinsSince(tenantId, since)).filter((c) => {
    const day = localDateTime(new Date(c.checkInTime), facility.timeZone).date;
    return c.facilityId === facilityId && day >= from && day <= to;
  });
  const zone = () => facility.timeZone;
  const parts = [
    ...appointments.map((a) => contributionOf(asItem('appointment', a), zone)),
    ...checkins.map((c) => contributionOf(asItem('checkin', c), zone)),
  ];
  const days = new Map(sumContributions(parts.filter((p): p is Contribution => p !== null)).map((d) => [d.date, d]));
  return dates.map((date) => days.get(date) ?? { tenantId, facilityId, date, counters: {} });
}

export async function rebuildDayFigures(tenantId: string, facilityId: string, from: string, to: string): Promise<void> {
  for (const day of await countDays(tenantId, facilityId, from, to)) await putDay(day);
}

/** The usual window: the 90 days analytics reads back and the month ahead that bookings reach. */
export function rebuildWindow(now: Date, timeZone: string) {
  const today = localDateTime(now, timeZone).date;
  return { from: addDays(today, -90), to: addDays(today, 30) };
}
