// The synthesized CloudFormation templates, stack by stack (lib/platform.ts): what a deploy would create.
import { beforeAll, describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { POWERTOOLS_LAYER_PARAMETER } from '../../lib/bundling';
import { FUNCTION_ACCESS } from '../../lib/api';
import { spaRoutingCode } from '../../lib/web';
import { FUNCTION_NAMES, ROUTES, routeKey } from '../../shared/routes';
import { GSIS } from '../../functions/lib/table';
import { streamFilterPatterns, WORKERS, type WorkerDefinition } from '../../functions/workers';
import { FIXTURE_WORKERS } from '../support/workers/fixtures';
import { lambdaNamed, resourcesOf, synthPlatform, type Synthesized } from './synth';

let app: Synthesized;
// As prod: the data is kept there (a dev stack's goes with it, test/cdk/operations.test.ts).
beforeAll(() => {
  app = synthPlatform({ context: { stage: 'prod' } });
}, 240_000);

const nodeFunctions = (templates: Template[]) =>
  resourcesOf(templates, 'AWS::Lambda::Function').filter((f) => String(f.Properties.Runtime).startsWith('nodejs'));

describe('the data stack', () => {
  it('has one table with PITR, TTL, encryption and the GSIs of functions/lib/table.ts, kept on stack deletion', () => {
    app.data.resourceCountIs('AWS::DynamoDB::Table', 1);
    app.data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        SSESpecification: { SSEEnabled: true },
        GlobalSecondaryIndexes: GSIS.map((g) => Match.objectLike({ IndexName: g.indexName })),
      }),
    });
  });

  it("streams the table's changes with new and old images", () => {
    app.data.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it('keeps uploads in a private, encrypted, TLS-only bucket that expires abandoned uploads, kept on stack deletion', () => {
    app.data.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
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
      }),
    });
    app.data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('holds the event bus and the secrets key, and no function', () => {
    app.data.resourceCountIs('AWS::Events::EventBus', 1);
    app.data.resourceCountIs('AWS::KMS::Key', 1);
    app.data.resourceCountIs('AWS::Lambda::Function', 0);
  });
});

describe('the API stacks', () => {
  it('wires every route of the route table to the HTTP API of the API stack', () => {
    const routes = resourcesOf(app.httpFunctions, 'AWS::ApiGatewayV2::Route');
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual(ROUTES.map(routeKey).sort());
    const [apiId] = Object.keys(app.api.findResources('AWS::ApiGatewayV2::Api'));
    for (const route of routes)
      expect(route.Properties.ApiId).toEqual({ 'Fn::ImportValue': expect.stringMatching(`^Test-Api:.*Ref${apiId}`) });
    app.api.resourceCountIs('AWS::ApiGatewayV2::Route', 0);
  });

  it('throttles the whole stage', () => {
    app.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
    });
  });

  it('lets API Gateway invoke each function through one permission, not one per route', () => {
    const permissions = resourcesOf(app.httpFunctions, 'AWS::Lambda::Permission').filter(
      (p) => p.Properties.Principal === 'apigateway.amazonaws.com',
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
      const actions = lambdaNamed(app.httpFunctions, name).actions();
      expect(actions).toContain('dynamodb:GetItem');
      expect(actions.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite|TransactWrite)/.test(a))).toEqual([]);
    }
  });

  it('grants table writes only to functions that write', () => {
    expect(lambdaNamed(app.httpFunctions, 'platform').actions()).not.toContain('dynamodb:PutItem');
    expect(lambdaNamed(app.httpFunctions, 'appointments').actions()).toContain('dynamodb:PutItem');
  });

  it('lets the HTTP functions granted messaging in lib/api.ts send e-mail and SMS, and no other HTTP function', () => {
    const granted = Object.entries(FUNCTION_ACCESS)
      .filter(([, access]) => access?.messaging)
      .map(([name]) => name);
    expect(granted).toEqual(expect.arrayContaining(['users', 'tenancy']));
    for (const name of FUNCTION_NAMES)
      expect(lambdaNamed(app.httpFunctions, name).actions().includes('ses:SendEmail'), name).toBe(
        granted.includes(name),
      );
  });
});

