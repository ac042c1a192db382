// Figures computed from the data: dashboard metrics, analytics over a range, the
// driver's own dashboard and the daily report. Pure functions over lists read by key.
import { bookedFieldsText } from '../../shared/contracts/booking-fields';
import { OPEN_STATUSES, type Appointment } from '../../shared/contracts/appointments';
import type { Checkin } from '../../shared/contracts/checkins';
import type { DockDoor } from '../facilities';
import { liveDoors } from '../yard';
import { instantOf, localDateTime } from '../../shared/time';
import { isPunctual } from '../appointments';
import { toCsv } from '../lib/csv';

const ACTIVE = OPEN_STATUSES;
export const msBetween = (a: string, b: string) => new Date(b).getTime() - new Date(a).getTime();
const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
/** Average duration in minutes to one decimal, null without any: the one formula of the list figures and the read model (day-figures.ts). */
export const averageMinutes = (sumMs: number, count: number) => (count ? round1(sumMs / count / 60000) : null);
const averageOf = (durationsMs: number[]) =>
  averageMinutes(
    durationsMs.reduce((s, v) => s + v, 0),
    durationsMs.length,
  );
/** On-time share in percent to one decimal: punctual arrivals among those decided (punctual, late or no-show). */
export const punctualityRate = (onTime: number, lateOrNoShow: number) =>
  onTime + lateOrNoShow ? Math.round((onTime / (onTime + lateOrNoShow)) * 1000) / 10 : null;

/** On-time share of the appointments whose punctuality is known (arrivals and no-shows). */
export function onTimeRate(appointments: Appointment[]): number | null {
  return punctualityRate(
    appointments.filter((a) => isPunctual(a.arrivalOutcome)).length,
    appointments.filter((a) => a.arrivalOutcome === 'late' || a.status === 'no_show').length,
  );
}

/** Door live state: maintenance, in use by an appointment at the door now, or available. */
export function dashboardMetrics(doors: DockDoor[], today: Appointment[], checkins: Checkin[]) {
  const live = liveDoors(doors, today);
  const waits = checkins.filter((c) => c.atDockAt).map((c) => msBetween(c.checkInTime, c.atDockAt!));
  return {
    activeAppointments: today.filter((a) => ACTIVE.includes(a.status)).length,
    totalDocks: doors.length,
    availableDocks: live.filter((d) => d.status === 'available').length,
    occupiedDocks: live.filter((d) => d.status === 'occupied' || d.status === 'loading').length,
    avgWaitTimeMinutes: averageOf(waits),
    onTimeRate: onTimeRate(today),
  };
}

export function gateStatistics(todaysCheckins: Checkin[]) {
  const atDock = todaysCheckins.filter((c) => c.atDockAt);
  return {
    checkinsToday: todaysCheckins.length,
    averageToDockMinutes: averageOf(atDock.map((c) => msBetween(c.checkInTime, c.atDockAt!))),
    manualCheckins: todaysCheckins.filter((c) => c.checkinMethod === 'manual').length,
    qrCheckins: todaysCheckins.filter((c) => c.checkinMethod === 'qr_code').length,
  };
}

