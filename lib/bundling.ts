// How every Lambda is bundled, in one place: the CDK (lib/lambda.ts) and the bench (which measures
// the bundles' sizes and init times) both read it. CommonJS for Node 22, minified, the AWS SDK v3 left
// to the Lambda runtime (it ships one), and UTF-8 output so the Hindi texts are not escaped to \uXXXX.
export const LAMBDA_BUNDLING = {
  target: 'node22',
  externalModules: ['@aws-sdk/*'],
  esbuild: { format: 'cjs', target: 'node22', minify: true, charset: 'utf8', external: ['@aws-sdk/*'] },
} as const;
