import { defineConfig } from 'vitest/config';

// Unit, integration (real local HTTP path on DynamoDB Local + s3rver) and CDK tests.
// Browser journeys run with Playwright (playwright.config.ts).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    globalSetup: ['test/support/global-setup.ts'],
    // Records each test's expect() count for the timing table of `npm test` (scripts/test-stages.ts).
    setupFiles: ['test/support/count-assertions.ts'],
    testTimeout: 30_000,
    // The first integration file of a run also seeds the run's demo data template (test/support/api.ts).
    hookTimeout: 120_000,
    pool: 'forks',
    // Two test files at a time: vitest's default (one fewer than the cores) is one on CI's two cores,
    // which leaves a core idle while an integration file waits on DynamoDB Local and its workers' polls.
    // VITEST_MAX_WORKERS=1 runs them one at a time (issue #54).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    // Tests run in local mode, asked for as the local stack asks for it (functions/lib/config.ts).
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      STAGE: 'local',
    },
  },
});
