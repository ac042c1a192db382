// The wms function in the synthesized app (issue #16): every warehouse route through API
// Gateway, and a role that reads and writes the table and nothing else (no bucket, bus or messaging).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { routeKey } from '../../shared/routes';
import { wmsRoutes } from '../../shared/routes/wms';
import { synthPlatform } from './synth';

// The warehouse's function and routes are the warehouse API stack's.
let template: Template;
beforeAll(() => {
  template = synthPlatform().apiGroups.warehouse;
}, 240_000);

describe('wms in the stack', () => {
  it('serves every /api/wms route of doc 3 §7 through API Gateway', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    expect(wmsRoutes.length).toBeGreaterThanOrEqual(30);
    for (const route of wmsRoutes) expect(routes).toContain(routeKey(route));
  });

  it('gives the wms function the table (read and transactional write) and nothing more', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.Roles).includes('wmsfunction'),
    );
    expect(policies.length).toBeGreaterThan(0);
    const document = JSON.stringify(policies.map((p) => p.Properties.PolicyDocument));
    for (const action of [
      'dynamodb:Query',
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ])
      expect(document).toContain(action);
    expect(document).not.toContain('dynamodb:Scan');
    for (const other of ['s3:', 'events:PutEvents', 'ses:', 'sns:', 'kms:']) expect(document).not.toContain(other);
  });
});
