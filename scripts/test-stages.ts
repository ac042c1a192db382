// `npm test`: every check CI runs, stage by stage, then the timing table (issue #54): how long each
// stage took and how much it checked (files, tests, expect() assertions), printed and written to
// test-results/ci-timing.json. The table is a measurement: no stage fails on a time. A stage that
// fails fails the run (exit 1) after the others have run; the last line is "N passed, N failed"
// (tests of vitest, Playwright and the clock instants, plus one check per static stage).
//   tsx scripts/test-stages.ts
// The static stages run in two lanes at once (ESLint's type-aware program in one, the three tsc
// programs, Prettier and dependency-cruiser in the other): each is one single-threaded process, and
// CI's machine has two cores. Their output is printed when each ends, in the table's order.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { errorExcerpt, type VitestCounts } from '../test/support/count-reporter';

export const RESULTS = 'test-results';

export interface Counts {
  files?: number;
  tests?: { passed: number; failed: number; skipped: number };
  assertions?: number;
  /** What else the stage counted, in words (routes, modules, packages). */
  other?: string;
  /** The tests that failed, by file and name: the run's last lines repeat them. */
  failures?: string[];
}

export interface StageResult extends Counts {
  stage: string;
  ok: boolean;
  seconds: number;
  /** Cores the machine kept busy on average while the stage ran (all processes, from /proc/stat). */
  coresBusy?: number;
  /** Not run (a stage it needs failed), with why. */
  skipped?: string;
}

export interface Run {
  code: number;
  out: string;
}

/** Runs a command; with `capture`, collects its output (stdout and stderr) instead of printing it. */
export function run(cmd: string, args: string[], opts: { capture?: boolean; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<Run>((resolve) => {
    const child = spawn(cmd, args, {
      stdio: opts.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...opts.env },
    });
    let out = '';
    child.stdout?.on('data', (d) => (out += String(d)));
    child.stderr?.on('data', (d) => (out += String(d)));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
    child.on('error', (err) => resolve({ code: 1, out: String(err) }));
  });
}

const bin = (name: string) => join('node_modules', '.bin', name);

export function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Times a stage; `body` answers whether it passed and what it counted. */
export async function stage(name: string, body: () => Promise<{ ok: boolean } & Counts>): Promise<StageResult> {
  const started = performance.now();
  const cpuBefore = cpuTicks();
  const result = await body();
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuTicks();
  const coresBusy = cpuBefore && cpuAfter ? (cpuAfter.busy - cpuBefore.busy) / CLOCK_TICKS / seconds : undefined;
  return { stage: name, seconds, ...(coresBusy === undefined ? {} : { coresBusy }), ...result };
}

/** Linux's USER_HZ: /proc/stat counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

/** The machine's busy CPU time so far, all cores (user, nice, system, irq, softirq, steal), in ticks; none off Linux. */
function cpuTicks(): { busy: number } | undefined {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
    return { busy: user + nice + system + irq + softirq + steal };
  } catch {
    return undefined;
  }
}

// --- the stages -------------------------------------------------------------------------------------

const TSC_PROJECTS = ['tsconfig.web.json', 'tsconfig.node.json', 'tsconfig.e2e.json'];

/** `npm run typecheck`'s three programs (the SPA, Node, the journeys); --listFiles gives what each checked. */
export async function typecheck(projects = TSC_PROJECTS): Promise<{ ok: boolean; log: string } & Counts> {
  const files = new Set<string>();
  let ok = true;
  let log = '';
  for (const project of projects) {
    const res = await run(bin('tsc'), ['-p', project, '--noEmit', '--listFiles'], { capture: true });
    for (const line of res.out.split('\n')) {
      if (line.startsWith('/')) {
        if (!line.includes('/node_modules/')) files.add(line);
      } else if (line.trim()) log += line + '\n';
    }
    if (res.code !== 0) ok = false;
  }
  return { ok, log, files: files.size, other: `${projects.length} programs` };
}