describe('every function', () => {
  it('runs one Node 22 function per function name and per worker, traced, with its Powertools service name', () => {
    const functions = nodeFunctions(app.all);
    // + the integrations' scheduled sync target (lib/integrations.ts), invoked by EventBridge Scheduler,
    // and the deploy's smoke-account custom resource (lib/smoke-account.ts).
    expect(functions).toHaveLength(FUNCTION_NAMES.length + WORKERS.length + 2);
    for (const fn of functions) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Properties.Environment.Variables).toMatchObject({
        POWERTOOLS_METRICS_NAMESPACE: 'DockSaathi',
        POWERTOOLS_SERVICE_NAME: expect.any(String),
      });
    }
    const services = functions.map((f) => f.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME).sort();
    expect(services).toEqual(
      [...FUNCTION_NAMES, ...WORKERS.map((w) => w.name), 'integrations-sync', 'smoke-account'].sort(),
    );
    expect(nodeFunctions(app.httpFunctions)).toHaveLength(FUNCTION_NAMES.length);
    expect(nodeFunctions([app.workers])).toHaveLength(WORKERS.length + 1);
  });

  it("gives every function AWS's Powertools layer of the version in package-lock.json, read from SSM at deploy", () => {
    expect(POWERTOOLS_LAYER_PARAMETER).toMatch(/^\/aws\/service\/powertools\/typescript\/generic\/all\/2\.\d+\.\d+$/);
    for (const template of [app.workers, ...app.httpFunctions]) {
      const parameters = Object.entries(
        template.findParameters('*', {
          Type: 'AWS::SSM::Parameter::Value<String>',
          Default: POWERTOOLS_LAYER_PARAMETER,
        }),
      );
      expect(parameters).toHaveLength(1);
      for (const fn of nodeFunctions([template])) expect(fn.Properties.Layers).toEqual([{ Ref: parameters[0]![0] }]);
    }
  });

  // The two workers that read a whole tenant may (issue #36); test/cdk/privacy.test.ts holds them to that.
  it('lets no HTTP function Scan the table (request paths read by key)', () => {
    const http = app.all.filter((t) => t !== app.workers);
    const policies = JSON.stringify(resourcesOf(http, 'AWS::IAM::Policy').map((p) => p.Properties.PolicyDocument));
    expect(policies).toContain('dynamodb:Query');
    expect(policies).not.toContain('dynamodb:Scan');
  });
});

describe('the web stack', () => {
  it('serves the SPA through CloudFront with CSP, HSTS, no-sniff and frame-deny, and /api on the same origin', () => {
    app.web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.anyValue(), Override: true },
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
        }),
      }),
    });
    const policy = JSON.stringify(Object.values(app.web.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    // The browser may post documents to the uploads bucket (the data stack's), and nowhere else.
    expect(policy).toMatch(/"Fn::ImportValue":"Test-Data:ExportsOutputFnGetAttdatauploads\w*RegionalDomainName/);
    app.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([Match.objectLike({ PathPattern: '/api/*' })]),
      }),
    });
  });

  it("forwards the viewer's address to the API, vouched for by a secret only CloudFront and the functions hold", () => {
    const functions = Object.values(app.web.findResources('AWS::CloudFront::Function')).map((f) =>
      String(f.Properties.FunctionCode),
    );
    expect(functions.some((code) => code.includes("r.headers['x-viewer-address']={value:event.viewer.ip}"))).toBe(true);
    const secrets = Object.keys(app.api.findResources('AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(1);
    const distribution = JSON.stringify(app.web.findResources('AWS::CloudFront::Distribution'));
    expect(distribution).toContain(
      `"HeaderName":"x-origin-verify","HeaderValue":{"Fn::Join":["",["{{resolve:secretsmanager:",{"Fn::ImportValue":"Test-Api:ExportsOutputRef${secrets[0]}`,
    );
    const api = resourcesOf(app.all, 'AWS::Lambda::Function').filter(
      (f) => f.Properties.Environment?.Variables?.ORIGIN_VERIFY_SECRET,
    );
    expect(api).toHaveLength(FUNCTION_NAMES.length);
  });

  it('routes each request for a page to its document before the cache: the static landing page or the app', () => {
    // What the function decides is tested by running it (test/unit/spa-routing.test.ts); here, that the
    // distribution runs it on every viewer request of the SPA's behaviour.
    const routing = Object.entries(app.web.findResources('AWS::CloudFront::Function')).find(
      ([, f]) => String(f.Properties.FunctionCode) === spaRoutingCode(),
    );
    expect(routing).toBeDefined();
    app.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [
            { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [routing![0], 'FunctionARN'] } },
          ],
        }),
      }),
    });
  });
});

// The fixture workers' case synthesizes the whole app again, slower than 30 s on a busy machine.
describe('the workers stack', { timeout: 120_000 }, () => {
  it('wires each worker of the registry to its trigger', () => {
    expectWorkerWiring(app.workers, WORKERS);
  });

  it('wires a schedule worker to a rule, a stream worker to the table stream and a queue worker to its queue', () => {
    expectWorkerWiring(synthPlatform({ workers: FIXTURE_WORKERS }).workers, FIXTURE_WORKERS);
  });
});

function expectWorkerWiring(t: Template, workers: readonly WorkerDefinition[]) {
  // The table is the data stack's: its stream reaches the workers through that stack's export.
  const tableStream = {
    'Fn::ImportValue': Match.stringLikeRegexp('^Test-Data:ExportsOutputFnGetAttdatatable\\w+StreamArn'),
  };
  for (const worker of workers) {
    const fnId = lambdaNamed([t], worker.name).id;
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
        EventSourceArn: tableStream,
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
