import { defineConfig } from 'vitest/config';

// Unit, integration (real local HTTP path on DynamoDB Local + s3rver) and CDK tests.
// Browser journeys run with Playwright (playwright.config.ts).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Tests run in local mode, asked for as the local stack asks for it (functions/lib/config.ts).
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      STAGE: 'local',
    },
  },
});
