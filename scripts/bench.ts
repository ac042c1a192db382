// `npm run bench`: the product's figures against their floors, in one run on the local stack
// (DynamoDB Local, the real handlers behind the API Gateway emulator, loopback HTTP). Printed, and
// written to bench/results/latest.json, from which README's bench section is generated
// (bench/readme.ts). Numbers, not assertions: the goals are printed beside them. Sections of other domains add themselves to
// SECTIONS below (a function of the running stack that returns a printable report).
//
// Each section's wall time is printed after it and kept in latest.json (`sectionSeconds`, with
// `start` for the local stack and the warehouse load), so the run's 10-minute budget can be read section by section.
// Order: bundles and PURE_SECTIONS (before the stack starts), hotPaths, race, mixed, then SECTIONS (wms last).
// BENCH_ONLY=wms,gate (a comma list of section names: hotPaths, race, mixed, messaging, chat,
// integrations, tenancy, lighthouse, interactions, wms, gate, trips, bundles, planner) runs only those, for work on one of them;
// sections that need no stack (PURE_SECTIONS: the door planner) run before it starts, and a BENCH_ONLY of
// those (and bundles) alone starts no stack;
// a partial run is written to .bench/partial.json, never over latest.json (the README quotes that
// one). Sections run in the order below either way.
import './bench/env';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { startLocalStack } from '../functions/local/stack';
import { freePort } from '../functions/local/services';
import { instrumentDynamoDb, totals } from './bench/measure';
import { hotPaths, signIn, type Call } from './bench/hot-paths';
import { guestRace } from './bench/race';
import {
  CORE_ACTIONS,
  HUB_SCREENS,
  mixedLoad,
  warehouseReceipts,
  type MixedAction,
  type Person,
} from './bench/mixed-load';
import { lambdaBundles, spaBundle } from './bench/bundles';
import type { BenchSection, PureBenchSection } from './bench/section';
import { writeReadmeBench } from './bench/readme';
import { startWebFront } from './bench/https-front';

const GOALS = { ratioP50: 1.3, lambdaKb: 250, initMs: 100, mixedP95Ms: 1000 };
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 120);
/** The back-to-back run beside it (saturation: what the machine serves when full). */
const SATURATION_SECONDS = Number(process.env.BENCH_SATURATION_SECONDS ?? 30);

const SECTIONS: { name: string; load: () => Promise<BenchSection> }[] = [
  { name: 'messaging', load: async () => (await import('./bench/messaging')).messagingBench },
  // The WhatsApp bot's reply time (issue #56), through the local stack's fake Cloud API.
  { name: 'chat', load: async () => (await import('./bench/chat')).chatBench },
  { name: 'integrations', load: async () => (await import('./bench/integrations')).integrationsBench },
  { name: 'tenancy', load: async () => (await import('./bench/tenancy')).tenancyBench },
  { name: 'lighthouse', load: async () => (await import('./bench/lighthouse')).lighthouseBench },
  { name: 'interactions', load: async () => (await import('./bench/interactions')).interactionsBench },
  { name: 'gate', load: async () => (await import('./bench/gate')).gateBench },
  { name: 'gate-pass', load: async () => (await import('./bench/gate-pass')).gatePassBench },
  { name: 'trips', load: async () => (await import('./bench/trips')).tripsBench },
  { name: 'slot-search', load: async () => (await import('./bench/slot-search')).slotSearchBench },
  // Its 100,000-line warehouse is loaded as the stack starts (in `start`), before the stream workers.
  { name: 'wms', load: async () => (await import('./bench/wms')).wmsBench },
];
/** Sections that need no stack (pure computation), run before it starts. */
const PURE_SECTIONS: { name: string; load: () => Promise<PureBenchSection> }[] = [
  // The door planner (issue #58): first-free, greedy and the HiGHS solver on generated days.
  { name: 'planner', load: async () => (await import('./bench/planner')).plannerBench },
];
/** Kinds of request in the mixed load besides the core ones, each set up before the load starts. */
const MIXED_ACTIONS: { load: (operations: Call) => Promise<MixedAction> }[] = [{ load: warehouseReceipts }];

