// The CDK app: `npm run synth` (offline) and `npm run deploy`, its stacks in their order (lib/platform.ts),
// named for the stage (`-c stage=dev|staging|prod`, lib/stage.ts).
import { App } from 'aws-cdk-lib';
import { Platform } from '../lib/platform';
import { StageConfigError, stageConfig } from '../lib/stage';

const app = new App();
try {
  new Platform(app, stageConfig(app).appName, {
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION ?? 'ap-south-1' },
  });
} catch (err) {
  if (!(err instanceof StageConfigError)) throw err;
  console.error(`Not synthesised: ${err.message}`);
  process.exit(1);
}
