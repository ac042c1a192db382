// Recounts the counters of bookings from the appointments they count: a facility day's booking
// count (which keeps a holiday off a booked day) and a slot's places taken (which keeps guests within
// its capacity). A counter goes wrong when appointments were written before it existed, or when a
// decrement found it short and left it at 0 (functions/lib/counters.ts logs that). Every date that has
// a counter, and the next `days` days, are recounted with Query on keys; each counter is written only
// over the value read before the count, so a booking landing meanwhile makes the day count again.
// Run by functions/local/reconcile-counters.ts (docs/operations.md).
import {
  listCountedDates,
  listFacilities,
  listSlotRecords,
  readDayBookings,
  setDayBookings,
  setSlotPlaces,
  slotsOf,
  type Facility,
} from '../facilities';
import { listAppointmentsByDate } from './appointment.store';
import { addDays, localDateTime } from '../../shared/time';
import type { Appointment } from '../../shared/contracts/appointments';

/** A staff or guest booking stays on its day's count until cancelled (a walk-in is never counted; a no-show keeps its day). */
export const countsOnDay = (a: Appointment) => a.bookingType !== 'walk_in' && a.status !== 'cancelled';

/** A guest booking holds its slot's place until cancelled or marked a no-show. */
export const holdsSlotPlace = (a: Appointment) =>
  a.slotId !== null && a.status !== 'cancelled' && a.status !== 'no_show';

export interface CounterCorrection {
  counter: 'day bookings' | 'slot places';
  facilityId: string;
  date: string;
  /** The slot's start (slot places only). */
  startTime?: string;
  /** The value stored before (null: there was no counter). */
  was: number | null;
  count: number;
}

/** How many times a day is counted again when bookings keep landing while it is recounted. */
const ATTEMPTS = 5;

export async function reconcileCounters(
  tenantId: string,
  options: { days?: number; now?: Date } = {},
): Promise<CounterCorrection[]> {
  const { days = 90, now = new Date() } = options;
  const corrections: CounterCorrection[] = [];
  for (const facility of await listFacilities(tenantId)) {
    const today = localDateTime(now, facility.timeZone).date;
    const dates = new Set(await listCountedDates(tenantId, facility.id));
    for (let i = 0; i <= days; i++) dates.add(addDays(today, i));
    for (const date of [...dates].sort()) corrections.push(...(await reconcileDay(facility, date, now)));
  }
  return corrections;
}

async function reconcileDay(facility: Facility, date: string, now: Date): Promise<CounterCorrection[]> {
  const { tenantId, id: facilityId } = facility;
  for (let attempt = 1; ; attempt++) {
    // The counters before the appointments: one booked in between moves a counter, and its write fails.
    const [dayCount, records] = await Promise.all([
      readDayBookings(tenantId, facilityId, date),
      listSlotRecords(tenantId, facilityId, date),
    ]);
    const appointments = await listAppointmentsByDate(tenantId, date, facilityId);
    const corrections: CounterCorrection[] = [];
    const writes: Promise<boolean>[] = [];

    const count = appointments.filter(countsOnDay).length;
    if (count !== (dayCount ?? 0)) {
      corrections.push({ counter: 'day bookings', facilityId, date, was: dayCount, count });
      writes.push(setDayBookings(tenantId, facilityId, date, dayCount, count));
    }

    const placesTaken = new Map<string, Appointment[]>();
    for (const a of appointments.filter(holdsSlotPlace))
      placesTaken.set(a.scheduledTimeStart, [...(placesTaken.get(a.scheduledTimeStart) ?? []), a]);
    for (const record of records) {
      const taken = placesTaken.get(record.startTime)?.length ?? 0;
      if (taken === record.bookedCount) continue;
      corrections.push({
        counter: 'slot places',
        facilityId,
        date,
        startTime: record.startTime,
        was: record.bookedCount,
        count: taken,
      });
      writes.push(setSlotPlaces(tenantId, facilityId, record, record.bookedCount, taken));
    }
    const unrecorded = [...placesTaken].filter(([start]) => !records.some((r) => r.startTime === start));
    if (unrecorded.length) {
      const generated = await slotsOf(facility, date, now);
      for (const [startTime, holders] of unrecorded) {
        // A slot no longer generated (the hours changed) keeps its booking's times and is full.
        const slot = generated.find((s) => s.startTime === startTime) ?? {
          facilityId,
          slotDate: date,
          startTime,
          endTime: holders[0]!.scheduledTimeEnd,
          capacity: holders.length,
        };
        corrections.push({ counter: 'slot places', facilityId, date, startTime, was: null, count: holders.length });
        writes.push(setSlotPlaces(tenantId, facilityId, slot, null, holders.length));
      }
    }

    const written = await Promise.all(writes);
    if (written.every(Boolean)) return corrections;
    if (attempt === ATTEMPTS)
      throw new Error(
        `The counters of ${facilityId} on ${date} kept changing while they were recounted; run the recount again`,
      );
  }
}
