import { defineConfig } from 'vitest/config';
import SlowestFirst from './test/support/slowest-first.ts';

// Unit, integration (real local HTTP path on DynamoDB Local + s3rver) and CDK tests, in three projects
// that share the run's two workers. Browser journeys run with Playwright (playwright.config.ts).

/** What every project's tests run with. */
const common = {
  // Records each test's expect() count for the timing table of `npm test` (scripts/test-stages.ts).
  setupFiles: ['test/support/count-assertions.ts'],
  testTimeout: 30_000,
  // The first integration file of a run also seeds the run's demo data template (test/support/api.ts).
  hookTimeout: 120_000,
  // Tests run in local mode, asked for as the local stack asks for it (functions/lib/config.ts).
  env: {
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    STAGE: 'local',
  },
};

/**
 * Unit tests that change the process they run in (environment variables, module registry, timers,
 * mocked AWS clients): each keeps a process of its own, as every test file did before (issue #54).
 */
const CHANGE_THEIR_PROCESS = [
  'batch-get',
  'fail-closed',
  'faults',
  'guest-delivery-poll',
  'http-kernel',
  'messaging-adapters',
  'outbound',
  'secrets',
  'service-unavailable',
  'telemetry',
  'workers',
].map((name) => `test/unit/${name}.test.ts`);

export default defineConfig({
  test: {
    pool: 'forks',
    // Three test files at a time on CI's two cores: an integration file waits on DynamoDB Local and its
    // workers' polls, so two files left a fifth of the cores idle. Measured on 30 integration files
    // (issue #54): 166 s with two, 141 s with three (and less CPU in all), 156 s with four.
    // VITEST_MAX_WORKERS=1 runs them one at a time.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    sequence: { sequencer: SlowestFirst },
    // Transformed modules kept in node_modules/.experimental-vitest-cache (by content): the clock
    // instants' seven runs and a developer's next run do not transform the functions' graph again
    // (a core instant's run: 13 CPU-s instead of 17, issue #54).
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          ...common,
          name: 'unit and CDK',
          include: ['test/unit/**/*.test.ts', 'test/cdk/**/*.test.ts'],
          exclude: CHANGE_THEIR_PROCESS,
          // The files share a worker's loaded modules (aws-cdk-lib, the functions' graph) instead of
          // loading them again for each: 95 s instead of 190 for these 68 files and the ten below,
          // half the CPU, measured on 2 cores (issue #54). A file that changes its process goes below.
          isolate: false,
        },
      },
      { test: { ...common, name: 'unit, own process', include: CHANGE_THEIR_PROCESS } },
      {
        test: {
          ...common,
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // One DynamoDB Local and one s3rver for the run; each file gets its own table and bucket.
          globalSetup: ['test/support/global-setup.ts'],
          // The files share their worker's process, each with the project's own modules evaluated
          // afresh and its environment put back (test/support/fresh-modules.ts): node_modules load
          // once per worker, not once per file. Measured on 30 integration files on 2 cores (issue
          // #54): 84 s and 145 CPU-s instead of 123 s and 224 CPU-s.
          isolate: false,
          setupFiles: [...common.setupFiles, 'test/support/fresh-modules.ts'],
        },
      },
    ],
  },
});
