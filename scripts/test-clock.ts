// npm run test:clock: the date- and time-sensitive tests (unit, integration and the journeys that
// touch dates) run under libfaketime (Debian's `faketime`) at each instant of
// test/support/clock-instants.ts: a month's last evening in India, either side of IST midnight on
// 31 December, noon and just after midnight on 29 February 2028. Each run is a fresh process tree
// (DynamoDB Local, the local stack, Chromium) whose clock starts at the instant and runs on.
//   tsx scripts/test-clock.ts [--instants a,b] [--built]   (--built: web/dist is already built)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CLOCK_INSTANTS } from '../test/support/clock-instants';
import { QUICK_JAVA } from '../test/support/quick-java';
import type { VitestCounts } from '../test/support/count-reporter';

/** Tests whose answers depend on the day or the hour: the core runs at every instant (of the
 * journeys, those tagged @instant; the full instants run the files whole). */
const CORE = {
  vitest: [
    'test/unit/appointments-rules.test.ts',
    'test/unit/checkins-rules.test.ts',
    'test/unit/facilities-slot-rules.test.ts',
    'test/unit/insights-day-figures.test.ts',
    'test/unit/insights-figures.test.ts',
    'test/unit/i18n-format.test.ts',
    'test/integration/clock.test.ts',
  ],
  journeys: ['test/e2e/clock.spec.ts', 'test/e2e/checkins.spec.ts'],
};
/** The rest of the date-sensitive suites, at the `full` instants (just after IST midnight). */
const FULL = {
  vitest: [
    'test/integration/appointments.test.ts',
    'test/integration/checkins-flow.test.ts',
    'test/integration/insights-read-model.test.ts',
    'test/integration/messaging-delays.test.ts',
  ],
  journeys: ['test/e2e/appointments.spec.ts'],
};

/** A hub in Singapore: its guests, bookings and schedule on its own clock (the `singapore` instants). */
const SINGAPORE = { vitest: [] as string[], journeys: ['test/e2e/facility-zone.spec.ts'] };

const args = process.argv.slice(2);
const only = args.includes('--instants') ? args[args.indexOf('--instants') + 1]!.split(',') : null;
const instants = only ? CLOCK_INSTANTS.filter((i) => only.includes(i.name)) : CLOCK_INSTANTS;
if (only && instants.length !== only.length)
  throw new Error(`--instants takes some of: ${CLOCK_INSTANTS.map((i) => i.name).join(', ')}`);

if (spawnSync('faketime', ['-f', '+0', 'true']).status !== 0) {
  console.error('test:clock needs libfaketime: apt-get install -y faketime');
  process.exit(1);
}
if (!args.includes('--built') && spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit' }).status !== 0)
  process.exit(1);

/**
 * Runs a command under faketime with its clock at `utc` now. The offset form (+N seconds) moves every
 * process of the tree by the same amount, whenever it starts; an absolute '@' start would restart the
 * clock in each child (the local stack, Chromium) at the moment that child starts. The output is kept
 * and printed whole when the command ends, under its instant's name.
 */
function atInstant(utc: string, name: string, command: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  const offset = Math.round((Date.parse(utc) - Date.now()) / 1000);
  return new Promise((resolve) => {
    const child = spawn('faketime', ['-f', `${offset >= 0 ? '+' : ''}${offset}s`, ...command], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        CLOCK_INSTANT: name,
        CI: process.env.CI ?? '',
        FORCE_COLOR: '0',
        // Each instant starts two DynamoDB Locals that live two or three minutes.
        JAVA_TOOL_OPTIONS: QUICK_JAVA,
        ...env,
      },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    child.on('close', (code) => {
      process.stdout.write(`\n--- ${name}: ${command.slice(0, 3).join(' ')} ---\n${out}`);
      resolve(code === 0);
    });
    child.on('error', (err) => {
      process.stdout.write(`\n--- ${name}: ${String(err)}\n`);
      resolve(false);
    });
  });
}

// What each instant ran, for the timing table of `npm test` (scripts/test-stages.ts): with
// CLOCK_COUNTS_FILE set, vitest's count reporter and Playwright's json reporter count the tests.
const countsFile = process.env.CLOCK_COUNTS_FILE;
const tally = { passed: 0, failed: 0, skipped: 0 };
let assertions = 0;
const perInstant: { name: string; seconds: number; journeySeconds: number; vitestSeconds: number }[] = [];
function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}
const scratch = countsFile ? join(dirname(countsFile), 'clock-instant') : '';
const vitestArgs = countsFile ? ['--reporter=default', '--reporter=./test/support/count-reporter.ts'] : [];
const journeyArgs = countsFile ? ['--reporter=list,json'] : [];
function countVitest(file: string) {
  const c = readJson<VitestCounts>(file);
  if (!c) return void tally.failed++;
  tally.passed += c.tests.passed;
  tally.failed += c.tests.failed;
  tally.skipped += c.tests.skipped;
  assertions += c.assertions;
}
function countJourneys(file: string) {
  const r = readJson<{ stats: { expected: number; unexpected: number; skipped: number; flaky: number } }>(file);
  if (!r) return void tally.failed++;
  tally.passed += r.stats.expected;
  tally.failed += r.stats.unexpected + r.stats.flaky;
  tally.skipped += r.stats.skipped;
}

