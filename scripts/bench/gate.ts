// Gate compliance figures for `npm run bench` (issue #21): the walk-in check-in's latency without the
// gate checks, then with them against the local fake ULIP (four sources in parallel, each answer
// new: a registry round trip per source), then with every answer cached (a truck back the same day).
import type { BenchSection } from './section';
import { run } from './measure';

const COUNT = Number(process.env.BENCH_GATE_COUNT ?? 60);
const CONCURRENCY = 4;

export const gateBench: BenchSection = async ({ admin, operations }) => {
  const settings = (await admin('GET', '/api/gate/settings')) as {
    baseUrl: string;
    username: string;
    checks: unknown;
    outcomes: unknown;
    cacheHours: number;
  };
  const setGate = (enabled: boolean) =>
    admin('PUT', '/api/gate/settings', {
      enabled,
      baseUrl: settings.baseUrl,
      username: settings.username,
      password: '',
      checks: settings.checks,
      outcomes: settings.outcomes,
      cacheHours: settings.cacheHours,
    });
  const walkIn =
    (vehicle: string, extra: Record<string, string> = {}) =>
    () =>
      operations('POST', '/api/checkins/walk-in', {
        driverName: 'Bench Driver',
        vehicleLicense: vehicle,
        carrierName: 'Bench Roadways',
        ...extra,
      });
  const plate = (series: string, i: number) => `MH14${series}${String(i).padStart(4, '0')}`;
  const licence = (i: number) => `MH142019${String(i).padStart(7, '0')}`;
  const ewb = (i: number) => `2222${String(i).padStart(8, '0')}`;

  await setGate(false);
  const without = await run(COUNT, CONCURRENCY, (i) => walkIn(plate('BA', i))());
  await setGate(true);
  try {
    const fresh = await run(COUNT, CONCURRENCY, (i) =>
      walkIn(plate('BB', i), { driverLicense: licence(i), ewayBill: ewb(i) })(),
    );
    const cached = await run(COUNT, CONCURRENCY, (i) =>
      walkIn(plate('BB', i), { driverLicense: licence(i), ewayBill: ewb(i) })(),
    );
    const row = (name: string, l: typeof without) => ({
      'walk-in check-in': name,
      n: l.count,
      conc: l.concurrency,
      p50: Number(l.p50.toFixed(1)),
      p95: Number(l.p95.toFixed(1)),
      p99: Number(l.p99.toFixed(1)),
    });
    return {
      title:
        'Check-in latency with the gate checks (VAHAN, SARATHI, FASTag, e-way bill through the local fake ULIP) beside without them; ms',
      rows: [
        row('without gate checks', without),
        row('with gate checks (4 registry calls)', fresh),
        row('with gate checks (answers cached)', cached),
      ],
      extra: { without, fresh, cached },
    };
  } finally {
    await setGate(false);
  }
};
