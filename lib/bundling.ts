// How every Lambda is bundled, in one place: the CDK (lib/lambda.ts) and the bench (which measures
// the bundles' sizes and init times) both read it. CommonJS for Node 22, minified, UTF-8 output so the
// Hindi texts are not escaped to \uXXXX, and two families of modules left out of every bundle:
// - the AWS SDK v3, which the Lambda runtime ships;
// - Powertools for AWS Lambda (logger, tracer with the X-Ray SDK, metrics, idempotency, batch), which
//   every function gets from AWS's public Powertools layer, pinned to the exact version in
//   package-lock.json (POWERTOOLS_VERSION). That is ~140 KB minified less in each of ~20 bundles, as
//   the Powertools documentation recommends for esbuild users; the code is the same, loaded from /opt.
// Files a function reads at run time ship beside its bundle (ASSETS): the Hindi catalogue, read on
// the first request that asks for Hindi instead of bundled (~50 KB less in every HTTP function). The
// code finds them through import.meta.dirname, which the CommonJS bundle defines as __dirname.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HINDI_CATALOGUE } from '../functions/lib/server-messages';

/** The Powertools version the code is written and tested against (all packages share it). */
export const POWERTOOLS_VERSION: string = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'node_modules', '@aws-lambda-powertools', 'commons', 'package.json'), 'utf8')).version;
/** AWS's SSM parameter holding the Powertools layer's ARN for that version in the deploying region. */
export const POWERTOOLS_LAYER_PARAMETER = `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`;

const EXTERNAL = ['@aws-sdk/*', '@aws-lambda-powertools/*'];
const DEFINE = { 'import.meta.dirname': '__dirname' };
/** Copied beside every bundle: from (the repo's root) -> to (the bundle's directory). */
const ASSETS = [{ from: HINDI_CATALOGUE.source, to: HINDI_CATALOGUE.bundled }];
export const LAMBDA_BUNDLING = {
  target: 'node22',
  externalModules: EXTERNAL,
  define: DEFINE,
  assets: ASSETS,
  esbuild: { format: 'cjs', target: 'node22', minify: true, charset: 'utf8', external: EXTERNAL, define: DEFINE },
} as const;
