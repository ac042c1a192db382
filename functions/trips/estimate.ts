// The arrival estimate of a watched truck from its FASTag crossings (issue #33), pure: the worker
// (watch.ts) and the bench (scripts/bench/trips.ts) call these with what they read.
//
// From the newest plausible crossing: the road distance to the facility (great-circle x the facility's
// road factor) over this tenant's own history from that plaza (median of crossing-to-check-in
// minutes, range p20-p80), else over the class default speed (range +-25 %); an arrival inside the
// city's no-entry hours waits for their end. The truck is late only when even the early end of the
// range misses the window plus grace: an uncertain estimate is "at risk", never "late".
import type {
  Crossing,
  EstimateConfidence,
  NotSeenReason,
  TripEstimate,
  TripState,
} from '../../shared/contracts/trips';
import { instantOf, localDateTime, toMinutes, addDays } from '../../shared/time';

/** Heavy trucks on Indian highways and city roads, stops included (issue #33: "e.g. 35 km/h"). */
export const CLASS_DEFAULT_KMH = 35;
/** The class-default range: +-25 % of the travel time. */
const DEFAULT_SPREAD = 0.25;
/** History from a plaza counts once this many trips are known; high confidence from HIGH_SAMPLES. */
export const MIN_SAMPLES = 3;
const HIGH_SAMPLES = 8;
/** A crossing farther than this many times what the class speed covers in the watch is off any route. */
const OFF_ROUTE_FACTOR = 1.5;
const EARTH_RADIUS_KM = 6371;

export interface Point {
  latitude: number;
  longitude: number;
}

/** Great-circle distance (haversine) in km. */
export function haversineKm(a: Point, b: Point): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The p-th percentile (0..1) of the values, linearly interpolated between ranks; null when empty. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const rank = p * (sorted.length - 1);
  const lower = Math.floor(rank);
  const upper = Math.ceil(rank);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (rank - lower);
}

export const median = (values: readonly number[]) => percentile(values, 0.5);

// --- FASTag's crossing list -------------------------------------------------------------------------

/** FASTag's readerReadTime ("2026-11-25 16:18:45.0", India time) as an instant; null when unreadable. */
export function readerTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/.exec(value.trim());
  if (!m) return null;
  const part = (i: number) => Number(m[i] ?? 0);
  const utc = Date.UTC(part(1), part(2) - 1, part(3), part(4), part(5), part(6)) - 330 * 60_000;
  const instant = new Date(utc);
  // Date.UTC rolls 31 Feb over into March: such a date is not a reading.
  if (Number.isNaN(utc) || localDateTime(instant, 'Asia/Kolkata').date !== `${m[1]}-${m[2]}-${m[3]}`) return null;
  return instant.toISOString();
}

/** "18.7725,73.2840" as a point; null when not two numbers on the map. */
export function geocode(value: unknown): Point | null {
  if (typeof value !== 'string') return null;
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length !== 2 || parts.some((p) => !/^-?\d+(\.\d+)?$/.test(p))) return null;
  const [latitude, longitude] = parts.map(Number) as [number, number];
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/**
 * FASTag's txn entries as crossings: unreadable entries are dropped (counted), duplicates by seqNo
 * kept once, the rest ordered by time, oldest first.
 */
export function readCrossings(entries: unknown): { crossings: Crossing[]; dropped: number } {
  if (!Array.isArray(entries)) return { crossings: [], dropped: 0 };
  const bySeq = new Map<string, Crossing>();
  let dropped = 0;
  for (const entry of entries as Record<string, unknown>[]) {
    const at = readerTime(entry?.readerReadTime);
    const point = geocode(entry?.tollPlazaGeocode);
    const seqNo = typeof entry?.seqNo === 'string' || typeof entry?.seqNo === 'number' ? String(entry.seqNo) : '';
    const plaza = typeof entry?.tollPlazaName === 'string' ? entry.tollPlazaName.trim() : '';
    if (!at || !point || !seqNo || !plaza) {
      dropped += 1;
      continue;
    }
    if (bySeq.has(seqNo)) continue;
    bySeq.set(seqNo, {
      seqNo,
      plaza,
      at,
      ...point,
      direction: typeof entry.laneDirection === 'string' ? entry.laneDirection : null,
    });
  }
  return { crossings: orderCrossings([...bySeq.values()]), dropped };
}

export const orderCrossings = (crossings: Crossing[]) =>
  [...crossings].sort((a, b) => a.at.localeCompare(b.at) || a.seqNo.localeCompare(b.seqNo));

// --- The estimate -----------------------------------------------------------------------------------

export interface TripWindow {
  /** Instants (ms) of the window's start and end at the facility. */
  startsAt: number;
  endsAt: number;
  /** When the watch starts (ms): crossings before it are stale. */
  watchFrom: number;
}

export interface EstimateSettings {
  roadFactor: number;
  graceMinutes: number;
  startHoursBefore: number;
  noEntry: { from: string; to: string } | null;
  timeZone: string;
}

