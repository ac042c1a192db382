// Outbound webhooks from the durable event stream: a domain event item written to the table reaches
// the fan-out stream worker (the local DynamoDB stream poller, as deployed), is delivered to each
// active subscription of its type, signed so that the fake TMS verifies it with the Standard Webhooks
// reference library, retried after a 5xx by the retry worker, every attempt logged; a subscription
// that keeps failing is marked in error on the Monitoring tab. Exactly once: overlapping retry runs send
// each delivery once (counted at the receiver), and a tenant whose receiver hangs does not hold up
// another tenant's deliveries.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { Client, startTestApi, type TestApi } from '../support/api';
import { FAKE_CREDENTIALS, startFakeTms, type FakeTms } from '../support/fake-tms';
import { startLocalWorkers, workerContext } from '../../functions/local/workers';
import { WORKERS } from '../../functions/workers';
import { ddb } from '../../functions/lib/aws';
import { domainEventItem } from '../../functions/lib/events';
import { scheduledEvent } from '../../functions/local/scheduler';
import * as retries from '../../functions/integrations/webhook-retry.worker';
import { listDeliveries, listDueTenants } from '../../functions/integrations/delivery.store';
import { resetOutboundBreakers } from '../../functions/lib/outbound';
import { signUpOrganisation } from '../support/tenancy';
import { indiaDate } from '../support/dates';
import { waitFor } from '../support/wait-for';

let api: TestApi;
let tms: FakeTms;
let admin: Client;
let tenantId: string;
let stopWorkers: () => Promise<void>;

beforeAll(async () => {
  api = await startTestApi();
  tms = await startFakeTms();
  admin = new Client(api.url);
  tenantId = (await admin.signIn('admin')).tenantId;
  const fanOut = WORKERS.filter((w) => w.name === 'integrations-webhooks');
  expect(fanOut).toHaveLength(1);
  stopWorkers = (
    await startLocalWorkers({ workers: fanOut, dynamoDbEndpoint: inject('dynamoDbEndpoint'), tableName: api.tableName })
  ).stop;
});
afterAll(async () => {
  await stopWorkers();
  await tms.close();
  await api.close();
});

async function subscribe(eventType: string, options: { retryCount?: number; path?: string } = {}) {
  const system = await admin.post('/api/integrations/systems', {
    name: 'Webhook TMS',
    systemType: 'TMS',
    baseUrl: tms.url,
    authType: 'API_KEY',
    authConfig: { apiKey: FAKE_CREDENTIALS.apiKey },
  });
  const webhook = await admin.post(`/api/integrations/systems/${system.body.id}/webhooks`, {
    eventType,
    webhookUrl: `${tms.url}${options.path ?? '/webhooks'}`,
    timeoutSeconds: 5,
    retryCount: options.retryCount ?? 3,
  });
  expect(webhook.status).toBe(201);
  expect(webhook.body.signingSecret).toMatch(/^whsec_/);
  tms.state.webhookSecret = webhook.body.signingSecret;
  return {
    systemId: system.body.id as string,
    webhookId: webhook.body.id as string,
    secret: webhook.body.signingSecret as string,
  };
}

const emitAs = (
  tenant: string,
  type: 'appointment.created' | 'appointment.status-changed',
  detail: Record<string, unknown>,
) => ddb().send(new TransactWriteCommand({ TransactItems: [domainEventItem({ tenantId: tenant, type, detail })] }));
const emit = (type: 'appointment.created' | 'appointment.status-changed', detail: Record<string, unknown>) =>
  emitAs(tenantId, type, detail);

const runRetries = (at: Date) =>
  retries.handler(scheduledEvent('integrations-webhook-retries', at), workerContext('integrations-webhook-retries'));

