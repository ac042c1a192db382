// Issue #29.5: a webhook subscription's delivery log, Send test event and Resend, through HTTP against
// the fake TMS (which verifies signatures with the Standard Webhooks reference library). Each attempt
// is a line of the log (time, event, attempt, status, reason, duration), newest first and paged; the
// subscription carries why its last attempt failed as a code the screen puts in words; a resend is the
// same message (webhook-id) again, signed with the subscription's current secret. Bad input changes nothing.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { FAKE_CREDENTIALS, startFakeTms, type FakeTms } from '../support/fake-tms';
import { signUpOrganisation } from '../support/tenancy';
import { resetOutboundBreakers } from '../../functions/lib/outbound';

let api: TestApi;
let tms: FakeTms;
let admin: Client;

// Two Standard Webhooks secrets (whsec_ + base64 of 24 bytes): the receiver's, and a mistyped one.
const RECEIVER_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const WRONG_SECRET = 'whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

beforeAll(async () => {
  api = await startTestApi();
  tms = await startFakeTms({ webhookSecret: RECEIVER_SECRET });
  admin = new Client(api.url);
  await admin.signIn('admin');
});
afterAll(async () => {
  await tms.close();
  await api.close();
});

async function newSystem(client = admin) {
  const system = await client.post('/api/integrations/systems', {
    name: 'Delivery log TMS',
    systemType: 'TMS',
    baseUrl: tms.url,
    authType: 'API_KEY',
    authConfig: { apiKey: FAKE_CREDENTIALS.apiKey },
  });
  expect(system.status).toBe(201);
  return system.body.id as string;
}

async function subscribe(body: Record<string, unknown>, client = admin) {
  const systemId = await newSystem(client);
  const created = await client.post(`/api/integrations/systems/${systemId}/webhooks`, {
    eventType: 'appointment.created',
    timeoutSeconds: 5,
    retryCount: 2,
    ...body,
  });
  expect(created.status).toBe(201);
  const base = `/api/integrations/systems/${systemId}/webhooks/${created.body.id}`;
  return { systemId, webhookId: created.body.id as string, base, created: created.body };
}

const subscriptionOf = async (systemId: string, webhookId: string) =>
  (await admin.get(`/api/integrations/systems/${systemId}/webhooks`)).body.find(
    (w: { id: string }) => w.id === webhookId,
  );

