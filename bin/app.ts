// The CDK app: `npm run synth` (offline) and `npx cdk deploy --all`, its stacks in their order (lib/platform.ts).
import { App } from 'aws-cdk-lib';
import { Platform } from '../lib/platform';

const app = new App();
new Platform(app, 'DockSaathi', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION ?? 'ap-south-1' },
});