export type Assessment =
  | { state: 'not_seen'; reason: NotSeenReason; estimate: null; lateByMinutes: null; distanceKm: null }
  | {
      state: Exclude<TripState, 'not_seen' | 'arrived'>;
      reason: null;
      estimate: TripEstimate;
      lateByMinutes: number;
      /** Road km from the newest crossing (the call budget spaces calls by it). */
      distanceKm: number;
    };

const notSeen = (reason: NotSeenReason): Assessment => ({
  state: 'not_seen',
  reason,
  estimate: null,
  lateByMinutes: null,
  distanceKm: null,
});

/** The instant at or after `at` that is outside the facility's no-entry hours (same instant if outside). */
export function afterNoEntry(at: number, noEntry: EstimateSettings['noEntry'], timeZone: string): number {
  if (!noEntry) return at;
  const local = localDateTime(new Date(at), timeZone);
  const minute = toMinutes(local.time);
  const from = toMinutes(noEntry.from);
  const to = toMinutes(noEntry.to);
  const inside = from < to ? minute >= from && minute < to : minute >= from || minute < to;
  if (!inside) return at;
  // The end of the hours: today's `to`, or tomorrow's when they run over midnight and we are before it.
  const endDate = from < to || minute < to ? local.date : addDays(local.date, 1);
  return instantOf(endDate, noEntry.to, timeZone).getTime();
}

/**
 * The state of a watched truck at `now` from its crossings (ordered, deduplicated), this tenant's
 * history of crossing-to-check-in minutes from each plaza, and the facility's settings.
 */
export function assessTrip(input: {
  crossings: readonly Crossing[];
  facility: Point;
  window: TripWindow;
  settings: EstimateSettings;
  history: (plaza: string) => readonly number[];
  now: number;
}): Assessment {
  const { crossings, facility, window, settings, now } = input;
  const newest = crossings.at(-1);
  if (!newest) return notSeen('no_crossings');
  const seenAt = Date.parse(newest.at);
  if (seenAt < window.watchFrom) return notSeen('stale');
  const distanceKm = haversineKm(newest, facility) * settings.roadFactor;
  const reach = CLASS_DEFAULT_KMH * settings.startHoursBefore * OFF_ROUTE_FACTOR;
  if (distanceKm > reach) return notSeen('off_route');

  const samples = input.history(newest.plaza);
  let minutes: { eta: number; low: number; high: number };
  let confidence: EstimateConfidence;
  let basis: TripEstimate['basis'];
  if (samples.length >= MIN_SAMPLES) {
    minutes = { eta: median(samples)!, low: percentile(samples, 0.2)!, high: percentile(samples, 0.8)! };
    confidence = samples.length >= HIGH_SAMPLES ? 'high' : 'medium';
    basis = 'history';
  } else {
    const travel = (distanceKm / CLASS_DEFAULT_KMH) * 60;
    minutes = { eta: travel, low: travel * (1 - DEFAULT_SPREAD), high: travel * (1 + DEFAULT_SPREAD) };
    // A near truck's default is close enough to say so; a far one's is a rough guess.
    confidence = travel <= 90 ? 'medium' : 'low';
    basis = 'class_default';
  }
  // A truck not yet arrived arrives no earlier than now; if it is overdue, we know less than we said.
  const at = (m: number) => Math.max(now, seenAt + m * 60_000);
  if (seenAt + minutes.eta * 60_000 < now) confidence = 'low';
  const eta = at(minutes.eta);
  const held = afterNoEntry(eta, settings.noEntry, settings.timeZone);
  const low = afterNoEntry(at(minutes.low), settings.noEntry, settings.timeZone);
  const high = afterNoEntry(at(minutes.high), settings.noEntry, settings.timeZone);

  const limit = window.endsAt + settings.graceMinutes * 60_000;
  const state = low > limit ? 'late' : held > limit || high > limit ? 'at_risk' : 'on_time';
  return {
    state,
    reason: null,
    lateByMinutes: Math.max(0, Math.round((held - window.endsAt) / 60_000)),
    distanceKm,
    estimate: {
      eta: new Date(held).toISOString(),
      low: new Date(Math.min(low, held)).toISOString(),
      high: new Date(Math.max(high, held)).toISOString(),
      confidence,
      basis,
      heldByNoEntry: held !== eta,
      lastSeen: { plaza: newest.plaza, at: newest.at },
    },
  };
}

// --- The call budget --------------------------------------------------------------------------------

/**
 * Minutes until the next FASTag call for a vehicle: the tenant's interval near the facility, longer
 * when the truck is far (a quarter of its remaining travel, at most two hours): a truck four hours
 * out does not move the estimate in fifteen minutes. A truck not seen yet is as far as the time left
 * to its window.
 */
export function callIntervalMinutes(
  callEveryMinutes: number,
  distanceKm: number | null,
  minutesToWindow: number,
): number {
  const travel = distanceKm === null ? minutesToWindow : (distanceKm / CLASS_DEFAULT_KMH) * 60;
  return Math.round(Math.min(120, Math.max(callEveryMinutes, travel / 4)));
}
