// The edge of the synthesized app (#14.9): the API is called only through CloudFront (its origin
// secret, required by every function when deployed), AWS WAF on the distribution when asked for, and
// the security headers of each behaviour: the SPA's answers and the API's each keep their own CSP.
import { beforeAll, describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { WAF_RATE_LIMIT } from '../../lib/waf';
import { FUNCTION_NAMES } from '../../shared/routes';
import { resourcesOf, synthPlatform } from './synth';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

process.env.TABLE_NAME ??= 'unit';

const synth = (region: string, context: Record<string, string> = {}) => synthPlatform({ region, context, workers: [] });

const expectWebAcl = (template: Template) => {
  template.resourceCountIs('AWS::WAFv2::WebACL', 1);
  template.hasResourceProperties('AWS::WAFv2::WebACL', {
    Scope: 'CLOUDFRONT',
    DefaultAction: { Allow: {} },
    Rules: [
      Match.objectLike({
        Name: 'AWSManagedRulesCommonRuleSet',
        Statement: {
          ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' }),
        },
      }),
      Match.objectLike({
        Name: 'AWSManagedRulesKnownBadInputsRuleSet',
        Statement: {
          ManagedRuleGroupStatement: Match.objectLike({
            VendorName: 'AWS',
            Name: 'AWSManagedRulesKnownBadInputsRuleSet',
          }),
        },
      }),
      Match.objectLike({
        Name: 'rate-per-address',
        Action: { Block: {} },
        Statement: { RateBasedStatement: { Limit: WAF_RATE_LIMIT, AggregateKeyType: 'IP' } },
      }),
    ],
  });
};

let plain: ReturnType<typeof synth>;
const withoutWaf = () => plain;
beforeAll(() => {
  plain = synth('ap-south-1');
}, 240_000);

// Each WAF case synthesizes the whole app again, slower than a test's default 30 s on a busy machine.
describe('the edge of the app', { timeout: 120_000 }, () => {
  it('keeps the execute-api endpoint for CloudFront, and every function requires the origin secret CloudFront sends', () => {
    const { api, web, httpFunctions } = withoutWaf();
    api.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: Match.absent() });
    // The secret is the API stack's; the web stack imports it.
    const secretRef = Match.objectLike({
      'Fn::Join': [
        '',
        Match.arrayWith([
          Match.objectLike({ 'Fn::ImportValue': Match.stringLikeRegexp('^Test-Api:ExportsOutputReforiginverify') }),
        ]),
      ],
    });
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([
          Match.objectLike({ OriginCustomHeaders: [{ HeaderName: 'x-origin-verify', HeaderValue: secretRef }] }),
        ]),
      }),
    });
    // functions/lib/client-address.ts refuses a request without the secret on any stage but 'local'.
    const functions = resourcesOf(httpFunctions, 'AWS::Lambda::Function').filter(
      (f) => f.Properties.Environment?.Variables?.ORIGIN_VERIFY_SECRET,
    );
    expect(functions).toHaveLength(FUNCTION_NAMES.length);
    for (const fn of functions) expect(fn.Properties.Environment.Variables.STAGE).not.toBe('local');
  });

  it('has no WAF by default', () => {
    const { all, web, waf } = withoutWaf();
    expect(resourcesOf(all, 'AWS::WAFv2::WebACL')).toEqual([]);
    expect(waf).toBeUndefined();
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: Match.absent() }),
    });
  });

  it('with -c waf=true outside us-east-1, puts the web ACL in a us-east-1 stack and on the distribution', () => {
    const { web, waf, platform } = synth('ap-south-1', { waf: 'true' });
    expect(platform.waf?.region).toBe('us-east-1');
    expectWebAcl(waf!);
    web.resourceCountIs('AWS::WAFv2::WebACL', 0);
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: Match.anyValue() }),
    });
  });

  it('with -c waf=true in us-east-1, keeps the web ACL in the web stack itself', () => {
    const { web, waf } = synth('us-east-1', { waf: 'true' });
    expect(waf).toBeUndefined();
    expectWebAcl(web);
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        WebACLId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^wafwebacl'), 'Arn'] },
      }),
    });
  });

  describe('security headers of each behaviour', () => {
    type Policy = {
      Properties: {
        ResponseHeadersPolicyConfig: {
          SecurityHeadersConfig: Record<string, Record<string, unknown>>;
          CustomHeadersConfig?: { Items: { Header: string; Override: boolean }[] };
        };
      };
    };
    const policyOf = (behaviour: { ResponseHeadersPolicyId: { Ref: string } }) => {
      const policies = withoutWaf().web.findResources('AWS::CloudFront::ResponseHeadersPolicy') as Record<
        string,
        Policy
      >;
      return policies[behaviour.ResponseHeadersPolicyId.Ref]!.Properties.ResponseHeadersPolicyConfig;
    };
    const behaviours = () => {
      const [distribution] = Object.values(withoutWaf().web.findResources('AWS::CloudFront::Distribution'));
      const config = distribution!.Properties.DistributionConfig;
      return {
        spa: config.DefaultCacheBehavior,
        api: config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*'),
      };
    };
    const text = (value: unknown) => JSON.stringify(value);

    it('gives the SPA and /api/* a policy each', () => {
      const { spa, api } = behaviours();
      expect(spa.ResponseHeadersPolicyId.Ref).toBeTruthy();
      expect(api.ResponseHeadersPolicyId.Ref).toBeTruthy();
      expect(api.ResponseHeadersPolicyId.Ref).not.toBe(spa.ResponseHeadersPolicyId.Ref);
    });

    it("the SPA's policy sets the SPA's CSP over whatever S3 sends", () => {
      const csp = policyOf(behaviours().spa).SecurityHeadersConfig.ContentSecurityPolicy!;
      expect(csp.Override).toBe(true);
      // The page runs its own scripts and posts documents to the uploads bucket.
      expect(text(csp.ContentSecurityPolicy)).toContain("script-src 'self'");
      expect(text(csp.ContentSecurityPolicy)).toContain('connect-src');
    });

    it("the API's policy keeps the API's own CSP (no override) and sets the other security headers", () => {
      const config = policyOf(behaviours().api);
      const headers = config.SecurityHeadersConfig;
      expect(headers.ContentSecurityPolicy?.Override).toBe(false);
      expect(headers.StrictTransportSecurity).toMatchObject({
        Override: true,
        IncludeSubdomains: true,
        Preload: true,
        AccessControlMaxAgeSec: 63072000,
      });
      expect(headers.ContentTypeOptions).toEqual({ Override: true });
      expect(headers.FrameOptions).toEqual({ Override: true, FrameOption: 'DENY' });
      expect(headers.ReferrerPolicy).toEqual({ Override: true, ReferrerPolicy: 'strict-origin-when-cross-origin' });
      expect(config.CustomHeadersConfig?.Items.map((h) => h.Header)).toEqual(['Permissions-Policy']);
    });

    it('serves the service worker and the web app manifests uncached at the edge, revalidated by the browser', () => {
      const [distribution] = Object.values(withoutWaf().web.findResources('AWS::CloudFront::Distribution'));
      const config = distribution!.Properties.DistributionConfig;
      for (const path of ['/sw.js', '/*.webmanifest']) {
        const behaviour = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === path);
        expect(behaviour, path).toBeTruthy();
        // AWS's managed CachingDisabled policy.
        expect(behaviour.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
        expect(behaviour.TargetOriginId).toBe(config.DefaultCacheBehavior.TargetOriginId);
        const policy = policyOf(behaviour);
        expect(policy.CustomHeadersConfig?.Items).toContainEqual({
          Header: 'Cache-Control',
          Value: 'no-cache',
          Override: true,
        });
        expect(policy.SecurityHeadersConfig.ContentSecurityPolicy).toEqual(
          policyOf(behaviours().spa).SecurityHeadersConfig.ContentSecurityPolicy,
        );
      }
      // Hashed assets are not among them: they stay cached.
      expect(config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern)).not.toContain('/assets/*');
    });

    it("the API's own answers carry the strict API policy, not the SPA's", async () => {
      const { handler } = await import('../../functions/platform/handler');
      const event = {
        version: '2.0',
        routeKey: 'GET /api/health',
        rawPath: '/api/health',
        rawQueryString: '',
        headers: { host: 'app.example.in' },
        requestContext: {
          http: {
            method: 'GET',
            path: '/api/health',
            sourceIp: '10.0.0.1',
            protocol: 'HTTP/1.1',
            userAgent: 'cdk-test',
          },
        },
        isBase64Encoded: false,
      } as unknown as APIGatewayProxyEventV2;
      const res = await handler(event, {} as Context);
      expect(res.statusCode).toBe(200);
      // A JSON answer loads nothing and is framed by nobody.
      expect(res.headers?.['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      // What CloudFront fills in when API Gateway answers by itself is that same policy.
      expect(policyOf(behaviours().api).SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy).toBe(
        res.headers?.['content-security-policy'],
      );
    });
  });
});
