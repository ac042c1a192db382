// cdk-nag's AwsSolutions pack on every stack of the app (issue #35): the synth itself fails on any
// finding not suppressed in lib/nag-suppressions.ts, so synthesising the app with the most a deploy
// makes (prod, WAF, a custom domain with a certificate made for it, SES events, a budget) is the check;
// what was suppressed is compared with the list written here.
import { beforeAll, describe, expect, it } from 'vitest';
import { Duration } from 'aws-cdk-lib';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { synthPlatform, type Synthesized } from './synth';

let app: Synthesized;
let failure: unknown;
beforeAll(() => {
  try {
    app = synthPlatform({
      context: {
        stage: 'prod',
        waf: 'true',
        domain: 'hub.example.in',
        publicUrl: 'https://hub.example.in',
        alarmEmail: 'ops@example.in',
        monthlyBudgetUsd: '300',
      },
    });
  } catch (err) {
    failure = err;
  }
}, 300_000);

/** The rules the app accepts, with the IAM wildcards it accepts by kind (lib/nag-suppressions.ts). */
const ACCEPTED = [
  'AwsSolutions-APIG4',
  'AwsSolutions-CFR1',
  // No CloudFront standard log: it would record signed-link tokens (issue #52.10, docs/decisions.md).
  'AwsSolutions-CFR3',
  'AwsSolutions-L1',
  'AwsSolutions-SMG4',
  'AwsSolutions-SQS3',
  'AwsSolutions-IAM5[Resource::*]',
  'AwsSolutions-IAM5[Action::kms:GenerateDataKey*]',
  'AwsSolutions-IAM5[Action::kms:ReEncrypt*]',
  'AwsSolutions-IAM5[Action::s3:Abort*]',
  'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
  'AwsSolutions-IAM5[Action::s3:GetBucket*]',
  'AwsSolutions-IAM5[Action::s3:GetObject*]',
  'AwsSolutions-IAM5[Action::s3:List*]',
  'AwsSolutions-IAM5[Resource::arn:aws:ses:ap-south-1:111111111111:identity/*]',
  'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:ap-south-1:111111111111:schedule/Test-integration-syncs/*]',
];

describe('cdk-nag (AwsSolutions)', { timeout: 120_000 }, () => {
  it('passes the whole app with the most a deploy makes', () => {
    expect(failure).toBeUndefined();
    expect(app.assembly.stacks.map((s) => s.stackName).sort()).toEqual([
      'Test-Api',
      'Test-Api-Accounts',
      'Test-Api-Bookings',
      'Test-Api-Operations',
      'Test-Api-Warehouse',
      'Test-Certificate',
      'Test-Data',
      'Test-Ops',
      'Test-Waf',
      'Test-Web',
      'Test-Workers',
    ]);
  });

  it('suppresses only the listed rules, each with a reason, never on a whole stack', () => {
    const acknowledged = app.platform.nagSuppressions.acknowledged;
    expect(acknowledged.length).toBeGreaterThan(0);
    const tokenised = /^AwsSolutions-IAM5\[Resource::(Test-Data:ExportsOutput\w+|<integrations\w+\.Arn>:)/;
    for (const a of acknowledged) {
      if (!tokenised.test(a.id)) expect(ACCEPTED, a.id).toContain(a.id);
      expect(a.reason.length, a.id).toBeGreaterThan(30);
      // On resources (…/Resource), not on stacks or constructs above them.
      expect(a.path.split('/').length, a.path).toBeGreaterThan(2);
    }
    // The cross-stack ARNs: only the table's indexes, the uploads bucket's objects and the sync Lambda's versions.
    const tokens = acknowledged.filter((a) => tokenised.test(a.id)).map((a) => a.id);
    for (const id of tokens) expect(id).toMatch(/(table\w+\/index\/\*|uploads\w+\/\*|syncfunction\w+\.Arn>:\*)\]$/);
    // WAF is on and the site has its own certificate: neither CFR2 nor CFR4 is suppressed.
    expect(acknowledged.map((a) => a.id)).not.toContain('AwsSolutions-CFR2');
    expect(acknowledged.map((a) => a.id)).not.toContain('AwsSolutions-CFR4');
    // The distribution asks for TLS 1.2 at least.
    app.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        ViewerCertificate: { MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      },
    });
  });

  it('still finds what is not suppressed: a new queue without a dead-letter queue or TLS-only policy', () => {
    new Queue(app.platform.ops, 'unchecked-probe', { retentionPeriod: Duration.days(1) });
    const report = new AwsSolutionsChecks().validateScope(app.app);
    expect(report.success).toBe(false);
    const offenders = report.violations.flatMap((v) =>
      v.violatingResources.map((r) => `${v.ruleName} ${r.constructPath ?? ''}`),
    );
    expect(offenders.length).toBeGreaterThan(0);
    for (const offender of offenders) expect(offender).toContain('Test-Ops/unchecked-probe');
    expect(offenders.some((o) => o.startsWith('AwsSolutions-SQS3 '))).toBe(true);
    expect(offenders.some((o) => o.startsWith('AwsSolutions-SQS4 '))).toBe(true);
  });
});
