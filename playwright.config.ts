import { defineConfig } from '@playwright/test';

// Browser journeys in Debian's Chromium against the whole local stack (in-memory data).
const PORT = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  // One worker: measured on CI's two cores (4 Dec 2026), one worker's Chromium and local stack keep
  // both cores busy; two workers, each with a stack of its own, ran slower (over 22 minutes for 152 of
  // the 174 journeys, against 22 for all with one) and timed out requests (issue #54).
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    // The app's service worker precaches the whole build (about 2.5 MB) in every new context: only the
    // journeys about the installable, offline app let it run (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npx tsx bin/local.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    // Journeys start from the base demo data only, so what they count does not depend on the clock;
    // per-address limits are raised so repeated journeys from 127.0.0.1 are not refused (the limits
    // themselves are tested in test/integration).
    env: {
      PORT: String(PORT),
      WEB_DIST: process.env.WEB_DIST ?? 'dist',
      LOCAL_IN_MEMORY: '1',
      LOG_LEVEL: 'warn',
      DEMO_ACTIVITY: '0',
      LOCAL_OUTBOX_ECHO: '0',
      RATE_LIMIT_FACTOR: '100',
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
