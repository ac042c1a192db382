// npm run test:clock: the date- and time-sensitive tests (unit, integration and the journeys that
// touch dates) run under libfaketime (Debian's `faketime`) at each instant of
// test/support/clock-instants.ts: a month's last evening in India, either side of IST midnight on
// 31 December, noon and just after midnight on 29 February 2028. Each run is a fresh process tree
// (DynamoDB Local, the local stack, Chromium) whose clock starts at the instant and runs on.
//   tsx scripts/test-clock.ts [--instants a,b] [--built]   (--built: web/dist is already built)
import { spawnSync } from 'node:child_process';
import { CLOCK_INSTANTS } from '../test/support/clock-instants';

/** Tests whose answers depend on the day or the hour: the core runs at every instant. */
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
 * clock in each child (the local stack, Chromium) at the moment that child starts.
 */
function atInstant(utc: string, name: string, command: string[]): boolean {
  const offset = Math.round((Date.parse(utc) - Date.now()) / 1000);
  const run = spawnSync('faketime', ['-f', `${offset >= 0 ? '+' : ''}${offset}s`, ...command], {
    stdio: 'inherit',
    env: { ...process.env, CLOCK_INSTANT: name, CI: process.env.CI ?? '' },
  });
  return run.status === 0;
}

const failed: string[] = [];
const started = Date.now();
for (const instant of instants) {
  console.log(`\n=== ${instant.name}: ${instant.utc} (India ${instant.date} ${instant.time}) ===`);
  const set = instant.singapore
    ? SINGAPORE
    : {
        vitest: [...CORE.vitest, ...(instant.full ? FULL.vitest : [])],
        journeys: [...CORE.journeys, ...(instant.full ? FULL.journeys : [])],
      };
  const { vitest, journeys } = set;
  if (vitest.length && !atInstant(instant.utc, instant.name, ['npx', 'vitest', 'run', ...vitest]))
    failed.push(`${instant.name} (vitest)`);
  if (!atInstant(instant.utc, instant.name, ['npx', 'playwright', 'test', ...journeys]))
    failed.push(`${instant.name} (journeys)`);
}
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (failed.length) {
  console.error(`\ntest:clock failed at: ${failed.join(', ')} (${minutes} min)`);
  process.exit(1);
}
console.log(`\ntest:clock passed at ${instants.length} instants (${minutes} min)`);
