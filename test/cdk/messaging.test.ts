// The messaging resources of the synthesized app (issue #15): the forwarder and the notifier on
// the table's stream filtered to inserted domain events, the delay job on a 5-minute rule, SES/SNS
// sending only for the functions that send, and the secrets key for those that seal or open keys.
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaNamed, synthPlatform, type Synthesized } from './synth';

let app: Synthesized;
beforeAll(() => {
  app = synthPlatform({ context: { publicUrl: 'https://hub.example.in' } });
}, 240_000);
const fn = (name: string) => lambdaNamed(app.all, name);
const actionsOf = (name: string) => fn(name).actions();
function mappingOf(name: string) {
  const worker = fn(name);
  const mappings = Object.values(worker.template.findResources('AWS::Lambda::EventSourceMapping')).filter(
    (m) => (m.Properties.FunctionName as { Ref: string }).Ref === worker.id,
  );
  expect(mappings).toHaveLength(1);
  return mappings[0]!.Properties;
}

describe('messaging resources', () => {
  it.each(['event-forwarder', 'messaging-notifier'])(
    '%s reads the table stream, only inserted domain events, reporting partial failures',
    (name) => {
      const mapping = mappingOf(name);
      expect(mapping).toMatchObject({
        StartingPosition: 'LATEST',
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        MaximumRetryAttempts: 5,
        // A booking's message waits for no batch to fill (issue #34: handed to the provider < 2 s at p95).
        MaximumBatchingWindowInSeconds: 0,
      });
      expect(JSON.parse(mapping.FilterCriteria.Filters[0].Pattern)).toEqual({
        eventName: ['INSERT'],
        dynamodb: { NewImage: { entity: { S: ['domain-event'] } } },
      });
    },
  );

  it('lets the forwarder put events on the bus, and only the senders send SES and SNS', () => {
    expect(actionsOf('event-forwarder')).toContain('events:PutEvents');
    expect(actionsOf('event-forwarder')).not.toContain('sns:Publish');
    for (const name of ['messaging', 'messaging-notifier']) {
      expect(actionsOf(name)).toEqual(expect.arrayContaining(['ses:SendEmail', 'sns:Publish']));
    }
    expect(actionsOf('messaging-delay-alerts')).not.toContain('sns:Publish');
  });

  it('runs the chat inbox on inserted inbox items and inbound SMS; the webhook only opens app secrets, the inbox sends (issue #56)', () => {
    const mapping = mappingOf('chat-inbox');
    expect(mapping).toMatchObject({ StartingPosition: 'LATEST', FunctionResponseTypes: ['ReportBatchItemFailures'] });
    expect(JSON.parse(mapping.FilterCriteria.Filters[0].Pattern)).toEqual({
      eventName: ['INSERT'],
      dynamodb: { NewImage: { entity: { S: ['chat-inbound', 'sms-inbound'] } } },
    });
    expect(actionsOf('chat')).toContain('kms:Decrypt');
    expect(actionsOf('chat')).not.toContain('kms:Encrypt');
    expect(actionsOf('chat')).not.toContain('sns:Publish');
    expect(actionsOf('chat-inbox')).toEqual(expect.arrayContaining(['kms:Decrypt', 'sns:Publish']));
    expect(actionsOf('chat-inbox')).not.toContain('kms:Encrypt');
  });

  it('gives the secrets key to the function that seals provider keys and to the notifier that opens them', () => {
    expect(actionsOf('messaging')).toEqual(expect.arrayContaining(['kms:Encrypt', 'kms:Decrypt']));
    expect(actionsOf('messaging-notifier')).toContain('kms:Decrypt');
    expect(actionsOf('messaging-notifier')).not.toContain('kms:Encrypt');
    expect(actionsOf('event-forwarder')).not.toContain('kms:Decrypt');
    for (const name of ['messaging', 'messaging-notifier']) {
      expect(fn(name).variables).toMatchObject({
        SECRETS_KEY_ID: expect.anything(),
        MESSAGING_CALLBACK_BASE_URL: 'https://hub.example.in',
      });
    }
  });

  it('routes SES delivery events through an SNS topic to the SES callback, and lets the senders use the configuration set', () => {
    app.workers.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'https',
      Endpoint: 'https://hub.example.in/api/messaging/callbacks/ses',
    });
    app.workers.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: { Enabled: true, MatchingEventTypes: ['delivery', 'bounce', 'reject'] },
    });
    expect(fn('messaging').variables).toMatchObject({
      SES_CONFIGURATION_SET: expect.anything(),
      SES_EVENTS_TOPIC_ARN: expect.anything(),
    });
  });

  it('runs the delay job every 5 minutes', () => {
    const { id } = fn('messaging-delay-alerts');
    const rules = Object.values(app.workers.findResources('AWS::Events::Rule')).filter((r) =>
      JSON.stringify(r.Properties.Targets).includes(id),
    );
    expect(rules.map((r) => r.Properties.ScheduleExpression)).toEqual(['rate(5 minutes)']);
  });
});
