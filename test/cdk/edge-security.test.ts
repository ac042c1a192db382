// The edge of the synthesized stack (#14.9): the API is called only through CloudFront (its origin
// secret, required by every function when deployed), and AWS WAF on the distribution when asked for.
import { describe, expect, it } from 'vitest';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { PlatformStack } from '../../lib/platform-stack';
import { WAF_RATE_LIMIT } from '../../lib/waf';
import { FUNCTION_NAMES } from '../../shared/routes';

function synth(region: string, context: Record<string, string> = {}) {
  // Bundling is skipped (as in platform-stack.test.ts); the template is the same.
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
  const stack = new PlatformStack(app, 'Edge', { env: { account: '111111111111', region }, distDir: '/nonexistent', workers: [] });
  const sibling = app.node.children.find((c): c is Stack => c instanceof Stack && c !== stack);
  return { template: Template.fromStack(stack), waf: sibling ? Template.fromStack(sibling) : null, sibling };
}

const expectWebAcl = (template: Template) => {
  template.resourceCountIs('AWS::WAFv2::WebACL', 1);
  template.hasResourceProperties('AWS::WAFv2::WebACL', {
    Scope: 'CLOUDFRONT',
    DefaultAction: { Allow: {} },
    Rules: [
      Match.objectLike({ Name: 'AWSManagedRulesCommonRuleSet', Statement: { ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' }) } }),
      Match.objectLike({ Name: 'AWSManagedRulesKnownBadInputsRuleSet', Statement: { ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' }) } }),
      Match.objectLike({ Name: 'rate-per-address', Action: { Block: {} }, Statement: { RateBasedStatement: { Limit: WAF_RATE_LIMIT, AggregateKeyType: 'IP' } } }),
    ],
  });
};

let plain: ReturnType<typeof synth> | undefined;
const withoutWaf = () => (plain ??= synth('ap-south-1'));

describe('PlatformStack edge', () => {
  it('keeps the execute-api endpoint for CloudFront, and every function requires the origin secret CloudFront sends', () => {
    const { template } = withoutWaf();
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: Match.absent() });
    const secretRef = Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([Match.objectLike({ Ref: Match.stringLikeRegexp('^originverify') })])] });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([Match.objectLike({ OriginCustomHeaders: [{ HeaderName: 'x-origin-verify', HeaderValue: secretRef }] })]),
      }),
    });
    // functions/lib/client-address.ts refuses a request without the secret on any stage but 'local'.
    const api = Object.values(template.findResources('AWS::Lambda::Function')).filter((f) => f.Properties.Environment?.Variables?.ORIGIN_VERIFY_SECRET);
    expect(api).toHaveLength(FUNCTION_NAMES.length);
    for (const fn of api) expect(fn.Properties.Environment.Variables.STAGE).not.toBe('local');
  });

  it('has no WAF by default', () => {
    const { template, sibling } = withoutWaf();
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(sibling).toBeUndefined();
    template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: Match.absent() }) });
  });

  it('with -c waf=true outside us-east-1, puts the web ACL in a us-east-1 stack and on the distribution', () => {
    const { template, waf, sibling } = synth('ap-south-1', { waf: 'true' });
    expect(sibling?.region).toBe('us-east-1');
    expectWebAcl(waf!);
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    template.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: Match.anyValue() }) });
  });

  it('with -c waf=true in us-east-1, keeps the web ACL in the stack itself', () => {
    const { template, sibling } = synth('us-east-1', { waf: 'true' });
    expect(sibling).toBeUndefined();
    expectWebAcl(template);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^wafwebacl'), 'Arn'] } }),
    });
  });
});