describe('outbound webhooks', () => {
  it('delivers a domain event signed the Standard Webhooks way, verified by the reference library', async () => {
    // Prepare
    const sub = await subscribe('appointment.created');
    tms.state.webhooks = [];
    // Act
    await emit('appointment.created', { appointmentId: 'appt-out-1', facilityId: 'f1', date: '2030-01-01' });
    const [received] = await waitFor(
      () => tms.state.webhooks,
      (w) => w.length > 0,
      'the delivery',
    );
    // Assess
    expect(received).toMatchObject({
      verified: true,
      error: null,
      payload: { type: 'appointment.created', data: { appointmentId: 'appt-out-1' } },
    });
    expect(received!.headers['webhook-id']).toMatch(/^msg_/);
    const webhooks = await waitFor(
      async () => (await admin.get(`/api/integrations/systems/${sub.systemId}/webhooks`)).body,
      (w) => w[0]?.deliveryStatus === 'OK',
      'the OK status',
    );
    expect(JSON.stringify(webhooks)).not.toContain(sub.secret);
  });

  it('retries after a 5xx with backoff, keeping every attempt with its status code and duration', async () => {
    // Prepare
    const sub = await subscribe('appointment.departed');
    tms.state.webhooks = [];
    tms.state.failWebhooks = 1;
    // Act: a departure (a status change to departed) is delivered as appointment.departed.
    await emit('appointment.status-changed', { appointmentId: 'appt-out-2', from: 'loading', to: 'departed' });
    const [first] = await waitFor(
      () => listDeliveries(tenantId, sub.webhookId),
      (d) => d.length > 0 && d[0]!.attempts.length === 1,
      'the first attempt',
    );
    const notYet = await runRetries(new Date());
    const afterNotYet = (await listDeliveries(tenantId, sub.webhookId))[0]!;
    await runRetries(new Date(Date.now() + 31_000));
    const [delivered] = await listDeliveries(tenantId, sub.webhookId);
    // Assess
    expect(notYet).toBeUndefined();
    expect(first).toMatchObject({ status: 'PENDING', attempts: [{ statusCode: 500, error: 'Answered 500' }] });
    expect(afterNotYet.attempts).toHaveLength(1);
    expect(delivered).toMatchObject({ status: 'DELIVERED', nextAttemptAt: null });
    expect(delivered!.attempts.map((a) => a.statusCode)).toEqual([500, 204]);
    expect(delivered!.attempts.every((a) => typeof a.durationMs === 'number')).toBe(true);
    expect(tms.state.webhooks.map((w) => [w.verified, w.payload?.type])).toEqual([
      [true, 'appointment.departed'],
      [true, 'appointment.departed'],
    ]);
    // The same message id on every attempt, so the receiver can deduplicate.
    expect(new Set(tms.state.webhooks.map((w) => w.headers['webhook-id'])).size).toBe(1);
  });

  it('marks a subscription that used up its retries in error on the Monitoring tab', async () => {
    // Prepare
    const sub = await subscribe('appointment.created', { retryCount: 1, path: '/nowhere' });
    // Act
    await emit('appointment.created', { appointmentId: 'appt-out-3' });
    await waitFor(
      () => listDeliveries(tenantId, sub.webhookId),
      (d) => d[0]?.attempts.length === 1,
      'the first attempt',
    );
    await runRetries(new Date(Date.now() + 31_000));
    await runRetries(new Date(Date.now() + 3_600_000));
    const [delivery] = await listDeliveries(tenantId, sub.webhookId);
    const status = (await admin.get('/api/integrations/monitoring/systems')).body.find(
      (s: { systemId: string }) => s.systemId === sub.systemId,
    );
    const [webhook] = (await admin.get(`/api/integrations/systems/${sub.systemId}/webhooks`)).body;
    // Assess
    expect(delivery).toMatchObject({ status: 'FAILED' });
    expect(delivery!.attempts.map((a) => a.statusCode)).toEqual([401, 401]);
    expect(webhook).toMatchObject({ deliveryStatus: 'ERROR', consecutiveFailures: 1 });
    expect(status.failingWebhooks).toBe(1);
  });

  it('delivers the event of a real booking made through the API', async () => {
    // Prepare
    await subscribe('appointment.created');
    tms.state.webhooks = [];
    const date = indiaDate(2);
    // Act
    const [facility] = (await admin.get('/api/facilities')).body;
    const booking = await admin.post('/api/appointments', {
      facilityId: facility.id,
      carrierId: 'carrier-ganga',
      scheduledDate: date,
      scheduledTimeStart: '15:00',
      scheduledTimeEnd: '15:30',
    });
    // Assess
    expect(booking.status).toBe(201);
    // (The subscriptions of the tests above get it too, signed with their own secrets.)
    const received = await waitFor(
      () => tms.state.webhooks.filter((w) => w.payload?.data?.appointmentId === booking.body.id && w.verified),
      (w) => w.length > 0,
      'the booking webhook',
    );
    expect(received[0]!.payload).toMatchObject({
      type: 'appointment.created',
      data: { appointmentId: booking.body.id },
    });
  });
});

/** A subscription of the client's tenant to appointment.created, delivered to its own receiver. */
async function subscribeAt(client: Client, receiver: FakeTms, timeoutSeconds: number) {
  const system = await client.post('/api/integrations/systems', {
    name: 'Outbound TMS',
    systemType: 'TMS',
    baseUrl: receiver.url,
    authType: 'API_KEY',
    authConfig: { apiKey: FAKE_CREDENTIALS.apiKey },
  });
  const webhook = await client.post(`/api/integrations/systems/${system.body.id}/webhooks`, {
    eventType: 'appointment.created',
    webhookUrl: `${receiver.url}/webhooks`,
    timeoutSeconds,
    retryCount: 3,
  });
  expect(webhook.status).toBe(201);
  receiver.state.webhookSecret = webhook.body.signingSecret;
  return webhook.body.id as string;
}

