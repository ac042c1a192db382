// Trip estimate figures for `npm run bench` (issue #33): over 500 simulated trips (BENCH_TRIPS) on the
// fake ULIP's corridors (functions/local/trip-simulator.ts: Mumbai-Pune expressway to Chakan, NH48 to
// Bhiwandi; speed noise, roadside stops, a night no-entry at Bhiwandi), the mean absolute error of
// the estimate (functions/trips/estimate.ts, with the history it learns from the earlier trips) at
// 120, 60 and 30 minutes before the true arrival, beside the naive estimate "the truck comes at its
// scheduled time"; and the FASTag calls one truck costs in a day under the call budget (the worker's
// spacing rule, from the watch's start 8 h before the window until arrival, a run every 5 minutes).
import type { BenchSection } from './section';

const TRIPS = Number(process.env.BENCH_TRIPS ?? 500);
const LEADS = [120, 60, 30] as const;

export const tripsBench: BenchSection = async () => {
  const { CORRIDORS, simulateTrip } = await import('../../functions/local/trip-simulator');
  const { seededRandom } = await import('../../functions/local/seeded-random');
  const { assessTrip, callIntervalMinutes } = await import('../../functions/trips/estimate');
  const { TRIP_WATCH_DEFAULTS } = await import('../../shared/contracts/trips');
  const { instantOf } = await import('../../shared/time');
  const settings = {
    roadFactor: TRIP_WATCH_DEFAULTS.roadFactor,
    graceMinutes: TRIP_WATCH_DEFAULTS.graceMinutes,
    startHoursBefore: TRIP_WATCH_DEFAULTS.startHoursBefore,
    timeZone: 'Asia/Kolkata',
  };
  const noEntry = { nh48: { from: '23:00', to: '05:00' }, expressway: null } as const;
  const rng = seededRandom(33);
  /** Per corridor and plaza, minutes from the crossing to the arrival of the trips already done. */
  const history = new Map<string, number[]>();
  const errors = Object.fromEntries(LEADS.map((l) => [l, { estimate: [] as number[], naive: [] as number[] }]));
  const notSeen = Object.fromEntries(LEADS.map((l) => [l, 0]));
  const calls: number[] = [];
  const first = instantOf('2026-12-01', '00:00', 'Asia/Kolkata').getTime();

  for (let i = 0; i < TRIPS; i++) {
    const corridor = i % 2 ? 'nh48' : 'expressway';
    const hub = CORRIDORS[corridor].hub;
    const trip = simulateTrip({
      vehicleNumber: `MH04BN${String(i).padStart(4, '0')}`,
      corridor,
      seed: 10_000 + i,
      departAt: first + Math.floor(i / 20) * 86_400_000 + Math.floor(rng() * 20 * 3_600_000),
      fromPlaza: Math.floor(rng() * 2),
      noEntry: noEntry[corridor],
    });
    // The slot the truck was booked for: an hour's window the truck makes, misses a little, or misses by far.
    const startsAt = trip.arrivesAt - Math.round((rng() * 150 - 30) / 15) * 15 * 60_000;
    const window = {
      startsAt,
      endsAt: startsAt + 3_600_000,
      watchFrom: startsAt - settings.startHoursBefore * 3_600_000,
    };
    const assess = (now: number) =>
      assessTrip({
        crossings: trip.crossings
          .filter((c) => c.at <= now)
          .map((c) => ({ ...c, plaza: c.name, at: new Date(c.at).toISOString(), direction: 'N' })),
        facility: hub,
        window,
        settings: { ...settings, noEntry: noEntry[corridor] },
        history: (plaza) => history.get(`${corridor}|${plaza}`) ?? [],
        now,
      });
    for (const lead of LEADS) {
      const now = trip.arrivesAt - lead * 60_000;
      const a = assess(now);
      errors[lead]!.naive.push(Math.abs(startsAt - trip.arrivesAt) / 60_000);
      if (!a.estimate) {
        notSeen[lead]! += 1;
        continue;
      }
      errors[lead]!.estimate.push(Math.abs(Date.parse(a.estimate.eta) - trip.arrivesAt) / 60_000);
    }
    // The worker's budget: a run every 5 minutes, a call when the vehicle's interval has passed.
    let n = 0;
    let nextCall = -Infinity;
    for (let now = Math.max(window.watchFrom, trip.arrivesAt - 24 * 3_600_000); now < trip.arrivesAt; now += 300_000) {
      if (now < nextCall) continue;
      n += 1;
      const toWindow = (window.startsAt - now) / 60_000;
      nextCall =
        now + callIntervalMinutes(TRIP_WATCH_DEFAULTS.callEveryMinutes, assess(now).distanceKm, toWindow) * 60_000;
    }
    calls.push(n);
    for (const c of trip.crossings) {
      const key = `${corridor}|${c.name}`;
      history.set(key, [...(history.get(key) ?? []), (trip.arrivesAt - c.at) / 60_000].slice(-50));
    }
  }

  const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN);
  const rows = LEADS.map((lead) => ({
    'before arrival': `${lead} min`,
    'estimate MAE (min)': Number(mean(errors[lead]!.estimate).toFixed(1)),
    'scheduled-time MAE (min)': Number(mean(errors[lead]!.naive).toFixed(1)),
    'not seen yet': notSeen[lead],
  }));
  const perTruck = mean(calls);
  return {
    title: `Trip estimates over ${TRIPS} simulated trips (FASTag crossings; ${perTruck.toFixed(1)} ULIP calls per truck per day, max ${Math.max(...calls)})`,
    rows,
    extra: { trips: TRIPS, ulipCallsPerTruckPerDay: Number(perTruck.toFixed(1)), ulipCallsMax: Math.max(...calls) },
  };
};

// `npx tsx scripts/bench/trips.ts` prints the section alone (it needs no running stack).
if (import.meta.url === `file://${process.argv[1]}`)
  void tripsBench({} as never).then((r) => {
    console.log(r.title);
    console.table(r.rows);
  });
