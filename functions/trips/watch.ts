// The trip watch (functions/workers.ts 'trips-watch', every 5 minutes): for each appointment of today
// and tomorrow with a vehicle number at a facility whose watch is on, from the watch's start (default
// 8 h before the window) until the truck arrives or the appointment is cancelled, FASTag's crossings
// are asked within the call budget (one call per vehicle per interval, longer when far; an answer is
// shared by every appointment of the vehicle), each crossing stored once by seqNo, and the trip's
// state and estimate written; a late trip raises its alert once (alert.ts).
import { fastagCrossings } from '../gate';
import { getFacility, type Facility } from '../facilities';
import { listAppointmentsByDate, listAppointmentsStartingBy } from '../appointments';
import type { Appointment } from '../../shared/contracts/appointments';
import type { Crossing, NotSeenReason } from '../../shared/contracts/trips';
import { addDays, instantOf, localDateTime, toMinutes } from '../../shared/time';
import { normalizeRegistryNumber } from '../../shared/vehicle-numbers';
import { assessTrip, callIntervalMinutes, orderCrossings, readCrossings, type TripWindow } from './estimate';
import {
  claimCall,
  getTrips,
  lastCall,
  learnHistory,
  markLearnt,
  plazaHistory,
  recordCallFailure,
  saveTrip,
  storeCrossings,
  vehicleCrossings,
  type Trip,
} from './trip.store';
import { getWatchSettings, watchingFacilities, type TripWatchSettings } from './watch-settings.store';
import { fastagReady } from '../gate';
import { raiseLateAlert } from './alert';

/** FASTag keeps 72 hours of crossings. */
const FASTAG_HOURS = 72;
/** Appointments watched side by side (each waits on ULIP and the table). */
const PARALLEL = 8;

export interface WatchRun {
  watched: number;
  calls: number;
  alerts: number;
}

/** The window of an appointment as instants, and the watch's start. */
export function tripWindow(a: Appointment, timeZone: string, startHoursBefore: number): TripWindow {
  const startsAt = instantOf(a.scheduledDate, a.scheduledTimeStart, timeZone).getTime();
  // A window ending at or before its start runs over midnight.
  const endDate =
    toMinutes(a.scheduledTimeEnd) > toMinutes(a.scheduledTimeStart) ? a.scheduledDate : addDays(a.scheduledDate, 1);
  return {
    startsAt,
    endsAt: instantOf(endDate, a.scheduledTimeEnd, timeZone).getTime(),
    watchFrom: startsAt - startHoursBefore * 3_600_000,
  };
}

export async function watchTrips(now = new Date()): Promise<WatchRun> {
  const run: WatchRun = { watched: 0, calls: 0, alerts: 0 };
  for (const { tenantId, facilityId } of await watchingFacilities()) {
    const [settings, facility, ready] = await Promise.all([
      getWatchSettings(tenantId, facilityId),
      getFacility(tenantId, facilityId),
      fastagReady(tenantId),
    ]);
    if (!settings.enabled || !facility || !ready || settings.latitude === null || settings.longitude === null) continue;
    const appointments = (await appointmentsWatched(tenantId, facility, settings.startHoursBefore, now)).filter(
      (a) => a.vehicleLicense && a.bookingType !== 'walk_in' && a.status !== 'cancelled',
    );
    const [history, trips] = await Promise.all([
      plazaHistory(tenantId, facilityId),
      getTrips(
        tenantId,
        appointments.map((a) => a.id),
      ),
    ]);
    for (let i = 0; i < appointments.length; i += PARALLEL) {
      const results = await Promise.all(
        appointments
          .slice(i, i + PARALLEL)
          .map((a, j) => watchOne(a, trips[i + j] ?? null, facility, settings, history, now)),
      );
      for (const r of results) {
        run.watched += r.watched ? 1 : 0;
        run.calls += r.called ? 1 : 0;
        run.alerts += r.alerted ? 1 : 0;
      }
    }
  }
  return run;
}

/**
 * Today's and tomorrow's appointments whose watch has begun by now: those whose window starts within
 * the watch's hours from now (an hour more, for a day whose clock changes), read by key range; tomorrow's
 * are read only once that horizon reaches tomorrow. Every run before this read both whole days.
 */
async function appointmentsWatched(tenantId: string, facility: Facility, hoursBefore: number, now: Date) {
  const today = localDateTime(now, facility.timeZone).date;
  const tomorrow = addDays(today, 1);
  const horizon = localDateTime(new Date(now.getTime() + (hoursBefore + 1) * 3_600_000), facility.timeZone);
  const whole = (date: string) => listAppointmentsByDate(tenantId, date, facility.id);
  const upTo = (date: string) => listAppointmentsStartingBy(tenantId, date, facility.id, horizon.time);
  const days =
    horizon.date === today
      ? [upTo(today)]
      : horizon.date === tomorrow
        ? [whole(today), upTo(tomorrow)]
        : [whole(today), whole(tomorrow)];
  return (await Promise.all(days)).flat();
}

