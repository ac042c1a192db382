// `npm run test:quick`: the loop while you work (issue #54). For the files changed since the last
// commit (git diff against HEAD, and untracked files): Prettier and ESLint on those files, the tsc
// programs that hold them, the dependency rules; then the unit tests and the integration tests of the
// domains they touch (functions/<d>/, shared/contracts/<d>.ts, shared/routes/<d>.ts,
// web/src/features/<d>/ -> test/integration/<d>*.test.ts; a changed test file runs itself; a kernel
// file, e.g. functions/lib/throttle.ts, runs test/integration/throttle*.test.ts). `npm test` is
// still what CI runs, and the only answer that counts before a landing.
//   tsx scripts/test-quick.ts [--list]   (--list: print what it would run, run nothing)
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { basename } from 'node:path';
import {
  deps,
  format,
  formatSeconds,
  lint,
  stage,
  table,
  totals,
  typecheck,
  vitest,
  writeTiming,
  type StageResult,
} from './test-stages';

function changedFiles(): string[] {
  const git = (args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
  const files = new Set([
    ...git(['diff', '--name-only', 'HEAD']),
    ...git(['ls-files', '--others', '--exclude-standard']),
  ]);
  return [...files].filter((f) => existsSync(f)).sort();
}

const INTEGRATION = 'test/integration';

/** The integration test files for the changed paths. */
export function integrationTestsFor(changed: string[]): string[] {
  const all = readdirSync(INTEGRATION).filter((f) => f.endsWith('.test.ts'));
  const prefixes = new Set<string>();
  const chosen = new Set<string>();
  for (const path of changed) {
    const domain =
      /^functions\/([^/]+)\//.exec(path)?.[1] ??
      /^shared\/(?:contracts|routes)\/([^/.]+)\.ts$/.exec(path)?.[1] ??
      /^web\/src\/features\/([^/]+)\//.exec(path)?.[1];
    if (domain && domain !== 'lib' && domain !== 'local') prefixes.add(domain);
    // A kernel or shared module (functions/lib/throttle.ts, shared/time.ts) by its name.
    if (/^(functions\/(lib|local)|shared)\/[^/]+\.ts$/.test(path)) prefixes.add(basename(path, '.ts'));
    if (path.startsWith(`${INTEGRATION}/`) && path.endsWith('.test.ts')) chosen.add(path);
  }
  for (const file of all)
    for (const prefix of prefixes)
      if (file === `${prefix}.test.ts` || file.startsWith(`${prefix}-`)) chosen.add(`${INTEGRATION}/${file}`);
  return [...chosen].sort();
}

/** The tsc programs (tsconfig.*.json) whose files changed. */
function programsFor(changed: string[]): string[] {
  const ts = changed.filter((f) => /\.(ts|tsx)$/.test(f));
  const e2e = (f: string) =>
    f.startsWith('test/e2e/') || f.startsWith('test/unit/browser/') || f === 'playwright.config.ts';
  const programs = new Set<string>();
  for (const f of ts) {
    if (f.startsWith('web/src/') || f.startsWith('shared/')) programs.add('tsconfig.web.json');
    if (e2e(f) || f.startsWith('shared/')) programs.add('tsconfig.e2e.json');
    if (!e2e(f) && !f.startsWith('web/src/')) programs.add('tsconfig.node.json');
  }
  return [...programs];
}

async function main() {
  const started = performance.now();
  const changed = changedFiles();
  const lintable = changed.filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f));
  const programs = programsFor(changed);
  const integration = integrationTestsFor(changed);
  console.log(
    `${changed.length} changed files; tsc: ${programs.join(', ') || 'none'}; integration: ${integration.join(' ') || 'none'}`,
  );
  if (process.argv.includes('--list')) return;

  const results: StageResult[] = [];
  const logs = new Map<string, string>();
  const withLog = (name: string, body: () => Promise<{ ok: boolean; log: string }>) =>
    stage(name, async () => {
      const { log, ...rest } = await body();
      logs.set(name, log);
      return rest;
    });
  const none = async () => ({ ok: true, log: '', files: 0 });
  const [lintResult, rest] = await Promise.all([
    withLog('lint', () => (lintable.length ? lint(['--no-warn-ignored', ...lintable]) : none())),
    (async () => [
      await withLog('type-check', () => (programs.length ? typecheck(programs) : none())),
      await withLog('format', () => (changed.length ? format(['--ignore-unknown', ...changed]) : none())),
      await withLog('dependency rules', () => (lintable.length ? deps() : none())),
    ])(),
  ]);
  for (const r of [rest[0]!, lintResult, rest[1]!, rest[2]!]) {
    const log = logs.get(r.stage)?.trim();
    console.log(`\n> ${r.stage}: ${r.ok ? 'ok' : 'FAILED'} (${formatSeconds(r.seconds)})${log ? `\n${log}` : ''}`);
    results.push(r);
  }
  console.log('\n> vitest: unit tests and the integration tests of the changed domains');
  const v = await stage('vitest', () => vitest(['test/unit', ...integration]));
  delete (v as { durations?: unknown }).durations;
  results.push(v);

  const wall = (performance.now() - started) / 1000;
  console.log(table(results, `test:quick: ${formatSeconds(wall)}`));
  writeTiming('quick-timing.json', results, { wallSeconds: wall, changed, integration });
  const { passed, failed } = totals(results);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

await main();
