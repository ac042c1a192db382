// How every Lambda is bundled, in one place: the CDK (lib/lambda.ts) and the bench (which measures
// the bundles' sizes and init times) both read it. CommonJS for Node 22, minified, UTF-8 output so the
// Hindi texts are not escaped to \uXXXX, and two families of modules left out of every bundle:
// - the AWS SDK v3, which the Lambda runtime ships;
// - Powertools for AWS Lambda (logger, tracer with the X-Ray SDK, metrics, idempotency, batch), which
//   every function gets from AWS's public Powertools layer, pinned to the exact version in
//   package-lock.json (POWERTOOLS_VERSION). That is ~140 KB minified less in each of ~20 bundles, as
//   the Powertools documentation recommends for esbuild users; the code is the same, loaded from /opt.
// Files a function reads at run time ship beside its bundle (ASSETS): the Hindi catalogue, read on
// the first request that asks for Hindi instead of bundled (~50 KB less in every HTTP function). So
// does code a function loads only now and then (SIDE_BUNDLES, functions/lib/side-bundle.ts): built as
// a bundle of its own beside the function's, not inlined into it (the VAHAN XML reader, ~64 KB less in
// the functions that run gate checks; the detention PDFs with pdf-lib, ~450 KB less in detention's; the
// QR encoder, ~21 KB less in every function that can draw a code; the gate pass's keys, signing and
// verifying with jose, less in every function that can issue or read a pass).
// The code finds both through import.meta.dirname, which the CommonJS bundle defines as __dirname.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HINDI_CATALOGUE } from '../functions/lib/server-messages';
import { VAHAN_XML_READER } from '../functions/gate/registry/vahan';
import { DETENTION_PDFS } from '../functions/detention/pdf-bundle';
import { QR_CODES } from '../functions/lib/qr';
import { PASS_CRYPTO } from '../functions/passes/crypto';

/** The Powertools version the code is written and tested against (all packages share it). */
export const POWERTOOLS_VERSION = (
  JSON.parse(
    readFileSync(
      join(import.meta.dirname, '..', 'node_modules', '@aws-lambda-powertools', 'commons', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;
/** AWS's SSM parameter holding the Powertools layer's ARN for that version in the deploying region. */
export const POWERTOOLS_LAYER_PARAMETER = `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`;

const EXTERNAL = ['@aws-sdk/*', '@aws-lambda-powertools/*'];
const DEFINE = { 'import.meta.dirname': '__dirname' };
/** Copied beside every bundle: from (the repo's root) -> to (the bundle's directory). */
const ASSETS = [{ from: HINDI_CATALOGUE.source, to: HINDI_CATALOGUE.bundled }];
/** Built beside the bundles whose code names them (the name is in a bundle only if the code that
 * loads the module is: a function that reaches the VAHAN adapter through a domain index without
 * running gate checks has it tree-shaken, and gets no XML reader). */
const SIDE_BUNDLES = [VAHAN_XML_READER, DETENTION_PDFS, QR_CODES, PASS_CRYPTO];
export const LAMBDA_BUNDLING = {
  target: 'node22',
  externalModules: EXTERNAL,
  define: DEFINE,
  assets: ASSETS,
  sideBundles: SIDE_BUNDLES,
  esbuild: { format: 'cjs', target: 'node22', minify: true, charset: 'utf8', external: EXTERNAL, define: DEFINE },
} as const;

/** The shell commands (bash, run from the repo's root) that complete a function's bundle once esbuild
 * has written it to `outputDir/main`: copy the assets beside it, and build each side bundle its code
 * names, with the repo's esbuild and the function's own options. The CDK's afterBundling hook
 * (lib/lambda.ts) and the bench (scripts/bench/bundles.ts) both run them, so what the bench measures
 * is what ships. */
export function afterBundlingCommands(inputDir: string, outputDir: string, main = 'index.js'): string[] {
  const { esbuild } = LAMBDA_BUNDLING;
  // With a source map, as lib/lambda.ts gives the function's bundle (NODE_OPTIONS=--enable-source-maps).
  const options = [
    '--bundle',
    '--platform=node',
    `--format=${esbuild.format}`,
    `--target=${esbuild.target}`,
    '--minify',
    `--charset=${esbuild.charset}`,
    '--sourcemap',
    '--log-level=warning',
    ...esbuild.external.map((m) => `'--external:${m}'`),
    ...Object.entries(esbuild.define).map(([key, value]) => `--define:${key}=${value}`),
  ].join(' ');
  return [
    ...LAMBDA_BUNDLING.assets.map((a) => `cp "${join(inputDir, a.from)}" "${join(outputDir, a.to)}"`),
    ...LAMBDA_BUNDLING.sideBundles.map(
      (side) =>
        `if grep -qF "${side.bundled}" "${join(outputDir, main)}"; then "${join(inputDir, 'node_modules', '.bin', 'esbuild')}" "${join(inputDir, side.source)}" ${options} --outfile="${join(outputDir, side.bundled)}"; fi`,
    ),
  ];
}
