// The integrations resources of the synthesized template: the secrets key, the sync schedule group,
// the role the scheduler invokes the sync Lambda with, and who may change schedules and open secrets.
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { PlatformStack } from '../../lib/platform-stack';

let template: Template;
beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  template = Template.fromStack(
    new PlatformStack(app, 'Test', { env: { account: '111111111111', region: 'ap-south-1' }, distDir: '/nonexistent' }),
  );
});

/** The logical id of the Lambda whose Powertools service name is `name`. */
function functionId(name: string): string {
  const found = Object.entries(template.findResources('AWS::Lambda::Function')).filter(
    ([, r]) => r.Properties?.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === name,
  );
  expect(found, `one function named ${name}`).toHaveLength(1);
  return found[0]![0];
}

/** Every policy statement attached to the role of a function. */
function statementsOf(id: string): { Action: string | string[]; Resource: unknown; Condition?: unknown }[] {
  const role = (template.findResources('AWS::Lambda::Function')[id]!.Properties.Role as { 'Fn::GetAtt': string[] })[
    'Fn::GetAtt'
  ][0];
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === role))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}
const actionsOf = (id: string) => statementsOf(id).flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));

describe('integrations stack resources', () => {
  it('seals secrets with a rotating KMS key that outlives the stack', () => {
    template.hasResource('AWS::KMS::Key', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ EnableKeyRotation: true }),
    });
  });

  it('keeps one schedule group, and a role only the scheduler of this account assumes to invoke the sync Lambda', () => {
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [
          Match.objectLike({
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: { StringEquals: { 'aws:SourceAccount': '111111111111' } },
          }),
        ],
      }),
    });
    const sync = functionId('integrations-sync');
    template.hasResourceProperties('AWS::Lambda::Function', { Timeout: 300 });
    expect(template.findResources('AWS::Lambda::Function')[sync]!.Properties.Environment.Variables).toHaveProperty(
      'SECRETS_KEY_ID',
    );
  });

  it('lets the integrations function change schedules of its group, pass the scheduler role, and seal secrets', () => {
    const id = functionId('integrations');
    const fn = template.findResources('AWS::Lambda::Function')[id]!.Properties;
    expect(fn.Timeout).toBe(29);
    expect(Object.keys(fn.Environment.Variables)).toEqual(
      expect.arrayContaining(['SECRETS_KEY_ID', 'SYNC_SCHEDULE_GROUP', 'SYNC_SCHEDULER_ROLE_ARN', 'SYNC_TARGET_ARN']),
    );
    const actions = actionsOf(id);
    expect(actions).toEqual(
      expect.arrayContaining([
        'scheduler:CreateSchedule',
        'scheduler:UpdateSchedule',
        'scheduler:DeleteSchedule',
        'iam:PassRole',
        'kms:Encrypt',
        'kms:Decrypt',
      ]),
    );
    const passRole = statementsOf(id).find((s) => s.Action === 'iam:PassRole');
    expect(passRole?.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
  });

  it('gives no other HTTP function scheduler, PassRole or KMS rights', () => {
    for (const name of ['auth', 'appointments', 'checkins', 'users', 'insights']) {
      const actions = actionsOf(functionId(name));
      expect(
        actions.filter((a) => a.startsWith('scheduler:') || a === 'iam:PassRole' || a.startsWith('kms:Encrypt')),
        name,
      ).toEqual([]);
    }
  });

  it('feeds the webhook fan-out from domain-event inserts on the table stream, and lets both webhook workers open secrets', () => {
    const fanOut = functionId('integrations-webhooks');
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fanOut },
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { NewImage: { entity: { S: ['domain-event'] } } },
            }),
          },
        ],
      },
    });
    for (const name of ['integrations-webhooks', 'integrations-webhook-retries'])
      expect(actionsOf(functionId(name)), name).toContain('kms:Decrypt');
  });
});