export function analytics(appointments: Appointment[], doors: DockDoor[], days: string[], openMinutesPerDay: number) {
  const departed = appointments.filter((a) => a.arrivedAt && a.departedAt);
  const dwell = averageOf(departed.map((a) => msBetween(a.arrivedAt!, a.departedAt!)));
  const bookedDoorMinutes = appointments
    .filter((a) => a.dockDoorId && a.status !== 'cancelled' && a.status !== 'no_show')
    .reduce((sum, a) => sum + (toMin(a.scheduledTimeEnd) - toMin(a.scheduledTimeStart)), 0);
  const capacity = doors.filter((d) => d.status !== 'maintenance').length * openMinutesPerDay * days.length;
  const byCarrier = new Map<string, Appointment[]>();
  for (const a of appointments)
    if (a.carrierName) byCarrier.set(a.carrierName, [...(byCarrier.get(a.carrierName) ?? []), a]);
  const carriers = [...byCarrier.entries()]
    .map(([name, list]) => ({
      name,
      appointments: list.length,
      onTimeRate: onTimeRate(list),
      late: list.filter((a) => a.arrivalOutcome === 'late').length,
      noShows: list.filter((a) => a.status === 'no_show').length,
      avgDwellMinutes: averageOf(
        list.filter((a) => a.arrivedAt && a.departedAt).map((a) => msBetween(a.arrivedAt!, a.departedAt!)),
      ),
    }))
    .sort((a, b) => b.appointments - a.appointments || a.name.localeCompare(b.name));
  return {
    from: days[0],
    to: days[days.length - 1],
    totalAppointments: appointments.length,
    completed: appointments.filter((a) => a.status === 'departed').length,
    cancelled: appointments.filter((a) => a.status === 'cancelled').length,
    noShows: appointments.filter((a) => a.status === 'no_show').length,
    onTimeRate: onTimeRate(appointments),
    avgDwellMinutes: dwell,
    dockUtilization: capacity ? Math.round((bookedDoorMinutes / capacity) * 1000) / 10 : 0,
    perDay: days.map((d) => ({ date: d, appointments: appointments.filter((a) => a.scheduledDate === d).length })),
    byLoadType: {
      inbound: appointments.filter((a) => a.loadType === 'inbound').length,
      outbound: appointments.filter((a) => a.loadType === 'outbound').length,
    },
    carriers,
  };
}

/** A carrier's row of the monthly scorecard (issue #32). */
export interface ScorecardRow {
  carrierId: string | null;
  carrier: string;
  appointments: number;
  onTimeRate: number | null;
  early: number;
  late: number;
  noShows: number;
  avgDwellMinutes: number | null;
  /** The hub's side (issue #57.4): how long its trucks were kept, gate-in to the end of the work. */
  medianDwellMinutes: number | null;
  p90DwellMinutes: number | null;
  /** Percent of its trucks kept over two hours, to one decimal. */
  overTwoHoursShare: number | null;
  lateCancellations: number;
}

/** A truck kept longer than this at the hub is counted in the share "over 2 hours". */
export const LONG_DWELL_MINUTES = 120;

/** The value below which `share` of the sorted values fall, by nearest rank (p90: the ceil(0.9 n)-th). */
function nearestRank(sorted: number[], share: number): number | null {
  return sorted.length ? sorted[Math.ceil(share * sorted.length) - 1]! : null;
}

/**
 * How long the appointments' trucks were kept (arrival to departure, in minutes): the median (the middle
 * value, or the mean of the two middle ones, to one decimal), the 90th percentile by nearest rank, and
 * the share over two hours. None without a truck that came and left.
 */
export function dwellFigures(appointments: Appointment[]) {
  return dwellOfMinutes(
    appointments.filter((a) => a.arrivedAt && a.departedAt).map((a) => msBetween(a.arrivedAt!, a.departedAt!) / 60_000),
  );
}

/** The same figures of trucks' dwell given in minutes (the detention read model's trucks). */
export function dwellOfMinutes(dwell: number[]) {
  const minutes = [...dwell].sort((x, y) => x - y);
  const n = minutes.length;
  const middle = n % 2 ? minutes[(n - 1) / 2]! : (minutes[n / 2 - 1]! + minutes[n / 2]!) / 2;
  return {
    medianDwellMinutes: n ? round1(middle) : null,
    p90DwellMinutes: round1(nearestRank(minutes, 0.9)),
    overTwoHoursShare: n ? round1((minutes.filter((m) => m > LONG_DWELL_MINUTES).length / n) * 100) : null,
  };
}

/**
 * The carrier scorecard of a month's appointments, one row per carrier, most appointments first. A
 * refused booking never was an appointment, so it counts nowhere; `lateCancellation` is the facility's
 * rule (appointments' isLateCancellation, with the appointment's own facility's cut-off and clock).
 */
