// A vitest setup file: records on each test how many expect() assertions it made, for the run's
// counts (test/support/count-reporter.ts, the timing table of `npm test`). Changes no test.
import { afterEach, expect } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** expect() calls the test made (expect.getState().assertionCalls). */
    assertions?: number;
  }
}

afterEach((context) => {
  context.task.meta.assertions = expect.getState().assertionCalls;
});
