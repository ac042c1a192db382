// Retention and the tenant's export in the synthesized app (issue #36): the uploads bucket's lifecycle
// rules (check-in photos at most 10 years whatever a tenant sets, exports a day), the daily retention
// and closing workers and the export worker on export inserts, and the Scan granted to the two
// workers that read a whole tenant and to no other function.
import { beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { lambdaNamed, resourcesOf, synthPlatform, type Synthesized } from './synth';

let app: Synthesized;
beforeAll(() => {
  app = synthPlatform();
}, 240_000);
const fn = (name: string) => lambdaNamed(app.all, name);

describe('retention and the tenant export', () => {
  it('gives the uploads bucket lifecycle rules by prefix: check-in photos 3650 days, exports 1 day', () => {
    app.data.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({
            Id: 'checkin-photos-retention',
            Prefix: 'checkin-photos/',
            ExpirationInDays: 3650,
            Status: 'Enabled',
          }),
          Match.objectLike({ Id: 'tenant-exports', Prefix: 'exports/', ExpirationInDays: 1, Status: 'Enabled' }),
        ]),
      },
    });
  });

  it('runs retention and the erasure of closed tenants once a day, with the bucket and the table', () => {
    for (const name of ['privacy-retention', 'tenancy-closing']) {
      const worker = fn(name);
      expect(worker.template, name).toBe(app.workers);
      const rule = Object.values(app.workers.findResources('AWS::Events::Rule')).find((r) =>
        JSON.stringify(r.Properties.Targets).includes(worker.id),
      );
      expect(rule?.Properties.ScheduleExpression, name).toBe('rate(1 day)');
      expect(worker.actions(), name).toEqual(
        expect.arrayContaining([
          'dynamodb:Query',
          'dynamodb:DeleteItem',
          's3:DeleteObject*',
          's3:GetBucket*',
          's3:List*',
        ]),
      );
    }
  });

  it('builds each export from its insert on the table stream', () => {
    const worker = fn('privacy-tenant-export');
    app.workers.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: worker.id },
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { NewImage: { entity: { S: ['tenant-export'] } } },
            }),
          },
        ],
      },
    });
    expect(worker.actions()).toEqual(expect.arrayContaining(['s3:PutObject', 'dynamodb:Scan']));
  });

  it("carries out each accepted erasure from its request's change on the table stream, without a Scan (issue #52)", () => {
    const worker = fn('privacy-erasure');
    expect(worker.template).toBe(app.workers);
    app.workers.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: worker.id },
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['MODIFY'],
              dynamodb: { NewImage: { entity: { S: ['erasure-request'] } } },
            }),
          },
        ],
      },
    });
    expect(worker.properties.Timeout).toBe(900);
    expect(worker.actions()).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:DeleteItem', 's3:DeleteObject*']),
    );
    expect(worker.actions()).not.toContain('dynamodb:Scan');
  });

  it('grants Scan to the export and closing workers only', () => {
    const scanning = resourcesOf(app.all, 'AWS::IAM::Policy').filter((p) =>
      JSON.stringify(p.Properties.PolicyDocument).includes('dynamodb:Scan'),
    );
    const roleOf = (name: string) => (fn(name).properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    const roles = scanning.flatMap((p) => (p.Properties.Roles as { Ref: string }[]).map((r) => r.Ref));
    expect(roles.sort()).toEqual([roleOf('privacy-tenant-export'), roleOf('tenancy-closing')].sort());
  });
});
