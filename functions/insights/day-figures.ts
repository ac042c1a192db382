// The read model of the dashboard, the gate panel and analytics (docs/performance.md): per facility
// and day, counters that add up what the figures of figures.ts compute from whole lists. Each
// appointment or check-in contributes a fixed set of counters (`contributionOf`); a change moves the
// counters by the difference between the new and the old item's contributions (`changeDeltas`), so
// a reschedule moves an appointment from one day to another, a cancellation takes its door minutes
// back, and a replayed change is refused by its marker (day-figures.store.ts). The figures are then
// read from a handful of items and equal what the list-based computation gives on the same data.
import { ON_SITE_STATUSES as AT_DOOR, OPEN_STATUSES, type Appointment } from '../../shared/contracts/appointments';
import type { Checkin } from '../../shared/contracts/checkins';
import { localDateTime, toMinutes } from '../../shared/time';
import { isPunctual } from '../appointments';
import type { DockDoor } from '../facilities';
import { averageMinutes, msBetween, punctualityRate } from './figures';

export type Counters = Record<string, number>;

/** The counter item a contribution goes to: a facility's day (the facility's local date). */
export interface DayRef {
  tenantId: string;
  facilityId: string;
  date: string;
}

export interface Contribution extends DayRef {
  counters: Counters;
}

const ACTIVE = OPEN_STATUSES;
const HOLDS_DOOR_TIME = (a: Appointment) => Boolean(a.dockDoorId) && a.status !== 'cancelled' && a.status !== 'no_show';

/** Counter names. Carriers and doors are named inside the counter (`carrier|<name>|appointments`). */
export const C = {
  appointments: 'appointments',
  status: (s: string) => `status|${s}`,
  load: (t: string) => `load|${t}`,
  onTime: 'onTime',
  late: 'late',
  lateOrNoShow: 'lateOrNoShow',
  dwellMs: 'dwellMs',
  dwellCount: 'dwellCount',
  bookedDoorMinutes: 'bookedDoorMinutes',
  atDoor: (doorId: string) => `door|${doorId}`,
  carrier: (name: string, what: CarrierCounter) => `carrier|${name}|${what}`,
  checkins: 'checkins',
  method: (m: string) => `method|${m}`,
  toDockMs: 'toDockMs',
  toDockCount: 'toDockCount',
} as const;

type CarrierCounter = 'appointments' | 'onTime' | 'late' | 'lateOrNoShow' | 'noShows' | 'dwellMs' | 'dwellCount';

export function appointmentCounters(a: Appointment): Counters {
  const c: Counters = { [C.appointments]: 1, [C.status(a.status)]: 1, [C.load(a.loadType)]: 1 };
  const own: Partial<Record<CarrierCounter, number>> = { appointments: 1 };
  if (isPunctual(a.arrivalOutcome)) own.onTime = 1;
  if (a.arrivalOutcome === 'late') own.late = 1;
  if (a.arrivalOutcome === 'late' || a.status === 'no_show') own.lateOrNoShow = 1;
  if (a.status === 'no_show') own.noShows = 1;
  if (a.arrivedAt && a.departedAt) Object.assign(own, { dwellMs: msBetween(a.arrivedAt, a.departedAt), dwellCount: 1 });
  for (const key of ['onTime', 'late', 'lateOrNoShow', 'dwellMs', 'dwellCount'] as const)
    if (own[key]) c[C[key]] = own[key];
  if (HOLDS_DOOR_TIME(a)) c[C.bookedDoorMinutes] = toMinutes(a.scheduledTimeEnd) - toMinutes(a.scheduledTimeStart);
  if (a.dockDoorId && AT_DOOR.includes(a.status)) c[C.atDoor(a.dockDoorId)] = 1;
  if (a.carrierName)
    for (const [key, value] of Object.entries(own)) c[C.carrier(a.carrierName, key as CarrierCounter)] = value;
  return c;
}

export function checkinCounters(c: Checkin): Counters {
  const counters: Counters = { [C.checkins]: 1, [C.method(c.checkinMethod)]: 1 };
  if (c.atDockAt) Object.assign(counters, { [C.toDockMs]: msBetween(c.checkInTime, c.atDockAt), [C.toDockCount]: 1 });
  return counters;
}

/** What an item adds to its day: appointments by their scheduled (local) date, check-ins by the local date of their arrival. */
export function contributionOf(
  item: Record<string, unknown> | undefined,
  timeZoneOf: (facilityId: string) => string,
): Contribution | null {
  if (!item) return null;
  if (item.entity === 'appointment') {
    const a = item as unknown as Appointment;
    return { tenantId: a.tenantId, facilityId: a.facilityId, date: a.scheduledDate, counters: appointmentCounters(a) };
  }
  if (item.entity === 'checkin') {
    const c = item as unknown as Checkin;
    return {
      tenantId: c.tenantId,
      facilityId: c.facilityId,
      date: localDateTime(new Date(c.checkInTime), timeZoneOf(c.facilityId)).date,
      counters: checkinCounters(c),
    };
  }
  return null;
}

const dayKey = (d: DayRef) => `${d.tenantId}/${d.facilityId}/${d.date}`;

