// Integrations beyond the route table: the EventBridge Scheduler group holding one sync schedule per
// active system, the sync Lambda and the role the scheduler invokes it with (all in the workers' stack,
// lib/platform.ts), and the grants of the integrations function (creates, changes and deletes the
// schedules; seals secrets with the key of the data stack, which functions/lib/secrets.ts reads as
// SECRETS_KEY_ID) and of the webhook workers (open subscription secrets).
import { Duration, Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Key } from 'aws-cdk-lib/aws-kms';
import type { CfnFunction, Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { grantAccess, type SharedResources } from './access';
import { productFunction } from './lambda';

export interface IntegrationsProps extends SharedResources {
  environment: Record<string, string>;
  /** Seals and opens the tenants' secrets (lib/platform.ts, the data stack). */
  secretsKey: Key;
  /** The schedule group's name: the app's, not the stack's, so it stays what it was before the split. */
  scheduleGroupName: string;
  /** The integrations HTTP function (lib/api.ts). */
  api: LambdaFunction;
  /** The webhook workers of functions/workers.ts (fan-out and retries). */
  workers: LambdaFunction[];
}

export class Integrations extends Construct {
  readonly syncFunction: LambdaFunction;

  constructor(scope: Construct, id: string, props: IntegrationsProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const group = new CfnScheduleGroup(this, 'sync-schedules', { name: props.scheduleGroupName });

    const keyEnvironment = { SECRETS_KEY_ID: props.secretsKey.keyArn };
    this.syncFunction = productFunction(this, {
      name: 'integrations-sync',
      entry: 'functions/integrations/sync.lambda.ts',
      timeout: Duration.minutes(5),
      environment: { ...props.environment, ...keyEnvironment, SYNC_SCHEDULE_GROUP: group.name! },
    });
    // A scheduled sync books appointments (table, events) and removes the schedule of a deleted system.
    grantAccess(this.syncFunction, { table: 'readWrite', events: true }, props);

    const schedulerRole = new Role(this, 'scheduler-role', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
      description: 'EventBridge Scheduler invoking the integrations sync Lambda',
    });
    this.syncFunction.grantInvoke(schedulerRole);

    const schedules = `arn:${stack.partition}:scheduler:${stack.region}:${stack.account}:schedule/${group.name}/*`;
    props.api.addToRolePolicy(
      new PolicyStatement({
        actions: [
          'scheduler:CreateSchedule',
          'scheduler:UpdateSchedule',
          'scheduler:DeleteSchedule',
          'scheduler:GetSchedule',
        ],
        resources: [schedules],
      }),
    );
    props.api.addToRolePolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    this.syncFunction.addToRolePolicy(
      new PolicyStatement({ actions: ['scheduler:DeleteSchedule'], resources: [schedules] }),
    );
    for (const [name, value] of Object.entries({
      ...keyEnvironment,
      SYNC_SCHEDULE_GROUP: group.name!,
      SYNC_SCHEDULER_ROLE_ARN: schedulerRole.roleArn,
      SYNC_TARGET_ARN: this.syncFunction.functionArn,
    }))
      props.api.addEnvironment(name, value);

    // A manual sync answers within API Gateway's 30 s (its pull budget is 20 s, functions/integrations/handler.ts).
    (props.api.node.defaultChild as CfnFunction).timeout = 29;
    props.secretsKey.grantEncryptDecrypt(props.api);
    props.secretsKey.grantDecrypt(this.syncFunction);
    for (const worker of props.workers) {
      worker.addEnvironment('SECRETS_KEY_ID', props.secretsKey.keyArn);
      props.secretsKey.grantDecrypt(worker);
    }
  }
}
