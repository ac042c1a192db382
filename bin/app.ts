// The CDK app: `npm run synth` (offline) and `npm run deploy`.
import { App } from 'aws-cdk-lib';
import { PlatformStack } from '../lib/platform-stack';

const app = new App();
new PlatformStack(app, 'DockSaathi', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION ?? 'ap-south-1' },
  description: 'DockSaathi: dock appointments, yard, driver check-in and warehouse management',
});
