// The tenancy function in the synthesized app (issue #18): its routes, its table and messaging grants.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { routeKey } from '../../shared/routes';
import { tenancyRoutes } from '../../shared/routes/tenancy';
import { synthPlatform } from './synth';

// Tenancy's function and routes are in the accounts API stack.
let template: Template;
beforeAll(() => {
  template = synthPlatform().apiGroups.accounts;
}, 240_000);

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
