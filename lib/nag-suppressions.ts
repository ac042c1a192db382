// Every cdk-nag (AwsSolutions) finding the app accepts, each with its reason, in this one file. What
// could be fixed was fixed (access logs on the buckets, the distribution and the API; TLS-only
// buckets and queues; a role per function that writes only its own logs).
// A suppression names one rule on the resources it is about; a wildcard permission (IAM5) names the
// one action or resource it allows. They are acknowledged (CDK's Validations) by a validation plugin
// that runs just before cdk-nag's, when cross-stack references are resolved to what cdk-nag reports.
import {
  CfnResource,
  Stack,
  Validations,
  type IPolicyValidationContext,
  type IPolicyValidationPlugin,
  type PolicyValidationPluginReport,
} from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** A rule accepted on every resource `on` picks. */
interface RuleSuppression {
  rule: string;
  reason: string;
  on: (resource: CfnResource) => boolean;
}

/** An IAM wildcard (AwsSolutions-IAM5) accepted where a policy's finding matches `finding`. */
interface WildcardSuppression {
  finding: RegExp;
  reason: string;
}

const type = (cfnType: string) => (resource: CfnResource) => resource.cfnResourceType === cfnType;
const distributionConfig = (resource: CfnResource) =>
  Stack.of(resource).resolve((resource as unknown as { distributionConfig: unknown }).distributionConfig) as {
    webAclId?: unknown;
    viewerCertificate?: { acmCertificateArn?: unknown };
  };

// CDK's own Lambda behind BucketDeployment (the SPA's upload at deploy): its runtime and role are CDK's.
const inSpaDeployment = (r: CfnResource) => r.node.path.includes('/Custom::CDKBucketDeployment');

export const RULE_SUPPRESSIONS: RuleSuppression[] = [
  {
    rule: 'AwsSolutions-APIG4',
    reason:
      "Every route is authorised by the product's own session (HttpOnly cookie) and role check in the Lambda kernel (functions/lib/http.ts, shared/roles.ts); public routes are public by design",
    on: type('AWS::ApiGatewayV2::Route'),
  },
  {
    rule: 'AwsSolutions-CFR1',
    reason:
      'No geo restriction: carriers and drivers reach Indian hubs from anywhere, and every non-public page needs a session',
    on: type('AWS::CloudFront::Distribution'),
  },
  {
    rule: 'AwsSolutions-CFR2',
    reason: 'AWS WAF is optional (-c waf=true, lib/waf.ts); a stage deployed without it is a choice of its operators',
    on: (r) => r.cfnResourceType === 'AWS::CloudFront::Distribution' && !distributionConfig(r).webAclId,
  },
  {
    rule: 'AwsSolutions-CFR3',
    reason:
      "Signed links carry their token in the path or query, which CloudFront's standard log records; API requests are logged by API Gateway by route (no values) and the SPA's files by the bucket's access log (docs/decisions.md, issue #52.10)",
    on: type('AWS::CloudFront::Distribution'),
  },
  {
    rule: 'AwsSolutions-CFR4',
    reason:
      "Without a custom domain the distribution uses CloudFront's default certificate, whose minimum TLS version cannot be set; with -c domain= it is TLS 1.2",
    on: (r) =>
      r.cfnResourceType === 'AWS::CloudFront::Distribution' &&
      !distributionConfig(r).viewerCertificate?.acmCertificateArn,
  },
  {
    rule: 'AwsSolutions-SMG4',
    reason:
      "The origin secret is also a CloudFront origin header: it is rotated with the distribution's deploy (docs/operations.md), not by a rotation Lambda",
    on: (r) => r.cfnResourceType === 'AWS::SecretsManager::Secret' && r.node.scope?.node.id === 'origin-verify',
  },
  {
    rule: 'AwsSolutions-SMG4',
    reason:
      "The smoke account's password is set on the account by the deploy's custom resource (lib/smoke-account.ts); a rotation Lambda changing it in between would lock the smoke test out",
    on: (r) =>
      r.cfnResourceType === 'AWS::SecretsManager::Secret' && r.node.scope?.node.scope?.node.id === 'smoke-account',
  },
  {
    rule: 'AwsSolutions-L1',
    reason:
      "The product's functions run on Node 22, the runtime the project is built, bundled (lib/bundling.ts) and tested for; moving to a newer runtime is a deliberate upgrade with its own test run, not a side effect of a lint",
    on: (r) => r.cfnResourceType === 'AWS::Lambda::Function' && !inSpaDeployment(r),
  },
  {
    rule: 'AwsSolutions-SQS3',
    reason: "The queue is itself a dead-letter queue (a worker's, lib/workers.ts); it has none of its own",
    on: (r) => r.cfnResourceType === 'AWS::SQS::Queue' && (r.node.scope?.node.id.endsWith('-dlq') ?? false),
  },
];

// Its role and runtime.
RULE_SUPPRESSIONS.push(
  {
    rule: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason: "CDK's BucketDeployment Lambda (runs only while deploying the SPA) comes with AWS's basic execution role",
    on: inSpaDeployment,
  },
  {
    rule: 'AwsSolutions-L1',
    reason: "CDK's BucketDeployment Lambda's runtime is chosen by aws-cdk-lib and moves with it",
    on: inSpaDeployment,
  },
);

