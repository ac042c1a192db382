// The messaging resources of the synthesized template (issue #15): the forwarder and the notifier on
// the table's stream filtered to inserted domain events, the delay job on a 5-minute rule, SES/SNS
// sending only for the functions that send, and the secrets key for those that seal or open keys.
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { PlatformStack } from '../../lib/platform-stack';

let template: Template;
beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [], publicUrl: 'https://hub.example.in' } });
  template = Template.fromStack(
    new PlatformStack(app, 'Test', { env: { account: '111111111111', region: 'ap-south-1' }, distDir: '/nonexistent' }),
  );
});

function functionId(name: string): string {
  const found = Object.entries(template.findResources('AWS::Lambda::Function')).filter(
    ([, r]) => r.Properties?.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === name,
  );
  expect(found, `one function named ${name}`).toHaveLength(1);
  return found[0]![0];
}
const variablesOf = (id: string) =>
  template.findResources('AWS::Lambda::Function')[id]!.Properties.Environment.Variables as Record<string, unknown>;
function actionsOf(id: string): string[] {
  const role = (template.findResources('AWS::Lambda::Function')[id]!.Properties.Role as { 'Fn::GetAtt': string[] })[
    'Fn::GetAtt'
  ][0];
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === role))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[] }[])
    .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
}
function mappingOf(id: string) {
  const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter(
    (m) => (m.Properties.FunctionName as { Ref: string }).Ref === id,
  );
  expect(mappings).toHaveLength(1);
  return mappings[0]!.Properties;
}

describe('messaging stack resources', () => {
  it.each(['event-forwarder', 'messaging-notifier'])(
    '%s reads the table stream, only inserted domain events, reporting partial failures',
    (name) => {
      const mapping = mappingOf(functionId(name));
      expect(mapping).toMatchObject({
        StartingPosition: 'LATEST',
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        MaximumRetryAttempts: 5,
      });
      expect(JSON.parse(mapping.FilterCriteria.Filters[0].Pattern)).toEqual({
        eventName: ['INSERT'],
        dynamodb: { NewImage: { entity: { S: ['domain-event'] } } },
      });
    },
  );

  it('lets the forwarder put events on the bus, and only the senders send SES and SNS', () => {
    expect(actionsOf(functionId('event-forwarder'))).toContain('events:PutEvents');
    expect(actionsOf(functionId('event-forwarder'))).not.toContain('sns:Publish');
    for (const name of ['messaging', 'messaging-notifier']) {
      expect(actionsOf(functionId(name))).toEqual(expect.arrayContaining(['ses:SendEmail', 'sns:Publish']));
    }
    expect(actionsOf(functionId('messaging-delay-alerts'))).not.toContain('sns:Publish');
  });

  it('gives the secrets key to the function that seals provider keys and to the notifier that opens them', () => {
    expect(actionsOf(functionId('messaging'))).toEqual(expect.arrayContaining(['kms:Encrypt', 'kms:Decrypt']));
    expect(actionsOf(functionId('messaging-notifier'))).toContain('kms:Decrypt');
    expect(actionsOf(functionId('messaging-notifier'))).not.toContain('kms:Encrypt');
    expect(actionsOf(functionId('event-forwarder'))).not.toContain('kms:Decrypt');
    for (const name of ['messaging', 'messaging-notifier']) {
      expect(variablesOf(functionId(name))).toMatchObject({
        SECRETS_KEY_ID: expect.anything(),
        MESSAGING_CALLBACK_BASE_URL: 'https://hub.example.in',
      });
    }
  });

  it('routes SES delivery events through an SNS topic to the SES callback, and lets the senders use the configuration set', () => {
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'https',
      Endpoint: 'https://hub.example.in/api/messaging/callbacks/ses',
    });
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: { Enabled: true, MatchingEventTypes: ['delivery', 'bounce', 'reject'] },
    });
    expect(variablesOf(functionId('messaging'))).toMatchObject({
      SES_CONFIGURATION_SET: expect.anything(),
      SES_EVENTS_TOPIC_ARN: expect.anything(),
    });
  });

  it('runs the delay job every 5 minutes', () => {
    const id = functionId('messaging-delay-alerts');
    const rules = Object.values(template.findResources('AWS::Events::Rule')).filter((r) =>
      JSON.stringify(r.Properties.Targets).includes(id),
    );
    expect(rules.map((r) => r.Properties.ScheduleExpression)).toEqual(['rate(5 minutes)']);
  });
});
