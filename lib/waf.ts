// AWS WAF in front of CloudFront (off by default; `-c waf=true`): AWS's managed common rule set and
// known-bad-inputs rule set, and a rate-based rule per viewer address. A web ACL for CloudFront must
// live in us-east-1, so outside that region it gets a small stack of its own there (docs/decisions.md).
import { App, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** Requests per viewer address in any 5 minutes before WAF blocks it (the handlers' own limits are finer). */
export const WAF_RATE_LIMIT = 2000;

const visibility = (metricName: string) => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const managed = (name: string, priority: number, countOnly: string[] = []) => ({
  name,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ruleActionOverrides: countOnly.length
        ? countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } }))
        : undefined,
    },
  },
  visibilityConfig: visibility(name),
});

export class EdgeWaf extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.webAcl = new CfnWebACL(this, 'web-acl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('docksaathi-edge'),
      rules: [
        // The API's own limit is 256 KB a body (functions/lib/http.ts); the rule set's 8 KB would
        // refuse large but valid JSON, so that one rule only counts.
        managed('AWSManagedRulesCommonRuleSet', 0, ['SizeRestrictions_BODY']),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 1),
        {
          name: 'rate-per-address',
          priority: 2,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: WAF_RATE_LIMIT, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('rate-per-address'),
        },
      ],
    });
  }
}

/** Whether the app asked for WAF (`-c waf=true`). */
export function wafRequested(scope: Construct): boolean {
  return String(scope.node.tryGetContext('waf') ?? 'false') === 'true';
}

/**
 * The web ACL's ARN for the distribution of `stack`: made in the stack itself in us-east-1, else in a
 * sibling stack there (`wafStackId`) whose ARN reaches `stack` through CDK's cross-region references.
 */
export function edgeWebAclArn(stack: Stack, props: Pick<StackProps, 'env'> & { wafStackId: string }): string {
  if (stack.region === 'us-east-1') return new EdgeWaf(stack, 'waf').webAcl.attrArn;
  const app = stack.node.scope as App;
  const wafStack = new Stack(app, props.wafStackId, {
    env: { account: props.env?.account, region: 'us-east-1' },
    crossRegionReferences: true,
    description: 'DockSaathi: AWS WAF for the CloudFront distribution (CloudFront web ACLs live in us-east-1)',
  });
  return new EdgeWaf(wafStack, 'waf').webAcl.attrArn;
}
