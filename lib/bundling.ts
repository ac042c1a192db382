// How every Lambda is bundled, in one place: the CDK (lib/lambda.ts) and the bench (which measures
// the bundles' sizes and init times) both read it. CommonJS for Node 22, minified, UTF-8 output so the
// Hindi texts are not escaped to \uXXXX, and two families of modules left out of every bundle:
// - the AWS SDK v3, which the Lambda runtime ships;
// - Powertools for AWS Lambda (logger, tracer with the X-Ray SDK, metrics, idempotency, batch), which
//   every function gets from AWS's public Powertools layer, pinned to the exact version in
//   package-lock.json (POWERTOOLS_VERSION). That is ~140 KB minified less in each of ~20 bundles, as
//   the Powertools documentation recommends for esbuild users; the code is the same, loaded from /opt.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Powertools version the code is written and tested against (all packages share it). */
export const POWERTOOLS_VERSION: string = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'node_modules', '@aws-lambda-powertools', 'commons', 'package.json'), 'utf8')).version;
/** AWS's SSM parameter holding the Powertools layer's ARN for that version in the deploying region. */
export const POWERTOOLS_LAYER_PARAMETER = `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`;

const EXTERNAL = ['@aws-sdk/*', '@aws-lambda-powertools/*'];
export const LAMBDA_BUNDLING = {
  target: 'node22',
  externalModules: EXTERNAL,
  esbuild: { format: 'cjs', target: 'node22', minify: true, charset: 'utf8', external: EXTERNAL },
} as const;
