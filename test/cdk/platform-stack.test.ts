// The synthesized CloudFormation template: what a deploy would create.
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { PlatformStack } from '../../lib/platform-stack';
import { FUNCTION_NAMES, ROUTES, routeKey } from '../../shared/routes';
import { GSIS } from '../../functions/lib/table';

let template: Template;
beforeAll(() => {
  // Bundling is skipped here (the synth script bundles for real); the template is the same.
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new PlatformStack(app, 'Test', { env: { account: '111111111111', region: 'ap-south-1' }, distDir: '/nonexistent' });
  template = Template.fromStack(stack);
});

describe('PlatformStack', () => {
  it('has one table with PITR, TTL, encryption and the GSIs of functions/lib/table.ts, kept on stack deletion', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        SSESpecification: { SSEEnabled: true },
        GlobalSecondaryIndexes: GSIS.map((g) => Match.objectLike({ IndexName: g.indexName })),
      }),
    });
  });

  it('keeps uploads in a private, encrypted, TLS-only bucket that expires abandoned uploads', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Id: 'abandoned-uploads', Prefix: 'pending/' })]) },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('wires every route of the route table to the HTTP API', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    expect(routes.sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  it('runs one Node 22 function per function name', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter((f) => String(f.Properties.Runtime).startsWith('nodejs'));
    expect(functions).toHaveLength(FUNCTION_NAMES.length);
    for (const fn of functions) expect(fn.Properties.Runtime).toBe('nodejs22.x');
  });

  it('grants table access only to functions that use the table', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy'));
    const tableGrants = policies.filter((p) => JSON.stringify(p.Properties.PolicyDocument).includes('dynamodb:PutItem'));
    const platformRole = Object.entries(template.findResources('AWS::IAM::Role')).find(([id]) => id.includes('platformfunction'));
    expect(platformRole).toBeDefined();
    expect(tableGrants.some((p) => JSON.stringify(p.Properties.Roles).includes(platformRole![0]))).toBe(false);
    expect(tableGrants.length).toBeGreaterThan(0);
  });

  it('serves the SPA through CloudFront with CSP, HSTS, no-sniff and frame-deny, and /api on the same origin', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.anyValue(), Override: true },
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
        }),
      }),
    });
    const policy = JSON.stringify(Object.values(template.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    // The browser may post documents to the uploads bucket, and nowhere else.
    expect(policy).toContain('RegionalDomainName');
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ CacheBehaviors: [Match.objectLike({ PathPattern: '/api/*' })] }),
    });
  });

  it('lets only the users function send e-mail and SMS', () => {
    const senders = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) => JSON.stringify(p.Properties.PolicyDocument).includes('ses:SendEmail'));
    expect(senders).toHaveLength(1);
    expect(JSON.stringify(senders[0]!.Properties.Roles)).toContain('usersfunction');
  });

  it('stays under the CloudFormation limit of 500 resources', () => {
    expect(Object.keys(template.toJSON().Resources).length).toBeLessThan(500);
  });
});