describe('send test event, the reason of a failure, and resend', () => {
  it('a test event signed with a wrong secret is refused 401, says why, and a resend after the fix is delivered', async () => {
    // Prepare
    const sub = await subscribe({ webhookUrl: `${tms.url}/webhooks/wrong-secret`, signingSecret: WRONG_SECRET });
    const before = tms.state.webhooks.length;
    // Act
    const test = await admin.post(`${sub.base}/test`, {});
    const failing = await subscriptionOf(sub.systemId, sub.webhookId);
    const fixed = await admin.request('PATCH', `/api/integrations/systems/${sub.systemId}/webhooks/${sub.webhookId}`, {
      body: { signingSecret: RECEIVER_SECRET, revision: failing.revision },
    });
    const resend = await admin.post(`${sub.base}/deliveries/${test.body.eventId}/resend`, {});
    const log = await admin.get(`${sub.base}/deliveries`);
    const healthy = await subscriptionOf(sub.systemId, sub.webhookId);
    // Assess: the receiver saw the same message twice, refusing the first signature and accepting the second.
    const received = tms.state.webhooks.slice(before);
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({
      eventType: 'test',
      attempt: 1,
      trigger: 'test',
      statusCode: 401,
      failure: 'UNAUTHORIZED',
    });
    expect(test.body.durationMs).toBeGreaterThanOrEqual(0);
    expect(failing).toMatchObject({ lastFailure: { failure: 'UNAUTHORIZED', statusCode: 401 } });
    expect(fixed.status).toBe(200);
    expect(fixed.body.revision).toBe(failing.revision + 1);
    expect(resend.status).toBe(200);
    expect(resend.body).toMatchObject({ eventId: test.body.eventId, attempt: 2, trigger: 'resend', statusCode: 204 });
    expect(resend.body.failure).toBeNull();
    expect(received.map((w) => [w.verified, w.payload?.type])).toEqual([
      [false, 'test'],
      [true, 'test'],
    ]);
    expect(received[0]!.headers['webhook-id']).toBe(received[1]!.headers['webhook-id']);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(log.body.data.map((l: { attempt: number; statusCode: number }) => [l.attempt, l.statusCode])).toEqual([
      [2, 204],
      [1, 401],
    ]);
    expect(healthy).toMatchObject({ lastFailure: null, deliveryStatus: 'OK', consecutiveFailures: 0 });
    expect(JSON.stringify([failing, fixed.body, log.body])).not.toContain(RECEIVER_SECRET);
    expect(JSON.stringify([failing, fixed.body, log.body])).not.toContain(WRONG_SECRET);
  });

  it('names the reason of each kind of failure by a code: 404, 5xx, another status, timeout, refused', async () => {
    // Prepare: a port nobody listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    tms.state.webhookAnswers = { '/webhooks/gone': 404, '/webhooks/broken': 503, '/webhooks/moved': 302 };
    tms.state.webhookDelayMs = { '/webhooks/slow': 3_000 };
    const cases = [
      { url: `${tms.url}/webhooks/gone`, statusCode: 404, failure: 'NOT_FOUND' },
      { url: `${tms.url}/webhooks/broken`, statusCode: 503, failure: 'SERVER_ERROR' },
      { url: `${tms.url}/webhooks/moved`, statusCode: 302, failure: 'UNEXPECTED_STATUS' },
      { url: `${tms.url}/webhooks/slow`, statusCode: null, failure: 'TIMEOUT', timeoutSeconds: 1 },
      { url: `http://127.0.0.1:${closedPort}/webhooks`, statusCode: null, failure: 'REFUSED' },
    ];
    // Act
    const results = [];
    for (const c of cases) {
      resetOutboundBreakers();
      const sub = await subscribe({ webhookUrl: c.url, timeoutSeconds: c.timeoutSeconds ?? 5 });
      const test = await admin.post(`${sub.base}/test`, {});
      const state = await subscriptionOf(sub.systemId, sub.webhookId);
      results.push({ test: test.body, state });
    }
    // Assess
    results.forEach(({ test, state }, i) => {
      const { statusCode, failure } = cases[i]!;
      expect(test, cases[i]!.url).toMatchObject({ statusCode, failure });
      expect(state.lastFailure, cases[i]!.url).toMatchObject({ statusCode, failure });
    });
    expect(results[3]!.test.durationMs).toBeGreaterThanOrEqual(900);
    tms.state.webhookAnswers = {};
    tms.state.webhookDelayMs = {};
  });

  it('pages the delivery log newest first', async () => {
    // Prepare: three test events, the first two refused (no path answers them but 404), the third delivered.
    const sub = await subscribe({ webhookUrl: `${tms.url}/webhooks/paged`, signingSecret: RECEIVER_SECRET });
    tms.state.webhookAnswers = { '/webhooks/paged': 404 };
    const first = await admin.post(`${sub.base}/test`, {});
    const second = await admin.post(`${sub.base}/test`, {});
    tms.state.webhookAnswers = {};
    const third = await admin.post(`${sub.base}/test`, {});
    // Act
    const page1 = await admin.get(`${sub.base}/deliveries?limit=2`);
    const page2 = await admin.get(`${sub.base}/deliveries?limit=2&cursor=${page1.body.nextCursor}`);
    const badCursor = await admin.get(`${sub.base}/deliveries?cursor=not-a-cursor`);
    // Assess
    expect(page1.body.data.map((l: { eventId: string }) => l.eventId)).toEqual([
      third.body.eventId,
      second.body.eventId,
    ]);
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    expect(page2.body.data.map((l: { eventId: string }) => l.eventId)).toEqual([first.body.eventId]);
    expect(page2.body.nextCursor).toBeNull();
    expect(page2.body.data[0]).toMatchObject({ eventType: 'test', attempt: 1, statusCode: 404, failure: 'NOT_FOUND' });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.errors).toEqual({ cursor: 'This page link is not valid' });
  });
});

