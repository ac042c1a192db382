// Dwell and detention figures (issue #57.4) from the detention read model's trucks (one item per truck
// that came and left, read by key for a facility's days): per facility and day, and per carrier over a
// range, the median and p90 dwell and the share over 2 hours (figures.ts dwellOfMinutes), the share of
// trucks that came within their window and its grace (the detention rules' arrival: early or on time),
// and detention hours and rupees by cause as the rules computed them for each truck.
import { DETENTION_CAUSES, type DetentionCause } from '../../shared/contracts/detention';
import { toCsv } from '../lib/csv';
import type { TruckFigures } from '../detention';
import { dwellOfMinutes } from './figures';

export interface DwellDetentionFigures extends ReturnType<typeof dwellOfMinutes> {
  /** Trucks that came and left. */
  trucks: number;
  /** Percent of them that came within their window and grace, to one decimal. */
  onTimeShare: number | null;
  /** Hours past the free time by cause, to one decimal (minutes / 60). */
  detentionHoursByCause: Record<DetentionCause, number>;
  detentionHours: number;
  /** What the hub owes for them by cause, in rupees (the charge per started hour, split by minutes). */
  detentionRupeesByCause: Record<DetentionCause, number>;
  detentionRupees: number;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const perCause = (of: (cause: DetentionCause) => number) =>
  Object.fromEntries(DETENTION_CAUSES.map((c) => [c, of(c)])) as Record<DetentionCause, number>;

export function dwellDetentionFigures(trucks: TruckFigures[]): DwellDetentionFigures {
  const sum = (of: (t: TruckFigures) => number) => trucks.reduce((total, t) => total + of(t), 0);
  const minutes = perCause((c) => sum((t) => t.detentionMinutesByCause[c]));
  const paise = perCause((c) => sum((t) => t.detentionPaiseByCause[c]));
  const onTime = trucks.filter((t) => t.arrival !== 'late').length;
  return {
    trucks: trucks.length,
    ...dwellOfMinutes(trucks.map((t) => t.dwellMinutes)),
    onTimeShare: trucks.length ? round1((onTime / trucks.length) * 100) : null,
    detentionHoursByCause: perCause((c) => round1(minutes[c] / 60)),
    detentionHours: round1(DETENTION_CAUSES.reduce((total, c) => total + minutes[c], 0) / 60),
    detentionRupeesByCause: perCause((c) => paise[c] / 100),
    detentionRupees: sum((t) => t.detentionPaise) / 100,
  };
}

/** The figures of each day asked for (a day without trucks has none). */
export function dwellByDay(trucks: TruckFigures[], days: string[]) {
  return days.map((date) => ({ date, ...dwellDetentionFigures(trucks.filter((t) => t.day === date)) }));
}

/** The figures per carrier, the carrier with the most trucks first (trucks of no carrier under null). */
export function dwellByCarrier(trucks: TruckFigures[]) {
  const byCarrier = new Map<string | null, TruckFigures[]>();
  for (const t of trucks) byCarrier.set(t.carrierName, [...(byCarrier.get(t.carrierName) ?? []), t]);
  return [...byCarrier.entries()]
    .map(([carrier, list]) => ({ carrier, ...dwellDetentionFigures(list) }))
    .sort((a, b) => b.trucks - a.trucks || (a.carrier ?? '').localeCompare(b.carrier ?? ''));
}

/** Analytics' dwell and detention over a range of a facility's days: the whole, per day and per carrier. */
export function dwellAnalytics(trucks: TruckFigures[], days: string[]) {
  return { ...dwellDetentionFigures(trucks), perDay: dwellByDay(trucks, days), carriers: dwellByCarrier(trucks) };
}

const CAUSE_NAMES: Record<DetentionCause, string> = {
  door_wait: 'waiting for a door',
  at_door: 'unloading',
  documents: 'documents',
  hub_hold: 'hub hold',
};

/** The range's figures as CSV: a row for the facility's whole range, one per day, one per carrier. */
export function dwellDetentionCsv(facility: string, trucks: TruckFigures[], days: string[]): string {
  const a = dwellAnalytics(trucks, days);
  const row = (scope: string, name: string, from: string, to: string, f: DwellDetentionFigures) => [
    scope,
    name,
    from,
    to,
    f.trucks,
    f.medianDwellMinutes,
    f.p90DwellMinutes,
    f.overTwoHoursShare,
    f.onTimeShare,
    ...DETENTION_CAUSES.map((c) => f.detentionHoursByCause[c]),
    f.detentionHours,
    ...DETENTION_CAUSES.map((c) => f.detentionRupeesByCause[c]),
    f.detentionRupees,
  ];
  const [from, to] = [days[0] ?? '', days[days.length - 1] ?? ''];
  return toCsv(
    [
      'Scope',
      'Name',
      'From',
      'To',
      'Trucks',
      'Median dwell (min)',
      'P90 dwell (min)',
      'Over 2 h %',
      'On-time arrival %',
      ...DETENTION_CAUSES.map((c) => `Detention hours: ${CAUSE_NAMES[c]}`),
      'Detention hours',
      ...DETENTION_CAUSES.map((c) => `Detention ₹: ${CAUSE_NAMES[c]}`),
      'Detention ₹',
    ],
    [
      row('facility', facility, from, to, a),
      ...a.perDay.map((d) => row('day', facility, d.date, d.date, d)),
      ...a.carriers.map((c) => row('carrier', c.carrier ?? '', from, to, c)),
    ],
  );
}