export function carrierScorecard(
  appointments: Appointment[],
  lateCancellation: (a: Appointment) => boolean,
): ScorecardRow[] {
  const byCarrier = new Map<string, Appointment[]>();
  for (const a of appointments) {
    if (!a.carrierName || a.approval?.decision === 'refused') continue;
    const key = a.carrierId ?? a.carrierName;
    byCarrier.set(key, [...(byCarrier.get(key) ?? []), a]);
  }
  return [...byCarrier.values()]
    .map((list) => ({
      carrierId: list[0]!.carrierId,
      carrier: list[0]!.carrierName!,
      appointments: list.length,
      onTimeRate: onTimeRate(list),
      early: list.filter((a) => a.arrivalOutcome === 'early').length,
      late: list.filter((a) => a.arrivalOutcome === 'late').length,
      noShows: list.filter((a) => a.status === 'no_show').length,
      avgDwellMinutes: averageOf(
        list.filter((a) => a.arrivedAt && a.departedAt).map((a) => msBetween(a.arrivedAt!, a.departedAt!)),
      ),
      ...dwellFigures(list),
      lateCancellations: list.filter(lateCancellation).length,
    }))
    .sort((a, b) => b.appointments - a.appointments || a.carrier.localeCompare(b.carrier));
}

/** How long one facility kept a carrier's trucks in a month (the carrier's side of the scorecard). */
export interface FacilityDwellRow extends ReturnType<typeof dwellFigures> {
  facilityId: string;
  facility: string;
  /** Trucks that came and left. */
  trucks: number;
}

/** The dwell figures of the appointments per facility, the facility that kept the most trucks first. */
export function dwellByFacility(appointments: Appointment[]): FacilityDwellRow[] {
  const byFacility = new Map<string, Appointment[]>();
  for (const a of appointments.filter((a) => a.arrivedAt && a.departedAt))
    byFacility.set(a.facilityId, [...(byFacility.get(a.facilityId) ?? []), a]);
  return [...byFacility.values()]
    .map((list) => ({
      facilityId: list[0]!.facilityId,
      facility: list[0]!.facilityName,
      trucks: list.length,
      ...dwellFigures(list),
    }))
    .sort((a, b) => b.trucks - a.trucks || a.facility.localeCompare(b.facility));
}

/** The scorecard as CSV, staff's (every carrier) and a carrier's own (its row) alike. */
export function scorecardCsv(month: string, rows: ScorecardRow[]): string {
  return toCsv(
    [
      'Month',
      'Carrier',
      'Appointments',
      'On-time %',
      'Early',
      'Late',
      'No-shows',
      'Avg dwell (min)',
      'Median dwell (min)',
      'P90 dwell (min)',
      'Over 2 h %',
      'Late cancellations',
    ],
    rows.map((r) => [
      month,
      r.carrier,
      r.appointments,
      r.onTimeRate,
      r.early,
      r.late,
      r.noShows,
      r.avgDwellMinutes,
      r.medianDwellMinutes,
      r.p90DwellMinutes,
      r.overTwoHoursShare,
      r.lateCancellations,
    ]),
  );
}

const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/**
 * A driver's board: the next appointment not yet ended and the upcoming ones, each judged on its own
 * facility's clock (`zoneOf`): a driver can be due at hubs in different time zones, so local days and
 * times are compared as instants, never as strings of different clocks. `homeZone` names this month.
 */
export function driverDashboard(
  appointments: Appointment[],
  zoneOf: (facilityId: string) => string,
  homeZone: string,
  now: Date,
) {
  const at = (a: Appointment, time: string) => instantOf(a.scheduledDate, time, zoneOf(a.facilityId)).getTime();
  const sorted = [...appointments].sort((a, b) => at(a, a.scheduledTimeStart) - at(b, b.scheduledTimeStart));
  const waiting = sorted.filter((a) => ACTIVE.includes(a.status) && at(a, a.scheduledTimeEnd) >= now.getTime());
  const next = waiting[0] ?? null;
  const month = localDateTime(now, homeZone).date.slice(0, 7);
  return {
    nextAppointment: next,
    upcoming: waiting.slice(1, 6),
    thisMonth: appointments.filter((a) => a.scheduledDate.startsWith(month) && a.status !== 'cancelled').length,
    onTimeRate: onTimeRate(appointments),
  };
}

