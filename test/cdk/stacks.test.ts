// The app's stacks (issue #30): one per layer, each well under CloudFormation's 500 resources, their
// cross-stack references made by the CDK, and an order `cdk deploy --all` follows: data first, the web last.
import { describe, expect, it } from 'vitest';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { resourcesOf, synthPlatform } from './synth';

// 250: half of CloudFormation's 500, room for the operations stack's three alarms a function (issue #59 took it past 200).
const LIMIT = 250;

/** Each stack's name -> the stacks it waits for, directly or not (asset manifests left out). */
function waitsFor(assembly: CloudAssembly): Map<string, Set<string>> {
  const direct = new Map(
    assembly.stacks.map((s) => [
      s.stackName,
      s.dependencies.map((d) => d.id).filter((id) => assembly.stacks.some((other) => other.stackName === id)),
    ]),
  );
  const closure = (name: string, seen = new Set<string>()): Set<string> => {
    for (const d of direct.get(name) ?? []) if (!seen.has(d)) closure(d, seen.add(d));
    return seen;
  };
  return new Map([...direct.keys()].map((name) => [name, closure(name)]));
}

const counts = (assembly: CloudAssembly) =>
  Object.fromEntries(assembly.stacks.map((s) => [s.stackName, Object.keys(s.template.Resources).length]));

// Some cases synthesize the whole app again, slower than a test's default 30 s on a busy machine.
describe('the stacks of the app', { timeout: 120_000 }, () => {
  const plain = synthPlatform();
  let withEverything: ReturnType<typeof synthPlatform> | undefined;
  /** WAF in the app's own region and SES delivery events (a public address): the most a deploy makes. */
  const most = () =>
    (withEverything ??= synthPlatform({
      region: 'us-east-1',
      context: { waf: 'true', publicUrl: 'https://hub.example.in' },
    }));

  it('are the data, workers, API (the API and its four groups of functions), web and operations stacks', () => {
    expect(plain.assembly.stacks.map((s) => s.stackName).sort()).toEqual([
      'Test-Api',
      'Test-Api-Accounts',
      'Test-Api-Bookings',
      'Test-Api-Operations',
      'Test-Api-Warehouse',
      'Test-Data',
      'Test-Ops',
      'Test-Web',
      'Test-Workers',
    ]);
    for (const s of plain.assembly.stacks) expect(s.environment.region).toBe('ap-south-1');
  });

  it(`hold fewer than ${LIMIT} resources each, with publicUrl and WAF (the most a deploy makes) or without`, () => {
    for (const assembly of [plain.assembly, most().assembly])
      for (const [name, count] of Object.entries(counts(assembly))) expect(count, name).toBeLessThan(LIMIT);
  });

  it('deploy in order: data first, then the workers, the API and its functions, the web and the operations stack last', () => {
    const order = waitsFor(plain.assembly);
    expect([...order.get('Test-Data')!]).toEqual([]);
    expect([...order.get('Test-Api')!]).toEqual([]);
    expect([...order.get('Test-Workers')!]).toEqual(['Test-Data']);
    for (const group of ['Accounts', 'Bookings', 'Operations', 'Warehouse'])
      for (const first of ['Test-Data', 'Test-Api'])
        expect(order.get(`Test-Api-${group}`)!.has(first), group).toBe(true);
    // The integrations function is given the workers' schedule group and sync Lambda; the messaging
    // function, when the site has a public address, their SES events topic.
    expect(order.get('Test-Api-Operations')!.has('Test-Workers')).toBe(true);
    expect(order.get('Test-Api-Accounts')!.has('Test-Workers')).toBe(false);
    expect(waitsFor(most().assembly).get('Test-Api-Accounts')!.has('Test-Workers')).toBe(true);
    expect([...order.get('Test-Web')!].sort()).toEqual([
      'Test-Api',
      'Test-Api-Accounts',
      'Test-Api-Bookings',
      'Test-Api-Operations',
      'Test-Api-Warehouse',
      'Test-Data',
      'Test-Workers',
    ]);
    // The alarms watch every function, queue, the table and the API: it comes after all of them.
    expect([...order.get('Test-Ops')!].sort()).toEqual([
      'Test-Api',
      'Test-Api-Accounts',
      'Test-Api-Bookings',
      'Test-Api-Operations',
      'Test-Api-Warehouse',
      'Test-Data',
      'Test-Workers',
    ]);
  });

  it('puts each kind of resource in its layer', () => {
    const only = (type: string, stack: 'data' | 'workers' | 'api' | 'apiGroups' | 'web' | 'ops') => {
      const holders = plain.all.filter((t) => Object.keys(t.findResources(type)).length > 0);
      const expected = stack === 'apiGroups' ? plain.httpFunctions : [plain[stack]];
      expect(holders, type).toEqual(expected);
    };
    only('AWS::DynamoDB::Table', 'data');
    only('AWS::Events::EventBus', 'data');
    only('AWS::KMS::Key', 'data');
    only('AWS::ApiGatewayV2::Api', 'api');
    // The origin secret beside the API; the smoke test's password beside the alarms.
    const secrets = plain.all.filter((t) => Object.keys(t.findResources('AWS::SecretsManager::Secret')).length > 0);
    expect(secrets).toEqual([plain.api, plain.ops]);
    only('AWS::ApiGatewayV2::Route', 'apiGroups');
    only('AWS::ApiGatewayV2::Integration', 'apiGroups');
    only('AWS::Lambda::EventSourceMapping', 'workers');
    only('AWS::Scheduler::ScheduleGroup', 'workers');
    only('AWS::CloudFront::Distribution', 'web');
    only('AWS::CloudWatch::Alarm', 'ops');
    only('AWS::CloudWatch::Dashboard', 'ops');
  });

  it('keeps a domain whole in its API stack: its function, its integration and all its routes', () => {
    const holds = (group: keyof typeof plain.apiGroups) =>
      resourcesOf([plain.apiGroups[group]], 'AWS::Lambda::Function')
        .map((f) => f.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME)
        .sort();
    expect(holds('accounts')).toEqual([
      'auth',
      'carrier-identity',
      'contact',
      'messaging',
      'platform',
      'privacy',
      'tenancy',
      'users',
    ]);
    expect(holds('operations')).toEqual([
      'appointment-types',
      'appointments',
      'carriers',
      'checkins',
      'facilities',
      'gate',
      'insights',
      'integrations',
      'trips',
      'vitals',
      'yard',
    ]);
    expect(holds('bookings')).toEqual(['booking-links', 'chat', 'detention', 'holding', 'planner', 'series']);
    expect(holds('warehouse')).toEqual(['references', 'wms']);
    for (const template of plain.httpFunctions) {
      const integrations = Object.keys(template.findResources('AWS::ApiGatewayV2::Integration'));
      for (const route of Object.values(template.findResources('AWS::ApiGatewayV2::Route'))) {
        const target = route.Properties.Target['Fn::Join'][1] as [string, { Ref: string }];
        expect(target[0]).toBe('integrations/');
        expect(integrations).toContain(target[1].Ref);
      }
    }
  });

  it('with -c waf=true outside us-east-1, adds the WAF stack in us-east-1, deployed before the web', () => {
    const { assembly } = synthPlatform({ context: { waf: 'true' } });
    const waf = assembly.getStackByName('Test-Waf');
    expect(waf.environment.region).toBe('us-east-1');
    expect(waitsFor(assembly).get('Test-Web')!.has('Test-Waf')).toBe(true);
    expect(assembly.stacks).toHaveLength(10);
  });
});
