// The tenancy function in the synthesized template (issue #18): its routes, its table and messaging grants.
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { PlatformStack } from '../../lib/platform-stack';
import { routeKey } from '../../shared/routes';
import { tenancyRoutes } from '../../shared/routes/tenancy';

let template: Template;
beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  template = Template.fromStack(
    new PlatformStack(app, 'Test', { env: { account: '111111111111', region: 'ap-south-1' }, distDir: '/nonexistent' }),
  );
});

describe('tenancy in the stack', () => {
  it('serves sign-up, invitations, memberships and facility links through API Gateway', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    for (const route of tenancyRoutes) expect(routes).toContain(routeKey(route));
    expect(routes).toContain('POST /api/auth/switch-tenant');
  });

  it('lets the tenancy function write the table and send its codes and invitations, nothing more', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.Roles).includes('tenancyfunction'),
    );
    const document = JSON.stringify(policies.map((p) => p.Properties.PolicyDocument));
    expect(document).toContain('dynamodb:PutItem');
    expect(document).toContain('ses:SendEmail');
    expect(document).not.toContain('s3:');
    expect(document).not.toContain('events:PutEvents');
  });
});