export function dailyReportCsv(appointments: Appointment[]): string {
  return toCsv(
    [
      'Booking reference',
      'Date',
      'Start',
      'End',
      'Status',
      'Load type',
      'Carrier',
      'Driver',
      'Vehicle',
      'Dock',
      'PO',
      'BOL',
      'Arrived at',
      'Punctuality',
      'Departed at',
      'Booking fields',
    ],
    appointments.map((a) => [
      a.bookingReference,
      a.scheduledDate,
      a.scheduledTimeStart,
      a.scheduledTimeEnd,
      a.status,
      a.loadType,
      a.carrierName,
      a.driverName,
      a.vehicleLicense,
      a.doorNumber,
      a.poNumber,
      a.bolNumber,
      a.arrivedAt,
      a.arrivalOutcome,
      a.departedAt,
      bookedFieldsText(a.fields),
    ]),
  );
}

export const REPORTS = [
  'carrier-scorecard',
  'dwell-time',
  'dwell-detention',
  'dock-utilization',
  'appointment-audit-log',
] as const;
export type ReportName = (typeof REPORTS)[number];

/** The analytics page's reports over a range of days as CSV (the scorecard is monthly: scorecardCsv). */
export function reportCsv(
  name: Exclude<ReportName, 'appointment-audit-log' | 'carrier-scorecard' | 'dwell-detention'>,
  appointments: Appointment[],
  doors: DockDoor[],
  days: string[],
  openMinutesPerDay: number,
): string {
  if (name === 'dwell-time') {
    return toCsv(
      ['Booking reference', 'Date', 'Carrier', 'Dock', 'Arrived at', 'Departed at', 'Dwell (min)'],
      appointments
        .filter((a) => a.arrivedAt && a.departedAt)
        .map((a) => [
          a.bookingReference,
          a.scheduledDate,
          a.carrierName,
          a.doorNumber,
          a.arrivedAt,
          a.departedAt,
          Math.round(msBetween(a.arrivedAt!, a.departedAt!) / 60000),
        ]),
    );
  }
  const capacity = openMinutesPerDay * days.length;
  return toCsv(
    ['Dock', 'Type', 'Status', 'Appointments', 'Booked minutes', 'Open minutes', 'Utilization %'],
    doors.map((d) => {
      const held = appointments.filter(
        (a) => a.dockDoorId === d.id && a.status !== 'cancelled' && a.status !== 'no_show',
      );
      const minutes = held.reduce((sum, a) => sum + (toMin(a.scheduledTimeEnd) - toMin(a.scheduledTimeStart)), 0);
      return [
        d.doorNumber,
        d.doorType,
        d.status,
        held.length,
        minutes,
        capacity,
        capacity ? Math.round((minutes / capacity) * 1000) / 10 : 0,
      ];
    }),
  );
}

export function auditLogCsv(records: Record<string, unknown>[]): string {
  const ref = (r: Record<string, unknown>) =>
    ((r.after as Record<string, unknown> | null)?.bookingReference ??
      (r.before as Record<string, unknown> | null)?.bookingReference ??
      '') as string;
  return toCsv(
    ['At', 'Who', 'Action', 'Appointment', 'Booking reference', 'Status before', 'Status after'],
    records
      .filter((r) => r.entityType === 'appointment')
      .map((r) => [
        r.at,
        r.actorName ?? 'guest',
        r.action,
        r.entityId,
        ref(r),
        (r.before as Record<string, unknown> | null)?.status ?? '',
        (r.after as Record<string, unknown> | null)?.status ?? '',
      ]),
  );
}
