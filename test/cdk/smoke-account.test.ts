// The smoke test's account of a stage (lib/smoke-account.ts): a generated secret named for the stage,
// the custom resource that makes the account with it, and the API's own address in SSM, under the
// names the smoke script reads (functions/ops/names.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { lambdaNamed, synthPlatform, type Synthesized } from './synth';

let synthesized: Synthesized;
// Synthesizing the app takes most of a minute on a busy machine.
beforeAll(() => {
  synthesized = synthPlatform({ context: { stage: 'staging' } });
}, 180_000);

describe('the smoke account', () => {
  it('is made on deploy in the stage named, its password generated into Secrets Manager', () => {
    const { ops } = synthesized;
    ops.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'docksaathi/staging/smoke-account',
      GenerateSecretString: Match.objectLike({
        GenerateStringKey: 'password',
        SecretStringTemplate: '{"username":"smoke"}',
      }),
    });
    ops.resourceCountIs('Custom::SmokeAccount', 1);
    ops.hasResourceProperties('AWS::SSM::Parameter', { Name: '/docksaathi/staging/api-url' });
    const fn = lambdaNamed([ops], 'smoke-account');
    expect(JSON.stringify(fn.variables.SMOKE_PASSWORD)).toContain('resolve:secretsmanager');
    expect(fn.variables.SECRETS_KEY_ID).toBeDefined();
  });
});
