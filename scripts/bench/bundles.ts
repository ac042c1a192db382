// Code each visitor and each request loads: the SPA's first-load JavaScript (the entry and what it
// preloads, gzip) and every route chunk; each Lambda's bundle built as the CDK builds it
// (lib/bundling.ts: esbuild, CommonJS, minified, the runtime's AWS SDK and the Powertools layer left
// out, the assets and the side bundles its code loads beside it) and the time its module takes to
// load in a fresh Node process (the cold start's init, before any request), in two parts: the
// externals it requires (the runtime's SDK and the layer: not our code, and the same for every
// function that uses the same clients), then our own module with those already loaded.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { FUNCTION_NAMES } from '../../shared/routes';
import { WORKERS } from '../../functions/workers';
import { afterBundlingCommands, LAMBDA_BUNDLING } from '../../lib/bundling';
import { routeSizes } from '../size-budget';

const ROOT = join(import.meta.dirname, '..', '..');
const gz = (file: string) => gzipSync(readFileSync(file)).length;

export function spaBundle(dist = join(ROOT, 'web', process.env.WEB_DIST ?? 'dist')) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const firstLoad = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const chunks = assets
    .map((f) => ({ file: f, bytes: statSync(join(dist, 'assets', f)).size, gzip: gz(join(dist, 'assets', f)) }))
    .sort((a, b) => b.gzip - a.gzip);
  return {
    firstLoadFiles: firstLoad,
    firstLoadGzip: firstLoad.reduce((s, f) => s + gz(join(dist, f)), 0),
    chunks,
    // Each route's first load and own chunk against its budgets (scripts/size-budget.ts, in npm test).
    routes: routeSizes(dist),
  };
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Each function's and worker's bundle size (minified bytes) and module init in a fresh process (ms,
 * median of 3): `initMs` in all, `externalsMs` requiring the externals the bundle requires, `ownInitMs`
 * requiring the bundle after them; `externals` names them. `sideBundles`: the files built beside it
 * that its code loads later (functions/lib/side-bundle.ts), with their sizes: not in `bytes`, and not
 * loaded by the init. */
export async function lambdaBundles() {
  // Inside the repo, so the left-out AWS SDK and Powertools resolve from node_modules as they do from
  // the runtime and the layer.
  const out = join(ROOT, '.bench', 'lambda');
  mkdirSync(out, { recursive: true });
  const entries = [
    ...FUNCTION_NAMES.map((name) => ({ name, entry: `functions/${name}/handler.ts` })),
    ...WORKERS.map((w) => ({ name: w.name, entry: w.entry })),
  ];
  const env = {
    ...process.env,
    TABLE_NAME: 'bench',
    UPLOADS_BUCKET: 'bench',
    AWS_REGION: 'ap-south-1',
    POWERTOOLS_DEV: 'true',
    LOG_LEVEL: 'silent',
  };
  const results = [];
  for (const { name, entry } of entries) {
    const dir = join(out, name);
    const outfile = join(dir, 'index.cjs'); // .cjs: the repo's package.json says "type": "module"
    mkdirSync(dir, { recursive: true });
    const { metafile } = await build({
      entryPoints: [join(ROOT, entry)],
      outfile,
      bundle: true,
      platform: 'node',
      logLevel: 'error',
      metafile: true,
      ...LAMBDA_BUNDLING.esbuild,
      external: [...LAMBDA_BUNDLING.esbuild.external],
    });
    for (const side of LAMBDA_BUNDLING.sideBundles) rmSync(join(dir, side.bundled), { force: true }); // not an earlier run's
    for (const command of afterBundlingCommands(ROOT, dir, 'index.cjs'))
      execFileSync('bash', ['-c', command], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    const sideBundles = LAMBDA_BUNDLING.sideBundles
      .filter((side) => existsSync(join(dir, side.bundled)))
      .map((side) => ({ file: side.bundled, bytes: statSync(join(dir, side.bundled)).size }));
    const externals = [
      ...new Set(
        Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)),
      ),
    ];
    // One fresh process per run: the externals first (timed), then the bundle (timed); together what
    // a cold start loads.
    const probe = join(dir, 'init-probe.cjs');
    writeFileSync(
      probe,
      `const t0=performance.now();for(const m of ${JSON.stringify(externals)})require(m);const t1=performance.now();require(${JSON.stringify(outfile)});process.stdout.write(JSON.stringify([t1-t0,performance.now()-t1]));`,
    );
    const runs = [0, 1, 2].map(
      () => JSON.parse(execFileSync(process.execPath, [probe], { env, cwd: dir }).toString()) as [number, number],
    );
    results.push({
      name,
      bytes: statSync(outfile).size,
      initMs: median(runs.map(([ext, own]) => ext + own)),
      externalsMs: median(runs.map(([ext]) => ext)),
      ownInitMs: median(runs.map(([, own]) => own)),
      externals: externals.filter((m) => !m.startsWith('node:')),
      sideBundles,
    });
  }
  return results;
}
