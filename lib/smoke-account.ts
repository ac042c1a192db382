// The smoke test's account of a stage (scripts/smoke.ts, functions/ops/smoke-account.ts): its password
// generated into Secrets Manager once, the account made or brought up to date by a custom resource on
// every deploy that changes it, and the HTTP API's own address in SSM so the smoke can check that
// address refuses requests that did not come through CloudFront. The names are functions/ops/names.ts's.
import { CustomResource, Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import { smokeSettingNames } from '../functions/ops/names';
import { grantAccess, type SharedResources } from './access';
import { productFunction } from './lambda';

export interface SmokeAccountProps extends SharedResources {
  httpApi: HttpApi;
  stage: string;
  /** The runtime configuration every function gets (lib/platform.ts), with SECRETS_KEY_ID. */
  environment: Record<string, string>;
}

export class SmokeAccount extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string, props: SmokeAccountProps) {
    super(scope, id);
    const names = smokeSettingNames(props.stage);
    this.secret = new Secret(this, 'secret', {
      secretName: names.secret,
      description: `DockSaathi ${props.stage}: the post-deploy smoke test's account (npm run smoke)`,
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ username: 'smoke' }),
        generateStringKey: 'password',
        passwordLength: 32,
        excludePunctuation: true,
      },
    });
    // The password reaches the function as a dynamic reference in its environment (as the origin secret
    // does, lib/platform.ts): CloudFormation does not resolve secrets in a custom resource's properties.
    const fn = productFunction(this, {
      name: 'smoke-account',
      entry: 'functions/ops/smoke-account.resource.ts',
      timeout: Duration.seconds(60),
      environment: {
        ...props.environment,
        SMOKE_PASSWORD: this.secret.secretValueFromJson('password').unsafeUnwrap(),
      },
    });
    grantAccess(fn, { table: 'readWrite' }, props);
    new CustomResource(this, 'account', {
      serviceToken: fn.functionArn,
      resourceType: 'Custom::SmokeAccount',
      // A new secret version (a rotation) changes this and runs the update again.
      properties: { secretArn: this.secret.secretArn, stage: props.stage },
    });
    new StringParameter(this, 'api-url', {
      parameterName: names.apiUrl,
      description: 'The HTTP API address (execute-api); it refuses requests without CloudFront origin proof',
      stringValue: props.httpApi.apiEndpoint,
    });
  }
}
