// Gate compliance's grants in the synthesized app (issue #21): the gate function seals the tenants'
// ULIP passwords; the check-in function and the booking-hint worker may only open them; the worker
// reads new appointments from the table stream.
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaNamed, synthPlatform, type Synthesized } from './synth';

let app: Synthesized;
beforeAll(() => {
  app = synthPlatform();
}, 240_000);
const fn = (name: string) => lambdaNamed(app.all, name);

describe('gate compliance resources', () => {
  it('lets the gate function seal and open ULIP passwords, with the key id', () => {
    const gate = fn('gate');
    expect(gate.actions()).toEqual(expect.arrayContaining(['kms:Encrypt', 'kms:Decrypt', 'dynamodb:PutItem']));
    expect(gate.variables).toHaveProperty('SECRETS_KEY_ID');
  });

  it('lets the check-in function and the booking-hint worker open them, never seal', () => {
    for (const name of ['checkins', 'gate-booking-hints']) {
      const actions = fn(name).actions();
      expect(actions, name).toContain('kms:Decrypt');
      expect(
        actions.filter((a) => a.startsWith('kms:Encrypt')),
        name,
      ).toEqual([]);
    }
  });

  it('feeds the booking-hint worker from appointment inserts on the table stream', () => {
    const worker = fn('gate-booking-hints');
    expect(worker.template).toBe(app.workers);
    app.workers.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: worker.id },
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
