// The detention worker in the synthesized app (issue #57): a Lambda of its own on a 5-minute schedule,
// which reads and writes the table with key Queries and is granted no Scan.
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaNamed, synthPlatform, type Synthesized } from './synth';

let app: Synthesized;
beforeAll(() => {
  app = synthPlatform();
}, 240_000);

describe('the detention worker', () => {
  it('runs every 5 minutes with the table to query and write, and no Scan', () => {
    const worker = lambdaNamed(app.all, 'detention-watch');
    expect(worker.template).toBe(app.workers);
    const rule = Object.values(app.workers.findResources('AWS::Events::Rule')).find((r) =>
      JSON.stringify(r.Properties.Targets).includes(worker.id),
    );
    expect(rule?.Properties.ScheduleExpression).toBe('rate(5 minutes)');
    expect(worker.properties.Timeout).toBe(300);
    expect(worker.actions()).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']),
    );
    expect(worker.actions()).not.toContain('dynamodb:Scan');
  });
});