describe('refusals change nothing', () => {
  it('refuses a malformed signing secret under its field, in English and Hindi, and keeps no subscription', async () => {
    // Prepare
    const systemId = await newSystem();
    const body = { eventType: 'appointment.created', webhookUrl: `${tms.url}/webhooks`, signingSecret: 'letmein' };
    // Act
    const english = await admin.post(`/api/integrations/systems/${systemId}/webhooks`, body);
    const hindi = await admin.post(`/api/integrations/systems/${systemId}/webhooks`, body, {
      headers: { 'accept-language': 'hi' },
    });
    const list = await admin.get(`/api/integrations/systems/${systemId}/webhooks`);
    // Assess
    expect(english.status).toBe(400);
    expect(english.body.errors).toEqual({
      signingSecret: 'A signing secret is whsec_ followed by base64 of 24 to 64 bytes',
    });
    expect(hindi.status).toBe(400);
    expect(hindi.body.errors.signingSecret).toBe('साइनिंग सीक्रेट whsec_ से शुरू होता है, उसके बाद 24 से 64 बाइट का base64');
    expect(list.body).toEqual([]);
  });

  it('refuses an edit of a subscription changed since it was loaded (409 with the current one) and keeps the secret', async () => {
    // Prepare
    const sub = await subscribe({ webhookUrl: `${tms.url}/webhooks/stale`, signingSecret: RECEIVER_SECRET });
    const path = `/api/integrations/systems/${sub.systemId}/webhooks/${sub.webhookId}`;
    const first = await admin.request('PATCH', path, { body: { timeoutSeconds: 7, revision: 0 } });
    // Act: a second screen still at revision 0 tries to change the secret.
    const stale = await admin.request('PATCH', path, { body: { signingSecret: WRONG_SECRET, revision: 0 } });
    const test = await admin.post(`${sub.base}/test`, {});
    // Assess: the receiver still verifies the old secret.
    expect(first.status).toBe(200);
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: sub.webhookId, timeoutSeconds: 7, revision: 1 });
    expect(test.body).toMatchObject({ statusCode: 204, failure: null });
  });

  it('does not send to a deactivated subscription, and answers 404 for a delivery it does not have', async () => {
    // Prepare
    const sub = await subscribe({ webhookUrl: `${tms.url}/webhooks/off`, signingSecret: RECEIVER_SECRET });
    const test = await admin.post(`${sub.base}/test`, {});
    const path = `/api/integrations/systems/${sub.systemId}/webhooks/${sub.webhookId}`;
    await admin.request('PATCH', path, { body: { isActive: false } });
    const before = tms.state.webhooks.length;
    // Act
    const resend = await admin.post(`${sub.base}/deliveries/${test.body.eventId}/resend`, {});
    const another = await admin.post(`${sub.base}/test`, {});
    await admin.request('PATCH', path, { body: { isActive: true } });
    const unknown = await admin.post(`${sub.base}/deliveries/no-such-event/resend`, {});
    const log = await admin.get(`${sub.base}/deliveries`);
    const after = await subscriptionOf(sub.systemId, sub.webhookId);
    // Assess
    // Switching it off and on changed nothing else (created with a 5 s timeout and 2 retries).
    expect(after).toMatchObject({ isActive: true, timeoutSeconds: 5, retryCount: 2 });
    expect(resend.status).toBe(409);
    expect(resend.body.message).toBe('This webhook subscription is deactivated. Activate it to send to it.');
    expect(another.status).toBe(409);
    expect(unknown.status).toBe(404);
    expect(tms.state.webhooks.length).toBe(before);
    expect(log.body.data).toHaveLength(1);
  });

  it("another tenant's admin can neither read the log nor resend the delivery", async () => {
    // Prepare
    const sub = await subscribe({ webhookUrl: `${tms.url}/webhooks/mine`, signingSecret: RECEIVER_SECRET });
    const test = await admin.post(`${sub.base}/test`, {});
    const other = await signUpOrganisation(api.url);
    const before = tms.state.webhooks.length;
    // Act
    const log = await other.admin.get(`${sub.base}/deliveries`);
    const resend = await other.admin.post(`${sub.base}/deliveries/${test.body.eventId}/resend`, {});
    // Assess
    expect(log.status).toBe(404);
    expect(resend.status).toBe(404);
    expect(tms.state.webhooks.length).toBe(before);
  });
});