const failed: string[] = [];
const started = Date.now();

/** One instant: its journeys, then its tests, one after the other, each in a process tree of its own. */
async function runInstant(instant: (typeof instants)[number]) {
  const set = instant.singapore
    ? SINGAPORE
    : {
        vitest: [...CORE.vitest, ...(instant.full ? FULL.vitest : [])],
        journeys: [...CORE.journeys, ...(instant.full ? FULL.journeys : [])],
      };
  const { vitest, journeys } = set;
  // At the core instants, only the journeys whose answer depends on the instant (tagged @instant).
  const grep = instant.full || instant.singapore ? [] : ['--grep', '@instant'];
  console.log(`\n=== ${instant.name}: ${instant.utc} (India ${instant.date} ${instant.time}) ===`);
  const instantStarted = Date.now();
  const files = scratch && `${scratch}-${instant.name}`;
  if (countsFile) for (const f of ['vitest', 'playwright']) rmSync(`${files}-${f}.json`, { force: true });
  // The journeys, then the tests, one after the other: run at once (as until 4 Dec 2026), each slowed
  // the other past its gain (an instant took 147 s at once against 154 s after each other, its tests
  // 120 s instead of 50, a 5 s journey 13 s here and 31 s on CI, where it timed out) (issue #54).
  // One journey worker (one local stack): an instant's few journeys took 49 s on two against 38 on one.
  const journeysOk = await atInstant(
    instant.utc,
    instant.name,
    // Each instant's own output folder: Playwright empties its folder when it starts.
    [
      'npx',
      'playwright',
      'test',
      ...journeys,
      ...journeyArgs,
      ...grep,
      '--output',
      `test-results/clock-${instant.name}`,
    ],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${files}-playwright.json`,
      E2E_WORKERS: '1',
      E2E_PORT: String(portOf(instant.name)),
    },
  );
  const journeysDone = Date.now();
  const vitestOk =
    !vitest.length ||
    (await atInstant(instant.utc, instant.name, ['npx', 'vitest', 'run', ...vitest, ...vitestArgs], {
      VITEST_COUNTS_FILE: `${files}-vitest.json`,
    }));
  if (!vitestOk) failed.push(`${instant.name} (vitest)`);
  if (countsFile && vitest.length) countVitest(`${files}-vitest.json`);
  if (!journeysOk) failed.push(`${instant.name} (journeys)`);
  if (countsFile) countJourneys(`${files}-playwright.json`);
  const done = Date.now();
  perInstant.push({
    name: instant.name,
    seconds: (done - instantStarted) / 1000,
    journeySeconds: (journeysDone - instantStarted) / 1000,
    vitestSeconds: (done - journeysDone) / 1000,
  });
}

/** Each instant's journeys on a port of their own: two instants run at once. */
function portOf(name: string): number {
  return Number(process.env.E2E_PORT ?? 3210) + 1 + instants.findIndex((i) => i.name === name);
}

// Two instants at a time, the longest (the full ones) first: one instant keeps about 1.5 of CI's two
// cores busy, waiting on its stacks' start-ups; two keep both (issue #54).
const queue = [...instants].sort((a, b) => Number(!!b.full) - Number(!!a.full));
const AT_ONCE = Number(process.env.CLOCK_AT_ONCE ?? 2);
await Promise.all(
  Array.from({ length: Math.min(AT_ONCE, queue.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await runInstant(next);
  }),
);
if (countsFile) {
  mkdirSync(dirname(countsFile), { recursive: true });
  writeFileSync(
    countsFile,
    JSON.stringify({ instants: instants.length, tests: tally, assertions, perInstant }, null, 2) + '\n',
  );
}
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (failed.length) {
  console.error(`\ntest:clock failed at: ${failed.join(', ')} (${minutes} min)`);
  process.exit(1);
}
console.log(`\ntest:clock passed at ${instants.length} instants (${minutes} min)`);
