// The README as a test: every command it gives a user is run here as a new user would run it (a copy
// of the working tree, a clean shell with only PATH, HOME and PORT), or is listed below with the reason
// it cannot run on this machine. The commands are read from README.md, so a README that changes a
// command, or documents a new one, fails here until this test follows.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../functions/local/services';
import { Client } from '../support/api';

const ROOT = join(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The first shell block under a README heading, as its lines. */
function shellBlock(heading: string): string[] {
  const from = README.indexOf(`\n${heading}\n`);
  if (from < 0) throw new Error(`README has no heading "${heading}"`);
  const block = /```sh\n([\s\S]*?)```/.exec(README.slice(from));
  if (!block) throw new Error(`README has no shell block under "${heading}"`);
  return block[1]!.trim().split('\n');
}

/** Every line of every shell block in README. */
const shellLines = () => [...README.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.trim().split('\n'));

/** Every npm command README names, in code or in a shell block: `npm start`, `npm run bench`... */
function npmCommandsInReadme(): string[] {
  const found = new Set<string>();
  for (const m of README.matchAll(/\bnpm (install|start|test|ci|run [a-z][a-z:-]*)\b/g)) found.add(`npm ${m[1]}`);
  return [...found].sort();
}

/**
 * What this test does with each command README names. Written by hand: a command README adds is
 * not covered until it is named here, with what runs it or why it cannot run offline.
 */
const COMMANDS: Record<string, string> = {
  'npm install': 'run below, as the first half of the start command',
  'npm start': 'run below in a clean shell; the admin signs in and / loads',
  'npm test': 'the suite this test is part of (CI runs it on a clean clone through .ci/run)',
  'npm ci': 'run by .ci/run on every CI run',
  'npm run smoke': 'run below against the started product, with the account README names',
  'npm run dlq': 'run below (list) against the started product’s DynamoDB Local; against AWS it needs an account',
  'npm run synth': 'run below in a clean shell: every stack synthesized and bundled offline',
  'npm run bench':
    'run below with one short section (BENCH_ONLY=trips) in a clean shell; the whole bench is a 20-minute measurement, not a test',
  'npm run chaos':
    'part of npm test at one fault rate (test/integration/chaos.test.ts); the four rates are a measurement, not a test',
  'npm run capacity':
    'its model on a sample of the biggest hub’s peak is part of npm test (test/integration/capacity.test.ts); the three hub days are a measurement, not a test',
  'npm run build:web': 'run below, as part of npm start',
  'npm run test:vitest':
    'part of npm test (vitest run); the LocalStack variant needs Docker, which this machine has not',
  'npm run test:clock': 'part of npm test (scripts/test-clock.ts --built)',
  'npm run test:quick': 'a subset of npm test for the inner loop; each of its steps runs in npm test',
  'npm run lint': 'part of npm test',
  'npm run format': 'writes files; its check (npm run format:check) is part of npm test',
  'npm run format:check': 'part of npm test',
  'npm run deps': 'writes docs/domain-graph.md; its check (npm run deps:check) is part of npm test',
  'npm run deps:check': 'part of npm test',
  'npm run typecheck': 'part of npm test',
  'npm run deploy': 'needs an AWS account; its synth is run below (npm run synth)',
  'npm run migrate:carrier-identities':
    'its migration (linkExistingCarriers) is part of npm test (test/integration/carrier-identity.test.ts: every record linked once, a second run changes nothing); against AWS it needs an account',
  'npm run migrate:appointment-keys':
    'its migration (reindexAppointments) is part of npm test (test/integration/appointment-days.test.ts: each appointment found once before and after the move, a second run writes nothing; table-upgrade.test.ts: an index added); against AWS it needs an account',
};

let tree: string;
let product: ChildProcess | undefined;
let output = '';
let url: string;

/** What vitest and Vite write into node_modules while tests run: not part of an install. */
const RUNNING_CACHES = ['.experimental-vitest-cache', '.vite', '.vite-temp', '.vitest', '.cache'];

/** A copy of the working tree as a fresh clone would have it (tracked and new files, no ignored ones). */
function copyOfWorkingTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'docksaathi-readme-'));
  const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  if (files.status !== 0) throw new Error(`git ls-files failed: ${files.stderr}`);
  for (const file of files.stdout.split('\0').filter(Boolean)) {
    if (existsSync(join(ROOT, file))) cpSync(join(ROOT, file), join(dir, file), { recursive: true });
  }
  // The installed packages, as hard links: `npm install` then finds them up to date, as on a machine
  // that installed once before; a symbolic link would be replaced by a full install. Not the caches
  // the running tests write into node_modules meanwhile (a file of vitest's could vanish mid-copy).
  const installed = readdirSync(join(ROOT, 'node_modules'))
    .filter((name) => !RUNNING_CACHES.includes(name))
    .map((name) => join(ROOT, 'node_modules', name));
  mkdirSync(join(dir, 'node_modules'));
  const link = spawnSync('cp', ['-al', ...installed, join(dir, 'node_modules')]);
  if (link.status !== 0) throw new Error(`could not link node_modules: ${link.stderr}`);
  return dir;
}

