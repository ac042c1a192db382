// `npm run chaos` (issue #55): the mixed workload of scripts/bench/chaos.ts on the local stack at fault
// rates of 0, 1, 5 and 20 % (every kind of functions/local/faults.ts at that rate), each followed by the
// reconciliation of the table against what the clients were told. Prints, per rate, operations,
// acknowledged, faults injected, lost, doubled, inconsistent (goal 0 / 0 / 0), the error rate people
// saw and p95; writes bench/results/chaos.json, from which README's chaos table is generated.
//   CHAOS_OPERATIONS=2000 (per rate)  CHAOS_PEOPLE=10  CHAOS_SEED=<n> (printed; replays the run)
//   CHAOS_RATES=0,0.01,0.05,0.2
// Set up as the bench is (scripts/bench/env.ts: local mode, quiet logs, per-address limits raised).
import './bench/env';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLocalStack } from '../functions/local/stack';
import { freePort } from '../functions/local/services';
import { instrumentDynamoDb } from './bench/measure';
import { writeReadmeChaos } from './bench/readme';
import { arrivalsNeeded, chaosLoad, gateArrivals, prepareChaos, stockPlaces } from './bench/chaos';
import { reconcile, type ChaosReport } from './bench/chaos-reconcile';

const number = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of 0 or more, not "${raw}"`);
  return value;
};
const OPERATIONS = number('CHAOS_OPERATIONS', 2000);
const PEOPLE = number('CHAOS_PEOPLE', 10);
const SEED = number('CHAOS_SEED', Math.floor(Math.random() * 2 ** 31));
const RATES = (process.env.CHAOS_RATES ?? '0,0.01,0.05,0.2').split(',').map((r) => {
  const rate = Number(r);
  if (!(rate >= 0 && rate <= 1)) throw new Error(`CHAOS_RATES: "${r}" is not a rate from 0 to 1`);
  return rate;
});

console.log(
  `\nDockSaathi chaos run: seed ${SEED} (CHAOS_SEED=${SEED} replays it), ${OPERATIONS} operations per rate\n`,
);
const stack = await startLocalStack({ port: await freePort(), demoActivity: false });
instrumentDynamoDb();
const faults = await import('../functions/local/faults');
await faults.installFaults();
const rows: (ChaosReport & { rate: number; seed: number; faults: number; faultsByKind: Record<string, number> })[] = [];
const started = performance.now();
let world: Awaited<ReturnType<typeof prepareChaos>> | undefined;
try {
  world = await prepareChaos(stack.url);
  for (const [i, rate] of RATES.entries()) {
    const seed = SEED + i;
    const tag = `CH${i}${SEED.toString(36).slice(-3).toUpperCase()}`;
    const places = await stockPlaces(world, tag);
    const arrivals = await gateArrivals(world, tag, arrivalsNeeded(OPERATIONS));
    faults.switchFaults(faults.parseFaults(`all:${rate}`, String(seed)));
    const ledger = await chaosLoad(world, {
      operations: OPERATIONS,
      people: PEOPLE,
      seed,
      tag,
      places,
      arrivals,
      fromDay: 30 + 10 * i,
    });
    const faultsByKind = faults.injectedFaults();
    faults.switchFaults(null);
    // The stream workers catch up (late and repeated deliveries included) before the table is read.
    if (!(await stack.workersCaughtUp(120_000))) console.log('  (the stream workers had not caught up after 2 min)');
    const report = await reconcile(world, ledger);
    rows.push({ rate, seed, ...report, faults: Object.values(faultsByKind).reduce((s, n) => s + n, 0), faultsByKind });
    console.log(
      `${(rate * 100).toFixed(0)} %: ${report.operations} operations, ${report.lost} lost, ${report.doubled} doubled, ${report.inconsistent} inconsistent`,
    );
    for (const p of report.problems) console.log(`  ${p}`);
    console.log(
      `  done / refused / unknown: ${Object.entries(report.byKind)
        .map(([kind, t]) => `${kind} ${t.done}/${t.refused}/${t.unknown}`)
        .join(', ')}`,
    );
  }
} finally {
  await world?.close();
  await stack.stop();
}
console.log('\nChaos: each rate is every fault kind at that rate; lost / doubled / inconsistent goal 0 / 0 / 0');
console.table(
  rows.map((r) => ({
    'fault rate': `${(r.rate * 100).toFixed(0)} %`,
    operations: r.operations,
    acknowledged: r.acknowledged,
    'faults injected': r.faults,
    lost: r.lost,
    doubled: r.doubled,
    inconsistent: r.inconsistent,
    'error rate': `${(r.errorRate * 100).toFixed(2)} %`,
    'p95 ms': Math.round(r.p95),
  })),
);
// README's table comes from a full run only: the four rates, at least 2,000 operations each.
const full = RATES.join(',') === '0,0.01,0.05,0.2' && OPERATIONS >= 2000;
const file = full
  ? join(import.meta.dirname, '..', 'bench', 'results', 'chaos.json')
  : join(import.meta.dirname, '..', '.bench', 'chaos-partial.json');
mkdirSync(join(file, '..'), { recursive: true });
writeFileSync(
  file,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, Node ${process.version}`,
      seed: SEED,
      operationsPerRate: OPERATIONS,
      people: PEOPLE,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      rates: rows,
    },
    null,
    2,
  ) + '\n',
);
if (full) await writeReadmeChaos(file);
console.log(`Seed ${SEED}; figures in ${full ? 'bench/results/chaos.json (and README)' : '.bench/chaos-partial.json'}`);
