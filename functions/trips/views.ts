// What the screens read of the watch (issue #33): the trips of a facility's day, of the appointments a
// screen lists (scheduling list, dashboard, yard) and one appointment's trip (its strip, the driver
// app). An appointment the watch has not asked about yet is "not seen" with that reason, never left out.
import { getAppointment, listAppointmentsByDate } from '../appointments';
import { getFacility } from '../facilities';
import type { Appointment } from '../../shared/contracts/appointments';
import type { TripView } from '../../shared/contracts/trips';
import { normalizeRegistryNumber } from '../../shared/vehicle-numbers';
import { canSee } from '../../shared/access';
import { facilityTimeZone } from '../../shared/time';
import type { SessionUser } from '../../shared/contracts/auth';
import { getTrip, getTrips, type Trip } from './trip.store';
import { getWatchSettings } from './watch-settings.store';

function viewOf(a: Appointment, trip: Trip | null, timeZone: string): TripView {
  // A booking awaiting approval (issue #32) has not arrived either.
  const arrived = a.status !== 'scheduled' && a.status !== 'pending_approval' && a.status !== 'cancelled';
  return {
    appointmentId: a.id,
    facilityId: a.facilityId,
    timeZone,
    vehicleNumber: normalizeRegistryNumber(a.vehicleLicense ?? ''),
    scheduledDate: a.scheduledDate,
    scheduledTimeStart: a.scheduledTimeStart,
    scheduledTimeEnd: a.scheduledTimeEnd,
    state: arrived ? 'arrived' : (trip?.state ?? 'not_seen'),
    lateByMinutes: arrived ? null : (trip?.lateByMinutes ?? null),
    reason: arrived ? null : trip ? trip.reason : 'not_started',
    estimate: trip?.estimate ?? null,
    crossings: trip?.crossings ?? [],
    checkedAt: trip?.checkedAt ?? null,
    alertedAt: trip?.alertedAt ?? null,
  };
}

const watched = (a: Appointment) =>
  Boolean(a.vehicleLicense) && a.bookingType !== 'walk_in' && a.status !== 'cancelled';

const timeZoneOf = async (tenantId: string, facilityId: string) =>
  facilityTimeZone(await getFacility(tenantId, facilityId));

/**
 * The watched trips of a facility's day that the user may see (a carrier's people: their own carrier's),
 * in the order of the schedule; none while the watch is off.
 */
export async function listTrips(
  user: SessionUser,
  facility: { id: string; timeZone?: string | null },
  date: string,
): Promise<TripView[]> {
  const tenantId = user.tenantId;
  if (!(await getWatchSettings(tenantId, facility.id)).enabled) return [];
  const appointments = (await listAppointmentsByDate(tenantId, date, facility.id)).filter(
    (a) => watched(a) && canSee(user, a),
  );
  const trips = await getTrips(
    tenantId,
    appointments.map((a) => a.id),
  );
  return appointments.map((a, i) => viewOf(a, trips[i] ?? null, facilityTimeZone(facility)));
}

/**
 * The trips of the appointments a screen lists (any facility, any day) in one read: each one the user
 * may see and the watch follows; the others (not watched, not the user's, unknown) are left out.
 */
export async function tripsOfAppointments(user: SessionUser, appointmentIds: string[]): Promise<TripView[]> {
  const tenantId = user.tenantId;
  const appointments = (await Promise.all(appointmentIds.map((id) => getAppointment(tenantId, id)))).filter(
    (a): a is Appointment => a !== null && watched(a) && canSee(user, a),
  );
  const facilityIds = [...new Set(appointments.map((a) => a.facilityId))];
  const [settings, zones, trips] = await Promise.all([
    Promise.all(facilityIds.map((id) => getWatchSettings(tenantId, id))),
    Promise.all(facilityIds.map((id) => timeZoneOf(tenantId, id))),
    getTrips(
      tenantId,
      appointments.map((a) => a.id),
    ),
  ]);
  const facility = new Map(facilityIds.map((id, i) => [id, { watching: settings[i]!.enabled, timeZone: zones[i]! }]));
  return appointments.flatMap((a, i) => {
    const { watching, timeZone } = facility.get(a.facilityId)!;
    return trips[i] || watching ? [viewOf(a, trips[i] ?? null, timeZone)] : [];
  });
}

/** One appointment's trip; null when it is not watched (no vehicle number, the facility's watch off). */
export async function tripOf(a: Appointment): Promise<TripView | null> {
  if (!watched(a)) return null;
  const trip = await getTrip(a.tenantId, a.id);
  if (!trip && !(await getWatchSettings(a.tenantId, a.facilityId)).enabled) return null;
  return viewOf(a, trip, await timeZoneOf(a.tenantId, a.facilityId));
}
