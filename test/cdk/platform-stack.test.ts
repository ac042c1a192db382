// The synthesized CloudFormation template: what a deploy would create.
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { POWERTOOLS_LAYER_PARAMETER } from '../../lib/bundling';
import { PlatformStack } from '../../lib/platform-stack';
import { FUNCTION_ACCESS } from '../../lib/api';
import { FUNCTION_NAMES, ROUTES, routeKey } from '../../shared/routes';
import { GSIS } from '../../functions/lib/table';
import { streamFilterPatterns, WORKERS, type WorkerDefinition } from '../../functions/workers';
import { FIXTURE_WORKERS } from '../support/workers/fixtures';

function synth(workers?: readonly WorkerDefinition[]): Template {
  // Bundling is skipped here (the synth script bundles for real); the template is the same.
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new PlatformStack(app, 'Test', {
    env: { account: '111111111111', region: 'ap-south-1' },
    distDir: '/nonexistent',
    workers,
  });
  return Template.fromStack(stack);
}

let template: Template;
beforeAll(() => {
  template = synth();
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
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ Id: 'abandoned-uploads', Prefix: 'pending/' })]),
      },
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('wires every route of the route table to the HTTP API', () => {
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
    expect(routes.sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  it('runs one Node 22 function per function name and per worker, traced, with its Powertools service name', () => {
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter((f) =>
      String(f.Properties.Runtime).startsWith('nodejs'),
    );
    // + the integrations' scheduled sync target (lib/integrations.ts), invoked by EventBridge Scheduler.
    expect(functions).toHaveLength(FUNCTION_NAMES.length + WORKERS.length + 1);
    for (const fn of functions) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Properties.Environment.Variables).toMatchObject({
        POWERTOOLS_METRICS_NAMESPACE: 'DockSaathi',
        POWERTOOLS_SERVICE_NAME: expect.any(String),
      });
    }
    const services = functions.map((f) => f.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME).sort();
    expect(services).toEqual([...FUNCTION_NAMES, ...WORKERS.map((w) => w.name), 'integrations-sync'].sort());
  });

  it("gives every function AWS's Powertools layer of the version in package-lock.json, read from SSM at deploy", () => {
    const parameters = Object.entries(
      template.findParameters('*', { Type: 'AWS::SSM::Parameter::Value<String>', Default: POWERTOOLS_LAYER_PARAMETER }),
    );
    expect(parameters).toHaveLength(1);
    expect(POWERTOOLS_LAYER_PARAMETER).toMatch(/^\/aws\/service\/powertools\/typescript\/generic\/all\/2\.\d+\.\d+$/);
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter((f) =>
      String(f.Properties.Runtime).startsWith('nodejs'),
    );
    for (const fn of functions) expect(fn.Properties.Layers).toEqual([{ Ref: parameters[0]![0] }]);
  });

  it('lets API Gateway invoke each function through one permission, not one per route', () => {
    const permissions = Object.values(
      template.findResources('AWS::Lambda::Permission', { Properties: { Principal: 'apigateway.amazonaws.com' } }),
    );
    expect(permissions).toHaveLength(FUNCTION_NAMES.length);
    for (const p of permissions) expect(JSON.stringify(p.Properties.SourceArn)).toContain('/*/*/*');
  });

  it('lets the read-only functions (health check, insights) read the table but not write it', () => {
    const readOnly = Object.entries(FUNCTION_ACCESS)
      .filter(([, access]) => access?.table === 'read')
      .map(([name]) => name);
    expect(readOnly).toEqual(expect.arrayContaining(['platform', 'insights']));
    for (const name of readOnly) {
      const [roleId] = Object.keys(template.findResources('AWS::IAM::Role')).filter((id) =>
        id.includes(`${name}function`),
      );
      const statements = Object.values(template.findResources('AWS::IAM::Policy'))
        .filter((p) => JSON.stringify(p.Properties.Roles).includes(roleId!))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[] }[])
        .flatMap((s) => s.Action);
      expect(statements).toContain('dynamodb:GetItem');
      expect(statements.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite|TransactWrite)/.test(a))).toEqual([]);
    }
  });

  it('grants table access only to functions that use the table', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy'));
    const tableGrants = policies.filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes('dynamodb:PutItem'),
    );
    const platformRole = Object.entries(template.findResources('AWS::IAM::Role')).find(([id]) =>
      id.includes('platformfunction'),
    );
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

  it("forwards the viewer's address to the API, vouched for by a secret only CloudFront and the functions hold", () => {
    const functions = Object.values(template.findResources('AWS::CloudFront::Function')).map((f) =>
      String(f.Properties.FunctionCode),
    );
    expect(functions.some((code) => code.includes("r.headers['x-viewer-address']={value:event.viewer.ip}"))).toBe(true);
    const secret = Object.keys(template.findResources('AWS::SecretsManager::Secret'));
    expect(secret).toHaveLength(1);
    const distribution = JSON.stringify(template.findResources('AWS::CloudFront::Distribution'));
    expect(distribution).toMatch(
      /"HeaderName":"x-origin-verify","HeaderValue":\{"Fn::Join":\["",\["\{\{resolve:secretsmanager:",\{"Ref":"originverify/,
    );
    const api = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (f) => f.Properties.Environment?.Variables?.ORIGIN_VERIFY_SECRET,
    );
    expect(api).toHaveLength(FUNCTION_NAMES.length);
  });

  it('lets the HTTP functions granted messaging in lib/api.ts send e-mail and SMS, and no other HTTP function', () => {
    const senders = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes('ses:SendEmail'),
    );
    const granted = Object.entries(FUNCTION_ACCESS)
      .filter(([, access]) => access?.messaging)
      .map(([name]) => name);
    expect(granted).toEqual(expect.arrayContaining(['users', 'tenancy']));
    const roles = JSON.stringify(senders.map((s) => s.Properties.Roles));
    for (const name of FUNCTION_NAMES) expect(roles.includes(`${name}function`), name).toBe(granted.includes(name));
  });

  it('lets no function Scan the table (request paths read by key)', () => {
    const policies = JSON.stringify(
      Object.values(template.findResources('AWS::IAM::Policy')).map((p) => p.Properties.PolicyDocument),
    );
    expect(policies).toContain('dynamodb:Query');
    expect(policies).not.toContain('dynamodb:Scan');
  });

  it('stays under 400 resources with the current routes (CloudFormation allows 500)', () => {
    expect(Object.keys(template.toJSON().Resources).length).toBeLessThan(400);
  });

  it("streams the table's changes with new and old images", () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it('wires each worker of the registry to its trigger', () => {
    expectWorkerWiring(template, WORKERS);
  });

  it('wires a schedule worker to a rule, a stream worker to the table stream and a queue worker to its queue', () => {
    expectWorkerWiring(synth(FIXTURE_WORKERS), FIXTURE_WORKERS);
  });
});

/** The function of a worker, by its Powertools service name. */
function workerFunctionId(t: Template, name: string): string {
  const found = Object.entries(t.findResources('AWS::Lambda::Function')).filter(
    ([, f]) => f.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === name,
  );
  expect(found, name).toHaveLength(1);
  return found[0]![0];
}

function expectWorkerWiring(t: Template, workers: readonly WorkerDefinition[]) {
  const [tableId] = Object.keys(t.findResources('AWS::DynamoDB::Table'));
  for (const worker of workers) {
    const fnId = workerFunctionId(t, worker.name);
    const trigger = worker.trigger;
    if (trigger.kind === 'schedule') {
      t.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: trigger.expression,
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
      });
    } else if (trigger.kind === 'stream') {
      const patterns = streamFilterPatterns(trigger.filter);
      t.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: fnId },
        EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
        ...(patterns.length
          ? { FilterCriteria: { Filters: patterns.map((p) => ({ Pattern: JSON.stringify(p) })) } }
          : {}),
      });
    } else {
      const mapping = Object.values(
        t.findResources('AWS::Lambda::EventSourceMapping', { Properties: { FunctionName: { Ref: fnId } } }),
      );
      expect(mapping).toHaveLength(1);
      expect(mapping[0]!.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      const queueId = mapping[0]!.Properties.EventSourceArn['Fn::GetAtt'][0] as string;
      expect(t.toJSON().Resources[queueId].Properties.RedrivePolicy).toEqual({
        maxReceiveCount: 5,
        deadLetterTargetArn: { 'Fn::GetAtt': [expect.stringContaining('dlq'), 'Arn'] },
      });
    }
  }
}
