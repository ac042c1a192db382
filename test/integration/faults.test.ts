// Injected DynamoDB faults on the real local HTTP path (a middleware on the product's own client):
// a throttled, timed-out or failing call answers a clean 503 with Retry-After, a refused condition a
// 409, a transaction conflict is retried, and in every case nothing is half-written.
import { ThrottlingException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { booking, day } from '../support/appointments';

let api: TestApi;
let ops: Client;

/** The next calls of `command` fail with `fault()` (the SDK's retries included) until cleared. */
let fault: { command: string; make: () => Error; times: number } | null = null;
let injected = 0;

beforeAll(async () => {
  api = await startTestApi();
  const { ddb } = await import('../../functions/lib/aws');
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      if (fault && context.commandName === fault.command && fault.times > 0) {
        fault.times--;
        injected++;
        throw fault.make();
      }
      return next(args);
    },
    { step: 'finalizeRequest', name: 'injectedFault', priority: 'low' },
  );
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterEach(() => {
  fault = null;
  injected = 0;
});
afterAll(() => api.close());

const meta = { $metadata: { httpStatusCode: 400 } };
const throttled = () =>
  new ThrottlingException({ message: 'Rate of requests exceeds the allowed throughput.', ...meta });
const timedOut = () =>
  Object.assign(new Error('a request has exceeded the configured 3000 ms requestTimeout'), {
    name: 'TimeoutError',
    code: 'ETIMEDOUT',
  });
const unavailable = () =>
  Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } });
const cancelled = (code: string) => () =>
  new TransactionCanceledException({
    message: `Transaction cancelled [${code}]`,
    CancellationReasons: [{ Code: code }, { Code: 'None' }],
    ...meta,
  });

const appointmentsOn = async (date: string) =>
  ((await ops.get(`/api/appointments?date=${date}`)).body as { id: string; scheduledTimeStart: string }[]) ?? [];

describe('injected DynamoDB faults', () => {
  it.each([
    ['throttled', throttled],
    ['timed out', timedOut],
    ['unavailable', unavailable],
  ])(
    'a %s booking transaction answers 503 with Retry-After and books nothing; the door stays free',
    async (_name, make) => {
      // Prepare
      const body = booking({
        dockDoorId: 'door-08',
        scheduledDate: day(25),
        scheduledTimeStart: '14:00',
        scheduledTimeEnd: '15:00',
      });
      fault = { command: 'TransactWriteItemsCommand', make, times: 10 };
      // Act
      const res = await ops.post('/api/appointments', body);
      // Assess
      expect(res.status, res.text).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.body).toEqual({ message: expect.any(String) });
      expect(injected).toBeGreaterThan(0);
      fault = null;
      const again = await ops.post('/api/appointments', body);
      expect(again.status, again.text).toBe(201);
      expect(
        (await ops.post(`/api/appointments/${again.body.id}/cancel`, { reason: 'Fault test cleanup' })).status,
      ).toBe(200);
    },
  );

  it('a status change whose transaction is throttled leaves the appointment as it was', async () => {
    const created = await ops.post(
      '/api/appointments',
      booking({ dockDoorId: null, scheduledDate: day(26), scheduledTimeStart: '09:00', scheduledTimeEnd: '10:00' }),
    );
    expect(created.status).toBe(201);
    fault = { command: 'TransactWriteItemsCommand', make: throttled, times: 10 };
    const res = await ops.request('PATCH', `/api/appointments/${created.body.id}/status`, {
      body: { status: 'arrived' },
    });
    expect(res.status).toBe(503);
    fault = null;
    expect((await ops.get(`/api/appointments/${created.body.id}`)).body).toMatchObject({
      status: 'scheduled',
      arrivedAt: null,
    });
  });

  it('a refused condition answers 409 and writes nothing; a transaction conflict is retried and succeeds', async () => {
    const body = booking({
      dockDoorId: 'door-09',
      scheduledDate: day(27),
      scheduledTimeStart: '11:00',
      scheduledTimeEnd: '12:00',
    });
    fault = { command: 'TransactWriteItemsCommand', make: cancelled('ConditionalCheckFailed'), times: 1 };
    const refused = await ops.post('/api/appointments', body);
    expect(refused.status, refused.text).toBe(409);
    expect((await appointmentsOn(day(27))).filter((a) => a.scheduledTimeStart === '11:00')).toHaveLength(0);
    fault = { command: 'TransactWriteItemsCommand', make: cancelled('TransactionConflict'), times: 2 };
    const retried = await ops.post('/api/appointments', body);
    expect(retried.status, retried.text).toBe(201);
    expect(injected).toBe(3);
  });

  it('a throttled session read answers 503, not 401: a busy database does not sign anyone out', async () => {
    fault = { command: 'BatchGetItemCommand', make: throttled, times: 10 };
    const res = await ops.get('/api/auth/user');
    expect(res.status).toBe(503);
    fault = null;
    expect((await ops.get('/api/auth/user')).status).toBe(200);
  });
});