/** A clean shell: only what a new user's terminal has, plus the port. */
const cleanEnv = (port: number) => ({ PATH: process.env.PATH!, HOME: process.env.HOME!, PORT: String(port) });

function runClean(command: string, port: number, timeoutMs: number) {
  const run = spawnSync('sh', ['-c', command], {
    cwd: tree,
    env: cleanEnv(port),
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

function waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const match = pattern.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match);
      } else if (product?.exitCode !== null || Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`no line matching ${pattern} (exit ${product?.exitCode}); output:\n${output.slice(-3000)}`));
      }
    }, 250);
  });
}

describe('README', () => {
  const startCommand = shellBlock('## Run it locally');

  beforeAll(async () => {
    tree = copyOfWorkingTree();
  }, 120_000);

  afterAll(async () => {
    // A product still running (a test failed before Ctrl-C): its process group is stopped.
    if (product && product.exitCode === null && product.signalCode === null) {
      try {
        process.kill(-product.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (tree) rmSync(tree, { recursive: true, force: true });
  });

  it('names every npm command it documents here, with how it is tested', () => {
    expect(npmCommandsInReadme().filter((c) => !(c in COMMANDS))).toEqual([]);
  });

  it('gives one start command, the one this test runs', () => {
    expect(startCommand).toEqual(['npm install && npm start']);
    expect(shellBlock('## Test')).toEqual(['npm test']);
  });

  it('starts the whole product with `npm install && npm start` in a clean shell; the admin signs in', async () => {
    const port = await freePort();
    product = spawn('sh', ['-c', startCommand[0]!], { cwd: tree, env: cleanEnv(port), detached: true });
    product.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    product.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    [, url] = (await waitForLine(/is running at (http:\/\/\S+)/, 360_000)) as unknown as [string, string];
    expect(url).toBe(`http://127.0.0.1:${port}`);

    const admin = new Client(url);
    const user = await admin.signIn('admin');
    expect(user.username).toBe('admin');
    const home = await admin.get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('<div id="root"');
  }, 420_000);

  it('checks the started product with `npm run smoke` as README gives it for npm start', () => {
    const line = shellLines().find((l) => l.startsWith('npm run smoke') && l.includes('# against npm start'));
    expect(line).toBeDefined();
    const command = line!.replace(/\s+#.*$/, '').replace('http://localhost:3000', url);
    const smoke = runClean(command, 0, 180_000);
    expect(smoke.status, smoke.output).toBe(0);
  }, 200_000);

  it('lists dead letters of the started product with `npm run dlq -- list --local <endpoint>`', () => {
    expect(README).toContain('`npm run dlq -- list|show|redrive <worker>`');
    expect(README).toContain('`--local <endpoint>`');
    const endpoint = /DynamoDB Local\s+(http:\/\/\S+)/.exec(output)?.[1];
    expect(endpoint).toBeDefined();
    const dlq = runClean(`npm run dlq -- list --local ${endpoint}`, 0, 120_000);
    expect(dlq.status, dlq.output).toBe(0);
  }, 130_000);

  it('stops on Ctrl-C', async () => {
    process.kill(-product!.pid!, 'SIGINT');
    await new Promise<void>((resolve) =>
      product!.exitCode !== null ? resolve() : product!.once('exit', () => resolve()),
    );
    expect(output).toContain('Stopping...');
  }, 60_000);

  it('synthesizes every stack offline with `npm run synth`', () => {
    expect(README).toContain('`npm run synth` synthesizes every stack offline');
    // Generous: on a machine loaded past 10 (2 cores) its ~40 bundles took past 300 s.
    const synth = runClean('npm run synth', 0, 420_000);
    expect(synth.status, synth.output.slice(-3000)).toBe(0);
    const templates = readdirSync(join(tree, 'cdk.out')).filter((f) => f.endsWith('.template.json'));
    expect(templates.length).toBeGreaterThan(3);
  }, 430_000);

  it('runs `npm run bench` (one short section) in a clean shell', async () => {
    expect(README).toContain('`npm run bench` runs the local stack');
    const bench = runClean('BENCH_ONLY=trips npm run bench', await freePort(), 420_000);
    expect(bench.status, bench.output.slice(-3000)).toBe(0);
    expect(bench.output).toContain('(trips:');
    expect(existsSync(join(tree, '.bench', 'partial.json'))).toBe(true);
  }, 430_000);
});
