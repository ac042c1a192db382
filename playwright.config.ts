import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { QUICK_JAVA } from './test/support/quick-java';

// Browser journeys in Debian's Chromium against the whole local stack (in-memory data).
const PORT = Number(process.env.E2E_PORT ?? 3210);

/**
 * Journeys at a time, each worker against a local stack of its own (its own DynamoDB Local, demo data and
 * port PORT + its parallel index), so no journey sees another's data. E2E_WORKERS=1 runs one stack.
 * Three on CI's two cores: a journey waits on its stack and its page, and two left a tenth of the cores
 * idle; measured on 2 cores (issue #54), the 186 journeys took 633 s with two, 567 s with three.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 3);
/** This worker's stack: Playwright sets TEST_PARALLEL_INDEX (0 to WORKERS - 1) before a worker reads this file. */
const STACK_PORT = PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/**
 * Debian's Chromium (`apt-get install -y chromium`), or CHROMIUM_PATH. Its old headless shell
 * (`apt-get install -y chromium-headless-shell`) runs the journeys with about a fifth less CPU and time
 * (measured on 2 cores, issue #54): it renders the same pages with the same Blink, without the desktop
 * browser around them. It has no Background Sync and installs no app, so the journeys of the
 * installable, offline app run in the full browser.
 */
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const QUICK_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
const NEEDS_FULL_BROWSER = /(installable|offline-driver|offline-gate|offline-pass)\.spec\.ts$/;

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 30_000,
  // How long an assertion waits for the page to show what a server answer brings. A request may take
  // up to the server's 5 s deadline (functions/lib/deadline.ts) before the page renders its answer, so
  // Playwright's default of 5 s failed on CI's loaded machine (load average 6.8 on 2 cores) where the
  // answer came a moment later (carrier-portal.spec.ts, "staff make a link", issue #54). Waiting longer
  // costs a passing journey nothing: an assertion returns as soon as it holds.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${STACK_PORT}`,
    // A failed journey keeps its trace: each step's DOM, network and console. Without the screencast:
    // its frames cost a fifth of the journeys' CPU and time (measured on 2 cores, issue #54); the trace
    // viewer draws each step from its DOM snapshot. Not in CI, where nobody can open it (its output is
    // the log): recording it cost the two workers about a third of their CPU (issue #54).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    // The app's service worker precaches the whole build (about 2.5 MB) in every new context: only the
    // journeys about the installable, offline app let it run (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'journeys',
      testIgnore: NEEDS_FULL_BROWSER,
      use: { launchOptions: { executablePath: QUICK_CHROMIUM, args: LAUNCH_ARGS } },
    },
    {
      name: 'installable app',
      testMatch: NEEDS_FULL_BROWSER,
      use: { launchOptions: { executablePath: FULL_CHROMIUM, args: LAUNCH_ARGS } },
    },
  ],
  webServer: Array.from({ length: WORKERS }, (_, slot) => ({
    command: 'npx tsx bin/local.ts',
    url: `http://127.0.0.1:${PORT + slot}/api/health`,
    // Journeys start from the base demo data only, so what they count does not depend on the clock;
    // per-address limits are raised so repeated journeys from 127.0.0.1 are not refused (the limits
    // themselves are tested in test/integration).
    env: {
      PORT: String(PORT + slot),
      WEB_DIST: process.env.WEB_DIST ?? 'dist',
      LOCAL_IN_MEMORY: '1',
      LOG_LEVEL: 'warn',
      DEMO_ACTIVITY: '0',
      LOCAL_OUTBOX_ECHO: '0',
      RATE_LIMIT_FACTOR: '100',
      JAVA_TOOL_OPTIONS: QUICK_JAVA,
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
  })),
});