/** `npm run lint` (ESLint, 0 warnings) with its results as JSON, to count the files; stylish on failure. */
export async function lint(
  files: string[] = ['.'],
  out = join(RESULTS, 'eslint.json'),
): Promise<{ ok: boolean; log: string } & Counts> {
  rmSync(out, { force: true });
  const res = await run(bin('eslint'), [...files, '--max-warnings', '0', '--format', 'json', '--output-file', out], {
    capture: true,
  });
  const results = readJson<{ filePath: string; errorCount: number; warningCount: number }[]>(out);
  let log = res.out;
  if (res.code !== 0 && results) {
    const { ESLint } = await import('eslint');
    const formatter = await new ESLint().loadFormatter('stylish');
    log += await formatter.format(results as never);
  }
  return { ok: res.code === 0, log, files: results?.length };
}

/** `npm run format:check` (Prettier); its debug log names each file it checks. */
export async function format(files: string[] = ['.']): Promise<{ ok: boolean; log: string } & Counts> {
  const res = await run(bin('prettier'), ['--check', ...files, '--no-color', '--log-level', 'debug'], {
    capture: true,
  });
  const lines = res.out.split('\n');
  const checked = lines.filter((l) => l.startsWith('[debug] resolve config from')).length;
  const log = lines
    .filter((l) => l.trim() && !l.startsWith('[debug]') && !l.startsWith('Checking formatting'))
    .join('\n');
  return { ok: res.code === 0, log: res.code === 0 ? '' : log + '\n', files: checked };
}

/** `npm run deps:check`: dependency-cruiser's rules, and the domain graph up to date. */
export async function deps(): Promise<{ ok: boolean; log: string } & Counts> {
  const cruise = await run(bin('depcruise'), ['functions', 'shared', 'web/src', 'scripts', 'lib', 'bin', 'test'], {
    capture: true,
  });
  const graph = await run(bin('tsx'), ['scripts/deps-graph.ts', '--check'], { capture: true });
  const m = /(\d+) modules, (\d+) dependencies cruised/.exec(cruise.out);
  const ok = cruise.code === 0 && graph.code === 0;
  return {
    ok,
    log: (cruise.code === 0 ? '' : cruise.out) + (graph.code === 0 ? '' : graph.out),
    files: m ? Number(m[1]) : undefined,
    other: m ? `${m[2]} imports` : undefined,
  };
}

/** vitest (unit, integration, CDK) with the count reporter; `files` narrows it (test:quick). */
export async function vitest(files: string[] = [], countsFile = join(RESULTS, 'vitest-counts.json')) {
  rmSync(countsFile, { force: true });
  const res = await run(
    bin('vitest'),
    ['run', ...files, '--reporter=default', '--reporter=./test/support/count-reporter.ts'],
    { env: { VITEST_COUNTS_FILE: countsFile } },
  );
  const counts = readJson<VitestCounts>(countsFile);
  return {
    ok: res.code === 0,
    files: counts?.files,
    tests: counts?.tests ?? { passed: 0, failed: 1, skipped: 0 },
    assertions: counts?.assertions,
    durations: counts?.durations,
    failures: counts?.failures,
  };
}

interface PlaywrightSuite {
  title: string;
  file: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    tests: { status: string; projectName?: string; results?: { errors?: { message?: string }[] }[] }[];
  }[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  suites: PlaywrightSuite[];
}

/** The specs whose result was not the expected one (failed, or flaky: passed only on a retry), each with
 * the start of its first error. */
export function playwrightFailures(suites: PlaywrightSuite[], titles: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const path = suite.title === suite.file ? titles : [...titles, suite.title];
    const own = (suite.specs ?? []).flatMap((spec) => {
      const failed = spec.tests.filter((t) => t.status === 'unexpected' || t.status === 'flaky');
      if (!failed.length) return [];
      const messages = failed.flatMap((t) => t.results ?? []).flatMap((r) => (r.errors ?? []).map((e) => e.message));
      return [`${suite.file}:${spec.line} > ${[...path, spec.title].join(' > ')}${errorExcerpt(messages.slice(0, 1))}`];
    });
    return [...own, ...playwrightFailures(suite.suites ?? [], path)];
  });
}