export const WILDCARD_SUPPRESSIONS: WildcardSuppression[] = [
  {
    finding: /^Resource::\*$/,
    reason:
      'X-Ray trace segments and SMS published to a phone number (sns:Publish) have no resource ARN to scope to (lib/access.ts)',
  },
  {
    finding: /^Action::kms:(GenerateDataKey|ReEncrypt)\*$/,
    reason: "CDK's grant on the one secrets key; the key is the policy's only resource",
  },
  {
    finding: /^Action::s3:(Abort|DeleteObject|GetBucket|GetObject|List)\*$/,
    reason:
      "CDK's grants on one bucket: the uploads bucket's read-write grant, or the SPA's deployment reading the CDK asset bucket and writing the SPA bucket",
  },
  {
    finding: /^Resource::(arn:<AWS::Partition>:s3:::cdk-\w+-assets-[^/]+|<webspa\w+\.Arn>)\/\*$/,
    reason:
      "The SPA's deployment (CDK's BucketDeployment) copies the built files from CDK's asset bucket into the SPA bucket",
  },
  {
    finding: /^Resource::<?[\w-]+(:|\.)[\w]*uploads\w*(\.Arn>)?\/\*$/,
    reason: 'The objects of the uploads bucket: registration documents are keyed by upload, not known in advance',
  },
  {
    finding: /^Resource::<?[\w-]+(:|\.)[\w]*table\w*(\.Arn>)?\/index\/\*$/,
    reason: "The table's own global secondary indexes (functions/lib/table.ts), the table being the policy's resource",
  },
  {
    finding: /^Resource::arn:aws:ses:([\w-]+|<AWS::Region>):(\d{12}|<AWS::AccountId>):identity\/\*$/,
    reason: 'Each hub sends e-mail from its own verified SES identity, set in the product, not known at deploy',
  },
  {
    finding:
      /^Resource::arn:<AWS::Partition>:scheduler:([\w-]+|<AWS::Region>):(\d{12}|<AWS::AccountId>):schedule\/[\w-]+-integration-syncs\/\*$/,
    reason: "One schedule per integrated system, made at run time in the app's own schedule group",
  },
  {
    finding: /^Resource::<integrationsintegrationssyncfunction\w+\.Arn>:\*$/,
    reason: "The versions of the integrations' sync Lambda, which the scheduler role invokes (CDK's grantInvoke)",
  },
];

/** The findings of one policy as cdk-nag's IAM5 names them: wildcard actions and flattened resources. */
function wildcardFindings(resource: CfnResource): string[] {
  const document = Stack.of(resource).resolve((resource as unknown as { policyDocument: unknown }).policyDocument) as {
    Statement?: { Effect: string; Action?: string | string[]; Resource?: unknown }[];
  };
  const list = <T>(value: T | T[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  return (document.Statement ?? [])
    .filter((s) => s.Effect === 'Allow')
    .flatMap((s) => [
      ...list(s.Action)
        .filter((a) => a.includes('*'))
        .map((a) => `Action::${a}`),
      ...list(s.Resource)
        .map(flatten)
        .filter((r) => r.includes('*'))
        .map((r) => `Resource::${r}`),
    ]);
}

/** A resolved CloudFormation value as cdk-nag writes it in a finding's id. */
function flatten(value: unknown): string {
  if (typeof value === 'string') return value.replace(/\${/g, '<').replace(/}/g, '>');
  const node = value as Record<string, unknown>;
  if (node['Fn::Join']) {
    const [delimiter, items] = node['Fn::Join'] as [string, unknown[]];
    return items.map(flatten).join(delimiter);
  }
  if (node['Fn::GetAtt']) {
    const [id, attribute] = node['Fn::GetAtt'] as [string, string];
    return `<${id}.${attribute}>`;
  }
  if (node['Fn::Sub']) return flatten(node['Fn::Sub']);
  if (node['Fn::ImportValue']) return flatten(node['Fn::ImportValue']);
  if (node.Ref) return `<${flatten(node.Ref)}>`;
  return JSON.stringify(value);
}

/** The suppressions, applied to the app's constructs as a validation plugin registered before cdk-nag. */
export class NagSuppressions implements IPolicyValidationPlugin {
  readonly name = 'DockSaathi nag suppressions';
  /** What was acknowledged, by construct path (the nag test checks it against the list above). */
  readonly acknowledged: { path: string; id: string; reason: string }[] = [];

  constructor(private readonly root: IConstruct) {}

  validate(_context: IPolicyValidationContext): PolicyValidationPluginReport {
    this.acknowledged.length = 0;
    for (const construct of this.root.node.findAll()) {
      if (!CfnResource.isCfnResource(construct)) continue;
      const acknowledge = (id: string, reason: string) => {
        if (this.acknowledged.some((a) => a.path === construct.node.path && a.id === id)) return;
        Validations.of(construct).acknowledge({ id, reason });
        this.acknowledged.push({ path: construct.node.path, id, reason });
      };
      for (const s of RULE_SUPPRESSIONS) if (s.on(construct)) acknowledge(s.rule, s.reason);
      if (construct.cfnResourceType === 'AWS::IAM::Policy')
        for (const finding of wildcardFindings(construct)) {
          const accepted = WILDCARD_SUPPRESSIONS.find((s) => s.finding.test(finding));
          if (accepted) acknowledge(`AwsSolutions-IAM5[${finding}]`, accepted.reason);
        }
    }
    return { success: true, violations: [] };
  }
}