const ALL_SECTIONS = [
  'bundles',
  ...PURE_SECTIONS.map((s) => s.name),
  'hotPaths',
  'race',
  'mixed',
  ...SECTIONS.map((s) => s.name),
];
const ONLY = process.env.BENCH_ONLY
  ? process.env.BENCH_ONLY.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  : null;
const unknownSections = ONLY?.filter((name) => !ALL_SECTIONS.includes(name)) ?? [];
if (unknownSections.length)
  throw new Error(`BENCH_ONLY: no section ${unknownSections.join(', ')} (sections: ${ALL_SECTIONS.join(', ')})`);

/** Sections that open the SPA or measure its bundle: the web app is built first when one of them runs
 * (`npm run build:web`); a BENCH_ONLY of others (trips, wms, ...) does not build it again. */
const SPA_SECTIONS = ['bundles', 'lighthouse', 'interactions', 'gate', 'gate-pass'];
if (!ONLY || ONLY.some((name) => SPA_SECTIONS.includes(name))) {
  const build = spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const ms = (v: number) => Number(v.toFixed(1));
const kb = (v: number) => Number((v / 1024).toFixed(1));
const started = performance.now();
const sectionSeconds: Record<string, number> = {};
/** Runs one section unless BENCH_ONLY leaves it out, and keeps its wall time. */
async function section(name: string, body: () => Promise<void>): Promise<void> {
  if (ONLY && !ONLY.includes(name)) return;
  const t0 = performance.now();
  await body();
  sectionSeconds[name] = Number(((performance.now() - t0) / 1000).toFixed(1));
  console.log(`(${name}: ${sectionSeconds[name]} s)`);
}
const results: Record<string, unknown> = {
  at: new Date().toISOString(),
  machine: `${process.platform} ${process.arch}, Node ${process.version}`,
  goals: GOALS,
  ...(ONLY ? { only: ONLY } : {}),
  sectionSeconds,
};
console.log('\nDockSaathi benchmark: local stack, DynamoDB Local, loopback HTTP; latency in ms\n');
// First, before the local stack starts: the code sizes need no stack, and each Lambda's init is timed
// in a fresh process, best on a machine that DynamoDB Local and the stream poller leave quiet.
await section('bundles', () => codeSizes(results));
for (const { name, load } of PURE_SECTIONS) {
  await section(name, async () => {
    const report = await (await load())();
    console.log(`\n${report.title}`);
    console.table(report.rows);
    results[name] = report;
  });
}
const stackless = ['bundles', ...PURE_SECTIONS.map((s) => s.name)];
if (ONLY?.every((name) => stackless.includes(name))) {
  await finish();
  process.exit(0);
}

const stackStarted = performance.now();
const port = await freePort();
// The SPA as npm start serves it (Lighthouse loads it; the first-load figures read the same build).
const runs = (name: string) => !ONLY || ONLY.includes(name);
const stack = await startLocalStack({
  port,
  demoActivity: false,
  staticDir: join(import.meta.dirname, '..', 'web', process.env.WEB_DIST ?? 'dist'),
  // The warehouse at scale is loaded as the stack starts, before its stream workers (bench/wms.ts).
  beforeWorkers: runs('wms') ? async () => (await import('./bench/wms')).loadBenchWarehouse() : undefined,
});
const web = await startWebFront(stack.url);
sectionSeconds.start = Number(((performance.now() - stackStarted) / 1000).toFixed(1));
instrumentDynamoDb();
try {
  const base = stack.url;
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB!; // set by the local stack
  const [admin, operations] = await Promise.all([signIn(base, 'admin'), signIn(base, 'operations')]);

  await section('hotPaths', async () => {
    const paths = await hotPaths(base, endpoint);
    console.log(
      `\nHot requests at hub size, beside the same DynamoDB calls sent straight through the SDK (goal: p50 ratio <= ${GOALS.ratioP50})`,
    );
    console.table(
      paths.map((p) => ({
        request: p.name,
        n: p.api.count,
        conc: p.api.concurrency,
        p50: ms(p.api.p50),
        p95: ms(p.api.p95),
        p99: ms(p.api.p99),
        'ddb calls': p.callsPerRequest,
        'floor p50': ms(p.floor.p50),
        'floor p95': ms(p.floor.p95),
        'ratio p50': Number(p.ratioP50.toFixed(2)),
        // The function in-process, beside its own floor (no HTTP hop: what Lambda runs).
        'fn p50': ms(p.fn.p50),
        'fn floor p50': ms(p.fnFloor.p50),
        'fn ratio p50': Number(p.fnRatioP50.toFixed(2)),
      })),
    );
    results.hotPaths = paths;
  });

  await section('race', async () => {
    const race = await guestRace(base, admin);
    console.log(
      `\nGuest slot race: ${race.guests} guests at once for ${race.capacity} places in ${race.seconds.toFixed(2)} s: ${race.confirmed} confirmed, bookedCount ${race.bookedCount}, ${race.refused409} refused with 409, ${race.serverErrors} server errors (goal: ${race.capacity} / ${race.capacity} / ${race.guests - race.capacity} / 0)`,
    );
    results.guestRace = race;
  });

  await section('mixed', async () => {
    // Two sessions shared by the simulated people: signing in 20 times from one address would meet the
    // sign-in throttle (the load is in the requests, not in the sign-ins).
    const yardManager = await signIn(base, 'yard_manager');
    const actions = [...CORE_ACTIONS, ...(await Promise.all(MIXED_ACTIONS.map((a) => a.load(operations))))];
    const sessions = { operations, yard_manager: yardManager };
    // Paced: the hub's people by the screen of their work (HUB_SCREENS, 50 in all), each screen's
    // polls and its kinds of action. Back to back: as many people, each picking from every kind.
    const paced: Person[] = HUB_SCREENS.flatMap((s) =>
      Array.from({ length: s.people }, () => ({
        call: sessions[s.account],
        actions: [...s.polls, ...actions.filter((a) => s.acts.includes(a.kind))],
      })),
    );
    const backToBack: Person[] = Array.from({ length: paced.length }, (_, i) => ({
      call: i % 2 ? operations : yardManager,
      actions,
    }));
    // Paced first (the goal's figure: GOALS.mixedP95Ms per kind, no errors), then back to back.
    for (const [model, people, seconds, key] of [
      ['paced', paced, MIXED_SECONDS, 'mixedLoad'],
      ['back to back', backToBack, SATURATION_SECONDS, 'mixedSaturation'],
    ] as const) {
      const mixed = await mixedLoad(people, seconds, model);
      console.log(
        `\nMixed load, ${model}: ${mixed.people} people for ${mixed.seconds.toFixed(0)} s: ${mixed.requests} actions and polls, ${mixed.httpRequests} HTTP requests (${mixed.httpPerSecond.toFixed(1)}/s), error rate ${(mixed.errorRate * 100).toFixed(2)} %${model === 'paced' ? ` (goal: p95 < ${GOALS.mixedP95Ms} ms, no errors)` : ' (saturation, no goal)'}`,
      );
      console.table(
        Object.entries(mixed.byKind).map(([kind, l]) => ({
          kind,
          n: l.count,
          p50: ms(l.p50),
          p95: ms(l.p95),
          p99: ms(l.p99),
          errors: l.errors,
        })),
      );
      for (const [kind, l] of Object.entries(mixed.byKind))
        if (l.firstError) console.log(`  first ${kind} failure: ${l.firstError}`);
      results[key] = mixed;
    }
  });

  for (const { name, load } of SECTIONS) {
    await section(name, async () => {
      const report = await (await load())({ base, web, dynamoDbEndpoint: endpoint, admin, operations });
      console.log(`\n${report.title}`);
      console.table(report.rows);
      results[name] = report;
    });
  }

  console.log(`\nDynamoDB calls during the run: ${totals.calls}; Scans: ${totals.scans} (goal 0)`);
  results.dynamoDb = { ...totals };
} finally {
  await web.close();
  await stack.stop();
}
await finish();

/** Writes the run's figures (and README's section after a full run) and prints the time per section. */
async function finish(): Promise<void> {
  results.seconds = (performance.now() - started) / 1000;
  const file = ONLY
    ? join(import.meta.dirname, '..', '.bench', 'partial.json')
    : join(import.meta.dirname, '..', 'bench', 'results', 'latest.json');
  mkdirSync(join(file, '..'), { recursive: true });
  // Formatted as the repo's files are, so `npm test`'s format stage passes on the committed figures.
  const options = await prettier.resolveConfig(file);
  writeFileSync(file, await prettier.format(JSON.stringify(results, null, 2), { ...options, filepath: file }));
  // README's figures come from the full run's file only (a partial run would show a partial table as the latest).
  if (!ONLY) await writeReadmeBench(file);
  console.log(
    `\nSeconds per section: ${Object.entries(sectionSeconds)
      .map(([name, s]) => `${name} ${s}`)
      .join(', ')}`,
  );
  console.log(
    `Bench took ${(results.seconds as number).toFixed(0)} s; figures in ${ONLY ? '.bench/partial.json (BENCH_ONLY)' : 'bench/results/latest.json'}`,
  );
}

/** The code each visitor and each request loads: the SPA's first load and chunks, each Lambda's bundle. */
async function codeSizes(results: Record<string, unknown>): Promise<void> {
  const spa = spaBundle();
  console.log(
    `\nSPA first load: ${kb(spa.firstLoadGzip)} KB gzip in ${spa.firstLoadFiles.length} files (the entry alone: each route's first load, against its goal, is in the table below); largest route chunks (gzip KB):`,
  );
  console.table(spa.chunks.slice(0, 12).map((c) => ({ chunk: c.file, kb: kb(c.bytes), gzip: kb(c.gzip) })));
  console.log('\nSPA per route (gzip KB): first load and own chunk against their budgets (scripts/size-budget.ts)');
  console.table(
    spa.routes.map((r) => ({
      route: r.route,
      'first load': r.firstLoadKb,
      budget: r.firstLoadBudgetKb,
      'goal KB': r.goalKb,
      chunk: r.chunkKb,
      'chunk budget': r.chunkBudgetKb,
      'within budget': r.over ? 'FAIL' : 'pass',
      'meets goal': r.firstLoadKb <= r.goalKb ? 'pass' : 'FAIL',
    })),
  );
  const lambdas = await lambdaBundles();
  console.log(
    `\nLambda bundles as deployed (goal <= ${GOALS.lambdaKb} KB minified, own init <= ${GOALS.initMs} ms; init in a fresh process = the runtime's SDK and the Powertools layer it requires + our module):`,
  );
  console.table(
    lambdas.map((l) => ({
      function: l.name,
      kb: kb(l.bytes),
      'init ms': ms(l.initMs),
      'externals ms': ms(l.externalsMs),
      'own init ms': ms(l.ownInitMs),
      'side files KB': l.sideBundles.map((b) => `${b.file} ${kb(b.bytes)}`).join(', '),
    })),
  );
  results.bundles = {
    spa: {
      firstLoadGzip: spa.firstLoadGzip,
      firstLoadFiles: spa.firstLoadFiles,
      chunks: spa.chunks,
      routes: spa.routes,
    },
    lambdas,
  };
}
