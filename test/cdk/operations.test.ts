// Operable on AWS (issue #35): stages from `-c stage=`, refusals of bad context values before anything
// is built, the alarms to the operations topic, the dashboard, the budget, retention by stage and the
// cost tags on every taggable resource.
import { beforeAll, describe, expect, it } from 'vitest';
import { App, CfnResource, Stack, TagManager } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { Platform } from '../../lib/platform';
import { readStageConfig } from '../../lib/stage';
import { resourcesOf, synthPlatform, type Synthesized } from './synth';

let prod: Synthesized;
let dev: Synthesized;
beforeAll(() => {
  prod = synthPlatform({
    context: { stage: 'prod', alarmEmail: 'ops@example.in', monthlyBudgetUsd: '250' },
  });
  dev = synthPlatform();
}, 400_000);

/** A stage's app with these context values, synthesised as far as it gets. */
function attempt(context: Record<string, string>) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], ...context } });
  let error: unknown;
  try {
    new Platform(app, 'Bad', { env: { account: '111111111111', region: 'ap-south-1' }, distDir: '/nonexistent' });
  } catch (err) {
    error = err;
  }
  return { message: error instanceof Error ? error.message : undefined, stacks: app.node.children.length };
}

describe('bad stage and context values', () => {
  it.each([
    [{ stage: 'prdo' }, "Unknown stage 'prdo' (-c stage=): use one of dev, staging, prod"],
    [{ stage: 'Prod' }, "Unknown stage 'Prod' (-c stage=): use one of dev, staging, prod"],
    [{ stage: 'local' }, "Unknown stage 'local' (-c stage=): use one of dev, staging, prod"],
    [{ monthlyBudgetUsd: '0' }, "monthlyBudgetUsd '0' is out of range: use a number of US dollars from 1 to 100000"],
    [
      { monthlyBudgetUsd: '100001' },
      "monthlyBudgetUsd '100001' is out of range: use a number of US dollars from 1 to 100000",
    ],
    [
      { monthlyBudgetUsd: 'fifty' },
      "monthlyBudgetUsd 'fifty' is out of range: use a number of US dollars from 1 to 100000",
    ],
    [{ alarmEmail: 'ops.example.in' }, "alarmEmail 'ops.example.in' is not an e-mail address (e.g. ops@example.in)"],
    [{ domain: 'hub example.in' }, "domain 'hub example.in' is not a host name (e.g. hub.example.in)"],
    [
      { certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/12345678-1234-1234-1234-123456789012' },
      "certificateArn 'arn:aws:acm:us-east-1:111111111111:certificate/12345678-1234-1234-1234-123456789012' is given without a domain: add -c domain=<host>",
    ],
    [
      {
        domain: 'hub.example.in',
        certificateArn: 'arn:aws:acm:ap-south-1:111111111111:certificate/12345678-1234-1234-1234-123456789012',
      },
      "certificateArn 'arn:aws:acm:ap-south-1:111111111111:certificate/12345678-1234-1234-1234-123456789012' is not an ACM certificate in us-east-1 (arn:aws:acm:us-east-1:<account>:certificate/<id>), the only region CloudFront takes",
    ],
  ])('%j fails with a message naming the value, before any stack is made', (context, message) => {
    const result = attempt(context);
    expect(result.message).toBe(message);
    expect(result.stacks).toBe(0);
  });

  it('takes the edges of the budget range, a default stage and a custom domain with its certificate', () => {
    const config = (context: Record<string, string>) => readStageConfig(new App({ context }));
    expect(config({ monthlyBudgetUsd: '1' }).monthlyBudgetUsd).toBe(1);
    expect(config({ monthlyBudgetUsd: '100000' }).monthlyBudgetUsd).toBe(100000);
    expect(config({}).stage).toBe('dev');
    expect(config({}).appName).toBe('DockSaathi-Dev');
    expect(config({ stage: 'staging' }).appName).toBe('DockSaathi-Staging');
    expect(config({ stage: 'prod' }).appName).toBe('DockSaathi');
    expect(
      config({
        domain: 'Hub.Example.in',
        certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/12345678-1234-1234-1234-123456789012',
      }).domain,
    ).toEqual({
      name: 'hub.example.in',
      certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/12345678-1234-1234-1234-123456789012',
    });
  });
});

const alarms = (app: Synthesized) =>
  Object.values(app.ops.findResources('AWS::CloudWatch::Alarm')).map((a) => a.Properties);
const alarmNamed = (app: Synthesized, name: string) => alarms(app).find((a) => a.AlarmName === name);
const serviceNames = (templates: Template[]) =>
  resourcesOf(templates, 'AWS::Lambda::Function')
    .map((f) => f.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME as string | undefined)
    .filter((name): name is string => Boolean(name));

describe('alarms to the operations topic', () => {
  it('e-mails the operations topic to -c alarmEmail, and every alarm both fires and clears there', () => {
    prod.ops.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.in' });
    const [topic] = Object.keys(prod.ops.findResources('AWS::SNS::Topic'));
    for (const alarm of alarms(prod)) {
      expect(alarm.AlarmActions, alarm.AlarmName).toEqual([{ Ref: topic }]);
      expect(alarm.OKActions, alarm.AlarmName).toEqual([{ Ref: topic }]);
    }
    expect(dev.ops.findResources('AWS::SNS::Subscription')).toEqual({});
  });

  it("has one errors, throttles and near-timeout alarm per function, the latter at 80% of the function's timeout in prod", () => {
    const functions = serviceNames(prod.all);
    expect(functions).toContain('appointments');
    expect(functions).toContain('day-figures');
    expect(functions).toContain('integrations-sync');
    const lambdaAlarms = alarms(prod).filter((a) => a.Namespace === 'AWS/Lambda');
    expect(lambdaAlarms.filter((a) => a.MetricName === 'Errors')).toHaveLength(functions.length);
    for (const name of functions) {
      expect(alarmNamed(prod, `Test-${name}-errors`)?.MetricName, name).toBe('Errors');
      expect(alarmNamed(prod, `Test-${name}-throttles`)?.MetricName, name).toBe('Throttles');
      expect(alarmNamed(prod, `Test-${name}-duration`)?.MetricName, name).toBe('Duration');
    }
    // The appointments function times out at 15 s, the integrations function at 29 s (API Gateway's 30 s).
    expect(alarmNamed(prod, 'Test-appointments-duration')).toMatchObject({ Threshold: 12000, Statistic: 'Maximum' });
    expect(alarmNamed(prod, 'Test-integrations-duration')).toMatchObject({ Threshold: 23200 });
    expect(alarmNamed(prod, 'Test-appointments-errors')).toMatchObject({ Threshold: 1, Period: 300 });
    // dev is more lenient.
    expect(alarmNamed(dev, 'Test-appointments-errors')).toMatchObject({ Threshold: 5 });
    expect(alarmNamed(dev, 'Test-appointments-duration')).toMatchObject({ Threshold: 13500 });
  });

  it("has one alarm per dead-letter queue (any message) and per stream worker's iterator age", () => {
    const queues = prod.workers.findResources('AWS::SQS::Queue');
    const deadLetterQueues = Object.keys(queues).filter((id) => /dlq/i.test(id));
    const streamMappings = resourcesOf([prod.workers], 'AWS::Lambda::EventSourceMapping').filter((m) =>
      JSON.stringify(m.Properties.EventSourceArn).includes('StreamArn'),
    );
    expect(deadLetterQueues.length).toBeGreaterThan(0);
    expect(streamMappings.length).toBeGreaterThan(0);
    const dlqAlarms = alarms(prod).filter((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(dlqAlarms).toHaveLength(deadLetterQueues.length);
    for (const alarm of dlqAlarms) expect(alarm).toMatchObject({ Threshold: 1, Namespace: 'AWS/SQS' });
    const iteratorAlarms = alarms(prod).filter((a) => a.MetricName === 'IteratorAge');
    expect(iteratorAlarms).toHaveLength(streamMappings.length);
    expect(alarmNamed(prod, 'Test-day-figures-iterator-age')).toMatchObject({ Threshold: 120_000 });
    expect(alarmNamed(prod, 'Test-event-forwarder-dead-letters')).toBeDefined();
  });

  it('has a 5xx-rate and a p99-latency alarm per HTTP API, and the table, messaging, ULIP and sync alarms', () => {
    expect(resourcesOf(prod.all, 'AWS::ApiGatewayV2::Api')).toHaveLength(1);
    const rate = alarmNamed(prod, 'Test-api-5xx-rate')!;
    const metrics = rate.Metrics.filter((m: { MetricStat?: unknown }) => m.MetricStat);
    expect(
      metrics.map((m: { MetricStat: { Metric: { MetricName: string } } }) => m.MetricStat.Metric.MetricName).sort(),
    ).toEqual(['5xx', 'Count']);
    expect(rate.Threshold).toBe(1);
    expect(alarmNamed(prod, 'Test-api-p99-latency')).toMatchObject({
      MetricName: 'Latency',
      ExtendedStatistic: 'p99',
      Threshold: 2000,
    });
    expect(alarmNamed(prod, 'Test-table-throttled-requests')).toBeDefined();
    expect(alarmNamed(prod, 'Test-table-system-errors')).toBeDefined();
    for (const channel of ['sms', 'whatsapp', 'voice', 'email'])
      expect(alarmNamed(prod, `Test-messages-failed-${channel}`), channel).toMatchObject({
        Namespace: 'DockSaathi',
        MetricName: 'messageFailures',
        Dimensions: [{ Name: 'channel', Value: channel }],
        Threshold: 3,
      });
    const dlt = alarmNamed(prod, 'Test-sms-dlt-refusals')!;
    expect(dlt.MetricName).toBe('dltRefusals');
    expect(dlt.Dimensions ?? []).toEqual([]);
    for (const source of ['VAHAN', 'SARATHI', 'FASTAG', 'EWAYBILL'])
      expect(alarmNamed(prod, `Test-ulip-breaker-${source.toLowerCase()}`), source).toMatchObject({
        MetricName: 'sourceBreakerOpened',
        Dimensions: [{ Name: 'source', Value: source }],
      });
    // Failing syncs: one system's sync failed 3 runs in a row (prod), 4 in dev.
    expect(alarmNamed(prod, 'Test-integration-syncs-failing')).toMatchObject({
      MetricName: 'integrationSyncFailureStreak',
      Statistic: 'Maximum',
      Period: 900,
      Threshold: 3,
      EvaluationPeriods: 1,
    });
    expect(alarmNamed(dev, 'Test-integration-syncs-failing')).toMatchObject({ Threshold: 4 });
  });
});

describe('the dashboard', () => {
  it("is one per stage, drawing the alarms' metrics and the business figures", () => {
    const dashboards = Object.values(prod.ops.findResources('AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]!.Properties.DashboardName).toBe('Test-operations');
    const body = JSON.stringify(dashboards[0]!.Properties.DashboardBody);
    for (const figure of ['bookings', 'checkIns', 'messagesSent', 'messagesDelivered', 'gateDecisions'])
      expect(body, figure).toContain(figure);
    for (const title of [
      'Functions: errors',
      'Workers: dead letters waiting',
      'API: p99 latency (ms)',
      'Gate: ULIP source breakers opened',
    ])
      expect(body, title).toContain(title);
  });
});

describe('stages', () => {
  const deletionPolicies = (app: Synthesized, type: string) =>
    Object.values(app.data.findResources(type)).map((r) => r.DeletionPolicy as string);

  it('prod keeps the table and the uploads bucket when their stack goes; dev takes them with it', () => {
    expect(deletionPolicies(prod, 'AWS::DynamoDB::Table')).toEqual(['Retain']);
    expect(deletionPolicies(dev, 'AWS::DynamoDB::Table')).toEqual(['Delete']);
    const uploads = (app: Synthesized) =>
      Object.entries(app.data.findResources('AWS::S3::Bucket')).find(([id]) => id.includes('uploads'))![1];
    expect(uploads(prod).DeletionPolicy).toBe('Retain');
    expect(uploads(dev).DeletionPolicy).toBe('Delete');
    prod.data.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
    dev.data.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
  });

  it('keeps logs three months in prod and a week in dev', () => {
    const retention = (app: Synthesized) =>
      new Set(resourcesOf(app.all, 'AWS::Logs::LogGroup').map((g) => g.Properties.RetentionInDays));
    expect([...retention(prod)]).toEqual([90]);
    expect([...retention(dev)]).toEqual([7]);
  });

  it('runs the functions as the stage (STAGE)', () => {
    const stages = (app: Synthesized) =>
      new Set(
        resourcesOf(app.all, 'AWS::Lambda::Function')
          .map((f) => f.Properties.Environment?.Variables?.STAGE)
          .filter(Boolean),
      );
    expect([...stages(prod)]).toEqual(['prod']);
    expect([...stages(dev)]).toEqual(['dev']);
  });

  it('makes a monthly budget alerting the operations topic only when -c monthlyBudgetUsd is given', () => {
    const budgets = resourcesOf(prod.all, 'AWS::Budgets::Budget');
    expect(budgets).toHaveLength(1);
    expect(budgets[0]!.Properties.Budget).toMatchObject({
      BudgetLimit: { Amount: 250, Unit: 'USD' },
      TimeUnit: 'MONTHLY',
      BudgetType: 'COST',
      CostFilters: { TagKeyValue: ['user:stage$prod'] },
    });
    const [topic] = Object.keys(prod.ops.findResources('AWS::SNS::Topic'));
    for (const n of budgets[0]!.Properties.NotificationsWithSubscribers)
      expect(n.Subscribers).toEqual([{ SubscriptionType: 'SNS', Address: { Ref: topic } }]);
    expect(resourcesOf(dev.all, 'AWS::Budgets::Budget')).toHaveLength(0);
  });
});

describe('cost tags', () => {
  it('tags every taggable resource with project, stage and domain', () => {
    const stacks = prod.assembly.stacks.map((s) => s.stackName);
    const taggable = prod.app.node
      .findAll()
      .filter(
        (c): c is CfnResource =>
          CfnResource.isCfnResource(c) && TagManager.isTaggable(c) && stacks.includes(Stack.of(c).stackName),
      );
    expect(taggable.length).toBeGreaterThan(100);
    for (const resource of taggable) {
      const template = prod.assembly.getStackByName(Stack.of(resource).stackName).template;
      const logicalId = Stack.of(resource).resolve(resource.logicalId) as string;
      const tags = template.Resources[logicalId]?.Properties?.Tags as
        { Key: string; Value: string }[] | Record<string, string> | undefined;
      const byKey = Array.isArray(tags) ? Object.fromEntries(tags.map((t) => [t.Key, t.Value])) : (tags ?? {});
      expect(byKey.project, resource.node.path).toBe('DockSaathi');
      expect(byKey.stage, resource.node.path).toBe('prod');
      expect(byKey.domain, resource.node.path).toBeTruthy();
    }
  });

  it("names a function's domain; other resources get their layer", () => {
    type Tagged = { Properties: { Tags: { Key: string; Value: string }[] } };
    const tagsOf = (resource: Tagged) => Object.fromEntries(resource.Properties.Tags.map((t) => [t.Key, t.Value]));
    const first = (template: Template, type: string) => Object.values(template.findResources(type))[0] as Tagged;
    const service = (template: Template, name: string) =>
      Object.values(template.findResources('AWS::Lambda::Function')).find(
        (r) => r.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === name,
      ) as Tagged;
    expect(tagsOf(service(prod.apiGroups.operations, 'appointments'))).toMatchObject({
      domain: 'appointments',
      project: 'DockSaathi',
      stage: 'prod',
    });
    expect(tagsOf(service(prod.workers, 'messaging-notifier'))).toMatchObject({ domain: 'messaging' });
    expect(tagsOf(first(prod.data, 'AWS::DynamoDB::Table'))).toMatchObject({ domain: 'data', stage: 'prod' });
    expect(tagsOf(first(prod.ops, 'AWS::SNS::Topic'))).toMatchObject({ domain: 'operations' });
  });
});
