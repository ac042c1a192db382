// The base Playwright config with a longer server start-up allowance, for running the tenancy journey
// repeatedly on a busy shared machine: `npx playwright test -c test/e2e/tenancy.config.ts tenancy`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

const root = fileURLToPath(new URL('../..', import.meta.url));
export default defineConfig({
  ...base,
  testDir: '.',
  webServer: { ...(base.webServer as object), cwd: root, timeout: 300_000 } as typeof base.webServer,
});
