// The order vitest starts test files in (issue #54). Its own order puts the slowest first only from a
// previous run's cache, which a clean clone (CI) has not: there it goes by file size, and the README
// test (small, and over three minutes) started last, its two workers idle for a minute while it ran.
// The slowest files, from the timing table of `npm test` (test-results/ci-timing.json), start first.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOWEST = [
  'test/integration/readme.test.ts',
  'test/integration/authz-matrix.test.ts',
  'test/integration/trips.test.ts',
  'test/integration/chaos.test.ts',
  'test/integration/auth.test.ts',
  'test/integration/fuzz.test.ts',
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = SLOWEST.findIndex((slow) => file.moduleId.endsWith(slow));
      return i < 0 ? SLOWEST.length : i;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
