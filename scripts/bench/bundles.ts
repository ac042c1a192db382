// Code each visitor and each request loads: the SPA's first-load JavaScript (the entry and what it
// preloads, gzip) and every route chunk; each Lambda's bundle built as the CDK builds it
// (lib/lambda.ts: esbuild, CommonJS, minified, the runtime's AWS SDK left out) and the time its module
// takes to load in a fresh Node process (the cold start's init, before any request).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { FUNCTION_NAMES } from '../../shared/routes';
import { WORKERS } from '../../functions/workers';
import { LAMBDA_BUNDLING } from '../../lib/bundling';

const ROOT = join(import.meta.dirname, '..', '..');
const gz = (file: string) => gzipSync(readFileSync(file)).length;

export function spaBundle(dist = join(ROOT, 'web', 'dist')) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const firstLoad = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const assets = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const chunks = assets.map((f) => ({ file: f, bytes: statSync(join(dist, 'assets', f)).size, gzip: gz(join(dist, 'assets', f)) })).sort((a, b) => b.gzip - a.gzip);
  return { firstLoadFiles: firstLoad, firstLoadGzip: firstLoad.reduce((s, f) => s + gz(join(dist, f)), 0), chunks };
}

/** Each function's and worker's bundle size (minified bytes) and module init time in a fresh process (ms, median of 3). */
export async function lambdaBundles() {
  // Inside the repo, so the left-out AWS SDK resolves from node_modules as it does from the runtime.
  const out = join(ROOT, '.bench', 'lambda');
  mkdirSync(out, { recursive: true });
  const entries = [...FUNCTION_NAMES.map((name) => ({ name, entry: `functions/${name}/handler.ts` })), ...WORKERS.map((w) => ({ name: w.name, entry: w.entry }))];
  const results = [];
  for (const { name, entry } of entries) {
    const outfile = join(out, `${name}.cjs`);
    await build({ entryPoints: [join(ROOT, entry)], outfile, bundle: true, platform: 'node', logLevel: 'error', ...LAMBDA_BUNDLING.esbuild, external: [...LAMBDA_BUNDLING.esbuild.external] });
    const probe = join(out, `${name}-init.cjs`);
    writeFileSync(probe, `const t=performance.now();require(${JSON.stringify(outfile)});process.stdout.write(String(performance.now()-t));`);
    const env = { ...process.env, TABLE_NAME: 'bench', UPLOADS_BUCKET: 'bench', AWS_REGION: 'ap-south-1', POWERTOOLS_DEV: 'true', LOG_LEVEL: 'silent' };
    const inits = [0, 1, 2].map(() => Number(execFileSync(process.execPath, [probe], { env }).toString())).sort((a, b) => a - b);
    results.push({ name, bytes: statSync(outfile).size, initMs: inits[1]! });
  }
  return results;
}
