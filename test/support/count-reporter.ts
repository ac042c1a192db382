// A vitest reporter for the timing table of `npm test` (scripts/test-stages.ts): writes the run's
// counts (files, tests by state, expect() assertions from test/support/count-assertions.ts) and each
// file's duration to the JSON file named by VITEST_COUNTS_FILE. Without it, it does nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

export interface VitestCounts {
  files: number;
  tests: { passed: number; failed: number; skipped: number };
  assertions: number;
  /** Each file's wall time in ms (import, set-up and tests), slowest first, and when it started and
   * ended in ms after the run's first file started (where the workers idled: the stage's tail). */
  durations: { file: string; ms: number; tests: number; startedAt?: number; endedAt?: number }[];
  /** The failed tests (file > name, then the start of each error), so the run's last lines say which and
   * why: CI keeps only the tail of its output. */
  failures: string[];
}

/** The first lines of a test's error, indented under its name (colours removed, long lines cut). */
export function errorExcerpt(messages: (string | undefined)[], lines = 14): string {
  const text = messages
    .filter((m): m is string => Boolean(m))
    .join('\n')
    // eslint-disable-next-line no-control-regex
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, lines)
    .map((l) => `      ${l.length > 200 ? `${l.slice(0, 200)}…` : l}`);
  return text.length ? `\n${text.join('\n')}` : '';
}

/** An error's stack (its message first) without the test runner's frames: where our code threw. */
const ownFrames = (e: SerializedError) =>
  (e.stack ?? e.message)
    .split('\n')
    .filter((l) => !l.includes('node_modules'))
    .join('\n');

export default class CountReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();
  private first = 0;

  onTestModuleStart(module: TestModule) {
    const now = Date.now();
    if (!this.first) this.first = now;
    this.started.set(module.moduleId, now - this.first);
  }

  onTestModuleEnd(module: TestModule) {
    this.ended.set(module.moduleId, Date.now() - this.first);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = []) {
    const out = process.env.VITEST_COUNTS_FILE;
    if (!out) return;
    const counts: VitestCounts = {
      files: testModules.length,
      tests: { passed: 0, failed: 0, skipped: 0 },
      assertions: 0,
      durations: [],
      failures: [],
    };
    for (const module of testModules) {
      let tests = 0;
      for (const test of module.children.allTests()) {
        tests++;
        const result = test.result();
        if (result.state === 'passed') counts.tests.passed++;
        else if (result.state === 'failed') {
          counts.tests.failed++;
          const why = errorExcerpt(result.errors.map((e) => e.message + (e.diff ? `\n${e.diff}` : '')));
          counts.failures.push(`${relative(process.cwd(), module.moduleId)} > ${test.fullName}${why}`);
        } else counts.tests.skipped++;
        counts.assertions += test.meta().assertions ?? 0;
      }
      // A file that failed with no failed test (it did not load, or a beforeAll or afterAll hook threw,
      // which skips its tests) counts as one failure, with the errors of the file and its suites.
      const failedTests = [...module.children.allTests()].some((t) => t.result().state === 'failed');
      if (module.state() === 'failed' && !failedTests) {
        counts.tests.failed++;
        const errors = [...module.errors(), ...[...module.children.allSuites()].flatMap((s) => s.errors())];
        const why = errorExcerpt(errors.map(ownFrames));
        const what = tests === 0 ? 'did not load' : 'its set-up or clean-up failed';
        counts.failures.push(`${relative(process.cwd(), module.moduleId)} (${what})${why}`);
      }
      const d = module.diagnostic();
      const ms = Math.round(d.prepareDuration + d.setupDuration + d.collectDuration + d.duration);
      counts.durations.push({
        file: relative(process.cwd(), module.moduleId),
        ms,
        tests,
        startedAt: this.started.get(module.moduleId),
        endedAt: this.ended.get(module.moduleId),
      });
    }
    // An error no test owns (a promise rejected after its test ended) fails the run: name it too.
    for (const e of unhandledErrors) {
      counts.tests.failed++;
      counts.failures.push(`unhandled error${errorExcerpt([ownFrames(e)])}`);
    }
    counts.durations.sort((a, b) => b.ms - a.ms);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(counts, null, 2) + '\n');
  }
}