/** Emits `count` events of the tenant whose first attempts fail (500), leaving their deliveries pending. */
async function pendingDeliveries(
  tenant: string,
  subscriptionId: string,
  receiver: FakeTms,
  count: number,
  tag: string,
) {
  receiver.state.failWebhooks = count;
  for (let i = 0; i < count; i++) await emitAs(tenant, 'appointment.created', { appointmentId: `${tag}-${i}` });
  await waitFor(
    () => listDeliveries(tenant, subscriptionId),
    (d) => d.length === count && d.every((x) => x.attempts.length === 1 && x.status === 'PENDING'),
    `${count} pending deliveries`,
  );
  resetOutboundBreakers();
}

describe('outbound: each delivery sent once, no tenant held up by another', () => {
  it('sends each due delivery once when two retry runs overlap (counted at the receiver)', async () => {
    // Prepare: a tenant of its own, so no other test's subscription shares its events.
    const org = await signUpOrganisation(api.url);
    const receiver = await startFakeTms();
    try {
      const subscriptionId = await subscribeAt(org.admin, receiver, 5);
      await pendingDeliveries(org.tenantId, subscriptionId, receiver, 4, 'overlap');
      receiver.state.webhookDelayMs = { '/webhooks': 300 };
      const due = new Date(Date.now() + 31_000);
      // Act
      await Promise.all([runRetries(due), runRetries(due)]);
      const deliveries = await listDeliveries(org.tenantId, subscriptionId);
      await runRetries(new Date(Date.now() + 10 * 60_000));
      const registry = await listDueTenants();
      // Assess: per delivery, the failed first attempt and one retry, never two.
      const perId = new Map<string, number>();
      for (const w of receiver.state.webhooks)
        perId.set(w.headers['webhook-id']!, (perId.get(w.headers['webhook-id']!) ?? 0) + 1);
      expect([...perId.values()]).toEqual([2, 2, 2, 2]);
      expect(deliveries.map((d) => [d.status, d.attempts.map((a) => a.statusCode)])).toEqual(
        Array.from({ length: 4 }, () => ['DELIVERED', [500, 204]]),
      );
      // With nothing pending, the tenant leaves the retry worker's registry.
      expect(registry.map((t) => t.tenantId)).not.toContain(org.tenantId);
    } finally {
      await receiver.close();
    }
  });

  it('delivers another tenant within the same run while one tenant receiver hangs, serving that tenant at most 10 a run', async () => {
    // Prepare: tenant A has 12 deliveries due (before B's 3) to a receiver that will hang past its 5 s timeout.
    const [orgA, orgB] = [await signUpOrganisation(api.url), await signUpOrganisation(api.url)];
    const [hanging, healthy] = [await startFakeTms(), await startFakeTms()];
    try {
      const subA = await subscribeAt(orgA.admin, hanging, 5);
      const subB = await subscribeAt(orgB.admin, healthy, 1);
      await pendingDeliveries(orgA.tenantId, subA, hanging, 12, 'hang');
      await pendingDeliveries(orgB.tenantId, subB, healthy, 3, 'fine');
      hanging.state.webhookDelayMs = { '/webhooks': 60_000 };
      // Act
      const started = Date.now();
      await runRetries(new Date(Date.now() + 31_000));
      const runMs = Date.now() - started;
      const [a, b] = [await listDeliveries(orgA.tenantId, subA), await listDeliveries(orgB.tenantId, subB)];
      // Assess: B's three went out before A's first attempt had even timed out, in a run A's hang held for 5 s and more.
      const retriedA = a.filter((d) => d.attempts.length === 2);
      const firstTimeoutOver = Math.min(...retriedA.map((d) => Date.parse(d.attempts[1]!.at))) + 5_000;
      expect(b.map((d) => d.status)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED']);
      expect(b.every((d) => Date.parse(d.attempts[1]!.at) < firstTimeoutOver)).toBe(true);
      expect(runMs).toBeGreaterThanOrEqual(5_000);
      expect(retriedA).toHaveLength(10);
      expect(retriedA.every((d) => d.status === 'PENDING' && d.attempts[1]!.statusCode === null)).toBe(true);
    } finally {
      await Promise.all([hanging.close(), healthy.close()]);
    }
  }, 90_000); // two sign-ups, 15 deliveries made, and a run that A's timeouts hold for 15 s (the breaker opens after 5)
});
