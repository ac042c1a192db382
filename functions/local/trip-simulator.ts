// Trucks on real corridors for the fake ULIP's FASTAG/01 (issue #33), `npm start`'s demo, the tests
// and the bench: each truck crosses the corridor's toll plazas (public, approximate coordinates) and
// reaches the hub with speed noise, roadside stops and the city's no-entry hours; the same seed gives
// the same trip.
import { afterNoEntry, haversineKm, type Point } from '../trips/estimate';
import { DEFAULT_TIME_ZONE } from '../../shared/time';
import { seededRandom } from './seeded-random';

export interface Plaza extends Point {
  name: string;
}

export interface Corridor {
  name: string;
  /** In the order a truck bound for the hub crosses them. */
  plazas: Plaza[];
  hub: Plaza;
}

export const CORRIDORS = {
  /** JNPT / Navi Mumbai up the Mumbai-Pune expressway to a Chakan warehouse. */
  expressway: {
    name: 'Mumbai-Pune expressway',
    plazas: [
      { name: 'Vashi Toll Plaza', latitude: 19.061, longitude: 73.0 },
      { name: 'Khalapur Toll Plaza', latitude: 18.827, longitude: 73.279 },
      { name: 'Talegaon (Urse) Toll Plaza', latitude: 18.7283, longitude: 73.6886 },
    ],
    hub: { name: 'Chakan MIDC', latitude: 18.76, longitude: 73.84 },
  },
  /** Gujarat down NH48 to a Bhiwandi warehouse. */
  nh48: {
    name: 'NH48 toward Bhiwandi',
    plazas: [
      { name: 'Boriach Toll Plaza', latitude: 20.849, longitude: 72.959 },
      { name: 'Bhagwada Toll Plaza', latitude: 20.367, longitude: 72.933 },
      { name: 'Charoti Toll Plaza', latitude: 19.889, longitude: 72.942 },
      { name: 'Khaniwade Toll Plaza', latitude: 19.501, longitude: 72.905 },
    ],
    hub: { name: 'Bhiwandi (Mankoli)', latitude: 19.296, longitude: 73.063 },
  },
} as const satisfies Record<string, Corridor>;
export type CorridorName = keyof typeof CORRIDORS;

export interface SimulatedCrossing extends Plaza {
  seqNo: string;
  /** Epoch ms. */
  at: number;
}

export interface SimulatedTrip {
  vehicleNumber: string;
  corridor: CorridorName;
  crossings: SimulatedCrossing[];
  /** When the truck reaches the hub's gate (epoch ms). */
  arrivesAt: number;
}

export interface TripPlan {
  vehicleNumber: string;
  corridor: CorridorName;
  seed: number;
  /** When the truck crosses the corridor's first plaza (epoch ms)... */
  departAt?: number;
  /** ...or when it must reach the hub: the whole trip is shifted to arrive then (no-entry hours ignored). */
  arriveAt?: number;
  /** The first plaza crossed (index): a truck joining the corridor on the way. */
  fromPlaza?: number;
  /** The city's no-entry hours for trucks at the hub, on its clock. */
  noEntry?: { from: string; to: string } | null;
  timeZone?: string;
}

/** One truck's crossings and arrival. */
export function simulateTrip(plan: TripPlan): SimulatedTrip {
  const rng = seededRandom(plan.seed);
  const corridor: Corridor = CORRIDORS[plan.corridor];
  const points = [...corridor.plazas.slice(plan.fromPlaza ?? 0), corridor.hub];
  // A truck's own pace (28-52 km/h with its stops left out), then each stretch's traffic and road.
  const pace = 28 + rng() * 24;
  let at = plan.departAt ?? 0;
  const crossings: SimulatedCrossing[] = [];
  points.forEach((point, i) => {
    if (i > 0) {
      const roadKm = haversineKm(points[i - 1]!, point) * (1.15 + rng() * 0.25);
      const speed = pace * (0.8 + rng() * 0.4);
      at += (roadKm / speed) * 3_600_000;
      // A roadside stop (a dhaba, a tyre) on a quarter of the stretches: 15-60 min.
      if (rng() < 0.25) at += (15 + rng() * 45) * 60_000;
    }
    if (i < points.length - 1)
      crossings.push({ ...point, seqNo: `${plan.seed % 100000}${String(i).padStart(2, '0')}`, at: Math.round(at) });
  });
  let arrivesAt = Math.round(at);
  if (plan.arriveAt !== undefined) {
    const shift = plan.arriveAt - arrivesAt;
    return {
      vehicleNumber: plan.vehicleNumber,
      corridor: plan.corridor,
      crossings: crossings.map((c) => ({ ...c, at: c.at + shift })),
      arrivesAt: plan.arriveAt,
    };
  }
  // The truck waits at the city's edge while trucks may not enter.
  if (plan.noEntry) arrivesAt = afterNoEntry(arrivesAt, plan.noEntry, plan.timeZone ?? DEFAULT_TIME_ZONE);
  return { vehicleNumber: plan.vehicleNumber, corridor: plan.corridor, crossings, arrivesAt };
}

/** FASTAG/01's txn entries of a trip as seen at `now`: the crossings made by then, newest first. */
export function fastagEntries(trip: SimulatedTrip, now: number): Record<string, string>[] {
  return trip.crossings
    .filter((c) => c.at <= now && c.at >= now - 72 * 3_600_000)
    .sort((a, b) => b.at - a.at)
    .map((c) => ({
      seqNo: c.seqNo,
      readerReadTime: readerReadTime(c.at),
      tollPlazaName: c.name,
      tollPlazaGeocode: `${c.latitude},${c.longitude}`,
      laneDirection: 'N',
      vehicleClass: 'VC10',
    }));
}

/** "2026-11-25 16:18:45.0": India time, as FASTag writes it. */
export function readerReadTime(at: number): string {
  return `${new Date(at + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ')}.0`;
}
