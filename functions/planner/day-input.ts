// The planner's input read from the live day (issue #58.2), by key only: the facility and its doors
// (one partition), its appointment types (their doors), the day's appointments (the date's index, by
// facility), and the trip watch's estimates of the trucks on their way (BatchGet by appointment).
// A booked truck is expected (at its ETA when the watch has one), an arrived one without a door waits
// in holding, one at its door (arrived with a door, loading, unloading) stays there till its unload's
// end (later than its length when it overruns). Each truck's view keeps the revision it was read at.
// The facility's planner settings give the day's labour and equipment (issue #58.1): the crews by hour
// as periods of the day's minutes, the equipment's counts, and what each appointment type needs.
import { BadRequestError } from '../lib/errors';
import { getTrips } from '../trips';
import { bookingSetup } from '../appointment-types';
import { listDockDoors, resolveFacility, type Facility } from '../facilities';
import { listAppointmentsByDate } from '../appointments';
import { instantOf, localDateTime, toMinutes, fromMinutes, facilityTimeZone } from '../../shared/time';
import { VEHICLE_TYPES } from '../../shared/contracts/appointments-guest';
import { plannerSettingsOf } from './settings';
import type { Appointment, AppointmentStatus } from '../../shared/contracts/appointments';
import type { PlanDoor, PlanInput, PlanTruck, ProposalTruck, TruckState } from '../../shared/contracts/planner';

/** The type of a truck booked without one: every door takes it. */
export const UNTYPED = 'untyped';
export const PAST_DAY = 'A plan is made for today or a later day';
const DAY_END = 2 * 24 * 60;
const PLANNED: readonly AppointmentStatus[] = ['pending_approval', 'scheduled', 'arrived', 'loading', 'unloading'];

export interface LiveDay {
  facility: Facility;
  input: PlanInput;
  /** Each truck as it is now (no proposal yet). */
  trucks: ProposalTruck[];
}

const clamp = (m: number) => Math.max(0, Math.min(DAY_END, Math.round(m)));

export async function readLiveDay(tenantId: string, facilityId: string, date: string, now: Date): Promise<LiveDay> {
  const facility = await resolveFacility(tenantId, facilityId);
  const zone = facilityTimeZone(facility);
  const today = localDateTime(now, zone);
  if (date < today.date) throw new BadRequestError(PAST_DAY, { date: PAST_DAY });
  const midnight = instantOf(date, '00:00', zone).getTime();
  const minuteOf = (iso: string) => clamp((Date.parse(iso) - midnight) / 60_000);
  const nowMinute = date === today.date ? toMinutes(today.time) : 0;
  const [doors, setup, booked, settings] = await Promise.all([
    listDockDoors(tenantId, facility.id),
    bookingSetup(facility),
    listAppointmentsByDate(tenantId, date, facility.id),
    plannerSettingsOf(tenantId, facility.id),
  ]);
  // A truck at work without a door on record (before doors were kept) is left out: it holds none.
  const appointments = booked.filter(
    (a) =>
      a.facilityId === facility.id &&
      PLANNED.includes(a.status) &&
      !((a.status === 'loading' || a.status === 'unloading') && !a.dockDoorId),
  );
  const expected = appointments.filter((a) => a.status === 'pending_approval' || a.status === 'scheduled');
  const trips = expected.length
    ? await getTrips(
        tenantId,
        expected.map((a) => a.id),
      )
    : [];
  const eta = new Map(expected.map((a, i) => [a.id, trips[i]?.estimate?.eta ?? null]));
  const opensAt = toMinutes(facility.operatingHoursStart);
  const closesAt = toMinutes(facility.operatingHoursEnd) > opensAt ? toMinutes(facility.operatingHoursEnd) : 24 * 60;
  const planDoors: PlanDoor[] = doors.map((d) => ({
    id: d.id,
    name: d.doorNumber,
    appointmentTypeIds: setup.types.length
      ? [UNTYPED, ...setup.types.filter((t) => !t.doorIds.length || t.doorIds.includes(d.id)).map((t) => t.id)]
      : null,
    vehicleTypes: null,
    // A door under maintenance takes nothing today (a truck standing at it is still known).
    opensAt: d.status === 'maintenance' ? 0 : opensAt,
    closesAt: d.status === 'maintenance' ? 0 : closesAt,
  }));
  const planTrucks: PlanTruck[] = [];
  const trucks: ProposalTruck[] = [];
  for (const a of appointments) {
    const windowStart = toMinutes(a.scheduledTimeStart);
    const windowEnd = Math.max(windowStart + 1, toMinutes(a.scheduledTimeEnd));
    const durationMinutes = Math.max(1, a.durationMinutes ?? windowEnd - windowStart);
    const state = stateOf(a, durationMinutes, nowMinute, minuteOf, eta.get(a.id) ?? null);
    planTrucks.push({
      id: a.id,
      appointmentTypeId: a.typeId ?? UNTYPED,
      vehicleType: vehicleOf(a),
      durationMinutes,
      windowStart,
      windowEnd,
      priority: a.priority,
      state,
      toldDoorId: state.kind === 'expected' ? a.dockDoorId : null,
    });
    const held = a.doorTime ?? { start: a.scheduledTimeStart, end: a.scheduledTimeEnd };
    trucks.push({
      appointmentId: a.id,
      bookingReference: a.bookingReference,
      vehicleLicense: a.vehicleLicense,
      state: state.kind,
      baseRevision: a.revision ?? 0,
      current: {
        doorId: a.dockDoorId,
        doorNumber: a.doorNumber,
        start: state.kind === 'atDoor' ? fromMinutes(Math.min(state.startedMinute, 24 * 60 - 1)) : held.start,
        end: held.end,
      },
      proposed: null,
      waitMinutes: null,
      changed: false,
    });
  }
  return {
    facility,
    input: {
      facilityId: facility.id,
      date,
      nowMinute: clamp(nowMinute),
      doors: planDoors,
      trucks: planTrucks,
      crews: settings.crews.map((c) => ({ fromMinute: c.fromHour * 60, toMinute: c.toHour * 60, crews: c.crews })),
      equipment: Object.fromEntries(settings.equipment.map((e) => [e.name, e.count])),
      needs: Object.fromEntries(settings.needs.map((n) => [n.appointmentTypeId, n.items])),
      typeNames: Object.fromEntries(setup.types.map((t) => [t.id, t.name])),
    },
    trucks,
  };
}

function stateOf(
  a: Appointment,
  duration: number,
  now: number,
  minuteOf: (iso: string) => number,
  eta: string | null,
): TruckState {
  if (a.status === 'pending_approval' || a.status === 'scheduled')
    return { kind: 'expected', etaMinute: eta ? minuteOf(eta) : null };
  const arrived = a.arrivedAt ? minuteOf(a.arrivedAt) : now;
  if (a.status === 'arrived' && !a.dockDoorId) return { kind: 'holding', arrivedMinute: arrived };
  const started = a.status === 'arrived' ? arrived : a.loadingStartedAt ? minuteOf(a.loadingStartedAt) : arrived;
  // An unload past its length is expected to end no sooner than now (it overruns).
  const end = Math.max(started + duration, now, started + 1);
  return { kind: 'atDoor', doorId: a.dockDoorId!, startedMinute: started, expectedEndMinute: clamp(end) };
}

function vehicleOf(a: Appointment): PlanTruck['vehicleType'] {
  const asked = a.guest?.vehicleType;
  return (VEHICLE_TYPES as readonly string[]).includes(asked ?? '')
    ? (asked as PlanTruck['vehicleType'])
    : VEHICLE_TYPES[0];
}