async function watchOne(
  a: Appointment,
  trip: Trip | null,
  facility: Facility,
  settings: TripWatchSettings,
  history: Map<string, number[]>,
  now: Date,
): Promise<{ watched: boolean; called: boolean; alerted: boolean }> {
  const idle = { watched: false, called: false, alerted: false };
  const vehicle = normalizeRegistryNumber(a.vehicleLicense!);
  const window = tripWindow(a, facility.timeZone, settings.startHoursBefore);
  if (a.status !== 'scheduled') {
    if (trip && trip.state !== 'arrived') await arrived(a, trip, window, now);
    return idle;
  }
  if (now.getTime() < window.watchFrom) return idle;
  if (trip?.nextCallAt && Date.parse(trip.nextCallAt) > now.getTime()) return idle;

  const toWindow = (window.startsAt - now.getTime()) / 60_000;
  const interval = callIntervalMinutes(settings.callEveryMinutes, trip?.distanceKm ?? null, toWindow);
  let failure: NotSeenReason | null = null;
  const called = await claimCall(a.tenantId, vehicle, now, new Date(now.getTime() - interval * 60_000).toISOString());
  const stored = await vehicleCrossings(a.tenantId, vehicle);
  if (called) {
    const answer = await fastagCrossings(a.tenantId, vehicle);
    if (answer.ok) {
      const { crossings } = readCrossings(answer.entries);
      // A replayed answer repeats what is stored: only new seqNos are written (each once, by its condition).
      const known = new Set(stored.map((c) => c.seqNo));
      const fresh = crossings.filter((c) => !known.has(c.seqNo));
      await storeCrossings(a.tenantId, vehicle, fresh, now);
      stored.push(...fresh);
      if (answer.entries.length > 0 && crossings.length === 0) failure = 'unreadable';
    } else failure = answer.reason;
    if (failure) await recordCallFailure(a.tenantId, vehicle, failure);
  } else {
    // Asked inside the budget already (another appointment of the truck, a run that overlapped): its answer serves.
    failure = (await lastCall(a.tenantId, vehicle))?.failure ?? null;
  }

  const crossings = orderCrossings(stored).filter(
    (c) => Date.parse(c.at) >= now.getTime() - FASTAG_HOURS * 3_600_000 && Date.parse(c.at) <= now.getTime(),
  );
  let assessment = assessTrip({
    crossings,
    facility: { latitude: settings.latitude!, longitude: settings.longitude! },
    window,
    settings: { ...settings, timeZone: facility.timeZone },
    history: (plaza) => history.get(plaza) ?? [],
    now: now.getTime(),
  });
  // No crossing to go by: the registry's own reason says more than "no crossings".
  if (assessment.state === 'not_seen' && assessment.reason === 'no_crossings' && failure)
    assessment = { ...assessment, reason: failure };
  const next: Trip = {
    tenantId: a.tenantId,
    appointmentId: a.id,
    facilityId: a.facilityId,
    vehicleNumber: vehicle,
    scheduledDate: a.scheduledDate,
    scheduledTimeStart: a.scheduledTimeStart,
    scheduledTimeEnd: a.scheduledTimeEnd,
    state: assessment.state,
    lateByMinutes: assessment.lateByMinutes,
    reason: assessment.reason,
    estimate: assessment.estimate,
    crossings: crossings.filter((c) => Date.parse(c.at) >= window.watchFrom).map(stripped),
    checkedAt: now.toISOString(),
    alertedAt: trip?.alertedAt ?? null,
    distanceKm: assessment.distanceKm,
    nextCallAt: new Date(
      now.getTime() + callIntervalMinutes(settings.callEveryMinutes, assessment.distanceKm, toWindow) * 60_000,
    ).toISOString(),
    learnt: trip?.learnt ?? false,
  };
  await saveTrip(next);
  const alerted = next.state === 'late' && !next.alertedAt && (await raiseLateAlert(a, facility, next, now));
  return { watched: true, called, alerted };
}

const stripped = ({ seqNo, plaza, at, latitude, longitude, direction }: Crossing): Crossing => ({
  seqNo,
  plaza,
  at,
  latitude,
  longitude,
  direction,
});

/** The truck checked in: the trip is over, and its minutes from each plaza teach this facility's history once. */
async function arrived(a: Appointment, trip: Trip, window: TripWindow, now: Date): Promise<void> {
  await saveTrip({ ...trip, state: 'arrived', lateByMinutes: null, reason: null, checkedAt: now.toISOString() });
  const arrivedAt = a.arrivedAt ? Date.parse(a.arrivedAt) : null;
  if (!arrivedAt || !(await markLearnt(a.tenantId, a.id))) return;
  const samples = trip.crossings
    .filter((c) => Date.parse(c.at) >= window.watchFrom && Date.parse(c.at) <= arrivedAt)
    .map((c) => ({ plaza: c.plaza, minutes: Math.round((arrivedAt - Date.parse(c.at)) / 60_000) }));
  if (samples.length) await learnHistory(a.tenantId, a.facilityId, samples);
}