/** Playwright's json reporter (alongside list) counts the tests; `args` adds files and options. */
export async function playwright(args: string[] = [], jsonFile = join(RESULTS, 'playwright.json'), env = {}) {
  rmSync(jsonFile, { force: true });
  const res = await run(bin('playwright'), ['test', ...args, '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile, ...env },
  });
  const report = readJson<PlaywrightReport>(jsonFile);
  const s = report?.stats;
  return {
    ok: res.code === 0,
    files: report ? specFiles(report.suites) : undefined,
    // A flaky test (passed on a retry) counts as failed: retries are 0, and one would be a defect.
    tests: s
      ? { passed: s.expected, failed: s.unexpected + s.flaky, skipped: s.skipped }
      : { passed: 0, failed: 1, skipped: 0 },
    failures: report ? playwrightFailures(report.suites) : undefined,
  };
}

function specFiles(suites: PlaywrightSuite[]): number {
  return new Set(suites.map((s) => s.file)).size;
}

function filesUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir).reduce((n, name) => {
    const path = join(dir, name);
    return n + (statSync(path).isDirectory() ? filesUnder(path) : 1);
  }, 0);
}

// --- the table ------------------------------------------------------------------------------------

export function table(results: StageResult[], title: string): string {
  const rows = results.map((r) => {
    const t = r.tests;
    return [
      r.stage,
      r.skipped ? 'skipped' : r.ok ? 'ok' : 'FAILED',
      r.skipped ? '' : formatSeconds(r.seconds),
      r.coresBusy === undefined || r.skipped ? '' : r.coresBusy.toFixed(2),
      r.files === undefined ? '' : String(r.files),
      t ? `${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}` : '',
      r.assertions === undefined ? '' : String(r.assertions),
      r.skipped ?? r.other ?? '',
    ];
  });
  const head = ['stage', 'result', 'time', 'cores busy', 'files', 'tests', 'assertions', 'also'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [`\n${title}`, line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatSeconds(s: number): string {
  return s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${s.toFixed(1)}s`;
}

/** Tests of the test stages, and one check per stage without tests (a skipped stage did not pass);
 * the install is no check. */
export function totals(results: StageResult[]) {
  let passed = 0;
  let failed = 0;
  for (const r of results) {
    if (r.stage === 'install') continue;
    if (r.tests) {
      passed += r.tests.passed;
      // A runner that failed with no failed test (its set-up, an unhandled error) is one failure.
      failed += r.tests.failed || (r.ok ? 0 : 1);
    } else if (r.ok && !r.skipped) passed++;
    else failed++;
  }
  return { passed, failed };
}

export function writeTiming(file: string, results: StageResult[], extra: Record<string, unknown> = {}) {
  mkdirSync(RESULTS, { recursive: true });
  const { passed, failed } = totals(results);
  const total = results.reduce((s, r) => s + r.seconds, 0);
  writeFileSync(
    join(RESULTS, file),
    JSON.stringify(
      { finishedAt: new Date().toISOString(), passed, failed, stageSeconds: total, stages: results, ...extra },
      null,
      2,
    ) + '\n',
  );
}

// --- npm test --------------------------------------------------------------------------------------

async function main() {
  mkdirSync(RESULTS, { recursive: true });
  const started = performance.now();
  const results: StageResult[] = [];
  const logs = new Map<string, string>();

  // install: .ci/run times its `npm ci` (CI_INSTALL_MS); npm test alone installs nothing.
  const installSeconds = Number(process.env.CI_INSTALL_MS ?? NaN) / 1000;
  const lock = readJson<{ packages: Record<string, unknown> }>('node_modules/.package-lock.json');
  const packages = lock ? `${Object.keys(lock.packages).length} packages` : '';
  results.push({
    stage: 'install',
    ok: true,
    seconds: Number.isFinite(installSeconds) ? installSeconds : 0,
    other: Number.isFinite(installSeconds) ? packages : `${packages}; not timed (outside .ci/run)`,
  });

  // Static checks in two lanes.
  const withLog = (name: string, body: () => Promise<{ ok: boolean; log: string } & Counts>) =>
    stage(name, async () => {
      const { log, ...rest } = await body();
      logs.set(name, log);
      return rest;
    });
  // ESLint in two processes, the SPA's files (its own program) and the rest, each in a lane: one
  // process took 172 s, the longest of the static work, against 70 and 102 CPU-s for the halves
  // (issue #54). The lint row is both together: its time from the first start to the last end.
  const lintStarted = performance.now();
  const lintEnded: number[] = [];
  const lintPart = async (files: string[], out: string) => {
    const result = await lint(files, join(RESULTS, out));
    lintEnded.push(performance.now());
    return result;
  };
  const [[webLint, typeResult], [restLint, depsResult, formatResult]] = await Promise.all([
    (async () =>
      [await lintPart(['web/src'], 'eslint-web.json'), await withLog('type-check', () => typecheck())] as const)(),
    (async () =>
      [
        await lintPart(['.', '--ignore-pattern', 'web/src/**'], 'eslint.json'),
        await withLog('dependency rules', () => deps()),
        await withLog('format', () => format()),
      ] as const)(),
  ]);
  const lintResult: StageResult = {
    stage: 'lint',
    ok: webLint.ok && restLint.ok,
    seconds: (Math.max(...lintEnded) - lintStarted) / 1000,
    files: (webLint.files ?? 0) + (restLint.files ?? 0),
    other: '2 processes',
  };
  logs.set('lint', [webLint.log, restLint.log].filter(Boolean).join('\n'));
  for (const r of [typeResult, lintResult, formatResult, depsResult]) {
    const log = logs.get(r.stage)?.trim();
    console.log(`\n> ${r.stage}: ${r.ok ? 'ok' : 'FAILED'} (${formatSeconds(r.seconds)})${log ? `\n${log}` : ''}`);
    results.push(r);
  }

  console.log('\n> vitest');
  const v = await stage('vitest', () => vitest());
  const { durations, ...vitestRow } = v as StageResult & { durations?: VitestCounts['durations'] };
  results.push(vitestRow);

  console.log('\n> build');
  const dist = join('web', process.env.WEB_DIST ?? 'dist');
  const build = await stage('build', async () => {
    const res = await run('npm', ['run', 'build:web']);
    return { ok: res.code === 0, files: filesUnder(dist), other: 'files written' };
  });
  results.push(build);

  const needsBuild = (name: string, body: () => Promise<{ ok: boolean } & Counts>) =>
    build.ok ? stage(name, body) : Promise.resolve({ stage: name, ok: false, seconds: 0, skipped: 'the build failed' });

  console.log('\n> size budgets');
  results.push(
    await needsBuild('size budgets', async () => {
      const res = await run(bin('tsx'), ['scripts/size-budget.ts'], { capture: true });
      process.stdout.write(res.out);
      const m = /Size budgets: (\d+) routes/.exec(res.out);
      return { ok: res.code === 0, other: m ? `${m[1]} routes` : undefined };
    }),
  );

  console.log('\n> Playwright');
  results.push(await needsBuild('Playwright', () => playwright()));

  console.log('\n> clock instants');
  results.push(
    await needsBuild('clock instants', async () => {
      const countsFile = join(RESULTS, 'clock-counts.json');
      rmSync(countsFile, { force: true });
      const res = await run(bin('tsx'), ['scripts/test-clock.ts', '--built'], {
        env: { CLOCK_COUNTS_FILE: countsFile },
      });
      const c = readJson<Counts & { instants: number }>(countsFile);
      return {
        ok: res.code === 0,
        tests: c?.tests ?? { passed: 0, failed: 1, skipped: 0 },
        assertions: c?.assertions,
        other: c ? `${c.instants} instants` : undefined,
      };
    }),
  );

  const wall = (performance.now() - started) / 1000 + results[0]!.seconds;
  console.log(table(results, `Timing (issue #54): ${formatSeconds(wall)} in all, ${cpuNote()}`));
  if (durations?.length) {
    console.log('\nslowest vitest files:');
    for (const d of durations.slice(0, 10))
      console.log(`  ${formatSeconds(d.ms / 1000).padStart(7)}  ${d.file} (${d.tests})`);
  }
  writeTiming('ci-timing.json', results, { wallSeconds: wall, machine: cpuNote(), vitestFiles: durations });
  const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `  ${r.stage}: ${f}`));
  if (failures.length) console.log(`\nfailed:\n${failures.join('\n')}`);
  const { passed, failed } = totals(results);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

function cpuNote() {
  return `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at the end`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
