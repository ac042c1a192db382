// The integrations resources of the synthesized app: the secrets key, the sync schedule group,
// the role the scheduler invokes the sync Lambda with, and who may change schedules and open secrets.
import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { lambdaNamed, synthPlatform, type Synthesized } from './synth';

let app: Synthesized;
beforeAll(() => {
  app = synthPlatform();
}, 240_000);
const fn = (name: string) => lambdaNamed(app.all, name);

describe('integrations resources', () => {
  it('seals secrets with a rotating KMS key of the data stack that outlives it', () => {
    app.data.hasResource('AWS::KMS::Key', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ EnableKeyRotation: true }),
    });
  });

  it('keeps one schedule group, and a role only the scheduler of this account assumes to invoke the sync Lambda', () => {
    // Named after the app, as it was before the stacks were split: its schedules stay where they are.
    app.workers.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'Test-integration-syncs' });
    app.workers.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [
          Match.objectLike({
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: { StringEquals: { 'aws:SourceAccount': '111111111111' } },
          }),
        ],
      }),
    });
    const sync = fn('integrations-sync');
    expect(sync.template).toBe(app.workers);
    expect(sync.properties.Timeout).toBe(300);
    expect(sync.variables).toHaveProperty('SECRETS_KEY_ID');
  });

  it('lets the integrations function change schedules of its group, pass the scheduler role, and seal secrets', () => {
    const integrations = fn('integrations');
    expect(integrations.properties.Timeout).toBe(29);
    expect(Object.keys(integrations.variables)).toEqual(
      expect.arrayContaining(['SECRETS_KEY_ID', 'SYNC_SCHEDULE_GROUP', 'SYNC_SCHEDULER_ROLE_ARN', 'SYNC_TARGET_ARN']),
    );
    expect(integrations.actions()).toEqual(
      expect.arrayContaining([
        'scheduler:CreateSchedule',
        'scheduler:UpdateSchedule',
        'scheduler:DeleteSchedule',
        'iam:PassRole',
        'kms:Encrypt',
        'kms:Decrypt',
      ]),
    );
    const passRole = integrations.statements().find((s) => s.Action === 'iam:PassRole');
    expect(passRole?.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
  });

  it('gives no other HTTP function scheduler, PassRole or KMS rights', () => {
    // auth seals sign-in codes (issue #52.3): its KMS grant is test/cdk/privacy's and lib/platform.ts's.
    for (const name of ['appointments', 'checkins', 'users', 'insights']) {
      const actions = fn(name).actions();
      expect(
        actions.filter((a) => a.startsWith('scheduler:') || a === 'iam:PassRole' || a.startsWith('kms:Encrypt')),
        name,
      ).toEqual([]);
    }
  });

  it('feeds the webhook fan-out from domain-event inserts on the table stream, and lets both webhook workers open secrets', () => {
    const fanOut = fn('integrations-webhooks');
    app.workers.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: fanOut.id },
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
      expect(fn(name).actions(), name).toContain('kms:Decrypt');
  });
});