/** The counter changes one item change makes: new contribution minus old, per day, zeros left out. */
export function changeDeltas(before: Contribution | null, after: Contribution | null): Contribution[] {
  const days = new Map<string, Contribution>();
  const add = (part: Contribution | null, sign: 1 | -1) => {
    if (!part) return;
    const day = days.get(dayKey(part)) ?? {
      tenantId: part.tenantId,
      facilityId: part.facilityId,
      date: part.date,
      counters: {},
    };
    for (const [name, value] of Object.entries(part.counters))
      day.counters[name] = (day.counters[name] ?? 0) + sign * value;
    days.set(dayKey(part), day);
  };
  add(after, 1);
  add(before, -1);
  return [...days.values()]
    .map((d) => ({ ...d, counters: Object.fromEntries(Object.entries(d.counters).filter(([, v]) => v !== 0)) }))
    .filter((d) => Object.keys(d.counters).length > 0);
}

/** Sums contributions per day (a rebuild from the lists; the tests' reference). */
export function sumContributions(parts: Contribution[]): Contribution[] {
  const days = new Map<string, Contribution>();
  for (const p of parts) {
    const day = days.get(dayKey(p)) ?? { tenantId: p.tenantId, facilityId: p.facilityId, date: p.date, counters: {} };
    for (const [name, value] of Object.entries(p.counters)) day.counters[name] = (day.counters[name] ?? 0) + value;
    days.set(dayKey(p), day);
  }
  return [...days.values()];
}

// ---- Figures from counters (the same shapes as figures.ts) ---------------------------------------

const n = (c: Counters, name: string) => c[name] ?? 0;

/** Adds several days' counters into one. */
export function total(days: Counters[]): Counters {
  const sum: Counters = {};
  for (const day of days) for (const [name, value] of Object.entries(day)) sum[name] = (sum[name] ?? 0) + value;
  return sum;
}

export function dashboardFromCounters(doors: DockDoor[], day: Counters) {
  // A door's live state as figures.ts liveDoors gives it: maintenance first, then in use by an appointment at it.
  const live = doors.map((d) =>
    d.status === 'maintenance' ? 'maintenance' : n(day, C.atDoor(d.id)) > 0 ? 'occupied' : d.status,
  );
  return {
    activeAppointments: ACTIVE.reduce((sum, s) => sum + n(day, C.status(s)), 0),
    totalDocks: doors.length,
    availableDocks: live.filter((s) => s === 'available').length,
    occupiedDocks: live.filter((s) => s === 'occupied').length,
    avgWaitTimeMinutes: averageMinutes(n(day, C.toDockMs), n(day, C.toDockCount)),
    onTimeRate: punctualityRate(n(day, C.onTime), n(day, C.lateOrNoShow)),
  };
}

export function gateFromCounters(day: Counters) {
  return {
    checkinsToday: n(day, C.checkins),
    averageToDockMinutes: averageMinutes(n(day, C.toDockMs), n(day, C.toDockCount)),
    manualCheckins: n(day, C.method('manual')),
    qrCheckins: n(day, C.method('qr_code')),
  };
}

function carriersOf(sum: Counters) {
  const names = new Set(
    Object.keys(sum)
      .filter((k) => k.startsWith('carrier|'))
      .map((k) => k.slice('carrier|'.length, k.lastIndexOf('|'))),
  );
  return [...names]
    .map((name) => {
      const of = (what: CarrierCounter) => n(sum, C.carrier(name, what));
      return {
        name,
        appointments: of('appointments'),
        onTimeRate: punctualityRate(of('onTime'), of('lateOrNoShow')),
        late: of('late'),
        noShows: of('noShows'),
        avgDwellMinutes: averageMinutes(of('dwellMs'), of('dwellCount')),
      };
    })
    .filter((c) => c.appointments > 0)
    .sort((a, b) => b.appointments - a.appointments || a.name.localeCompare(b.name));
}

export function analyticsFromCounters(
  perDay: { date: string; counters: Counters }[],
  doors: DockDoor[],
  openMinutesPerDay: number,
) {
  const sum = total(perDay.map((d) => d.counters));
  const capacity = doors.filter((d) => d.status !== 'maintenance').length * openMinutesPerDay * perDay.length;
  return {
    from: perDay[0]?.date,
    to: perDay[perDay.length - 1]?.date,
    totalAppointments: n(sum, C.appointments),
    completed: n(sum, C.status('departed')),
    cancelled: n(sum, C.status('cancelled')),
    noShows: n(sum, C.status('no_show')),
    onTimeRate: punctualityRate(n(sum, C.onTime), n(sum, C.lateOrNoShow)),
    avgDwellMinutes: averageMinutes(n(sum, C.dwellMs), n(sum, C.dwellCount)),
    dockUtilization: capacity ? Math.round((n(sum, C.bookedDoorMinutes) / capacity) * 1000) / 10 : 0,
    perDay: perDay.map((d) => ({ date: d.date, appointments: n(d.counters, C.appointments) })),
    byLoadType: { inbound: n(sum, C.load('inbound')), outbound: n(sum, C.load('outbound')) },
    carriers: carriersOf(sum),
  };
}
