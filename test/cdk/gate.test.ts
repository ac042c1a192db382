// Gate compliance's grants in the synthesized template (issue #21): the gate function seals the tenants'
// ULIP passwords; the check-in function and the booking-hint worker may only open them; the worker
// reads new appointments from the table stream.
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { PlatformStack } from '../../lib/platform-stack';

let template: Template;
beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
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
function actionsOf(id: string): string[] {
  const role = (template.findResources('AWS::Lambda::Function')[id]!.Properties.Role as { 'Fn::GetAtt': string[] })[
    'Fn::GetAtt'
  ][0];
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => (p.Properties.Roles as { Ref: string }[]).some((r) => r.Ref === role))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as { Action: string | string[] }[])
    .flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
}
const env = (id: string) =>
  template.findResources('AWS::Lambda::Function')[id]!.Properties.Environment.Variables as Record<string, unknown>;

describe('gate compliance resources', () => {
  it('lets the gate function seal and open ULIP passwords, with the key id', () => {
    const gate = functionId('gate');
    expect(actionsOf(gate)).toEqual(expect.arrayContaining(['kms:Encrypt', 'kms:Decrypt', 'dynamodb:PutItem']));
    expect(env(gate)).toHaveProperty('SECRETS_KEY_ID');
  });

  it('lets the check-in function and the booking-hint worker open them, never seal', () => {
    for (const name of ['checkins', 'gate-booking-hints']) {
      const actions = actionsOf(functionId(name));
      expect(actions, name).toContain('kms:Decrypt');
      expect(
        actions.filter((a) => a.startsWith('kms:Encrypt')),
        name,
      ).toEqual([]);
    }
  });

  it('feeds the booking-hint worker from appointment inserts on the table stream', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: functionId('gate-booking-hints') },
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { NewImage: { entity: { S: ['appointment'] } } },
            }),
          },
        ],
      },
    });
  });
});
