// A provider that answers 5xx or not at all (issue #55), through the local stack's faults at the
// outbound port (functions/local/faults.ts, functions/lib/outbound.ts): an SMS whose first call the
// provider answered 503, or that timed out before reaching it, is tried again and sent once; the
// message log records both attempts. An SMS the provider got whose answer was lost is not sent again
// (a second copy to the driver): it is unconfirmed until the provider's delivery report, which carries
// our message id, settles it.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { signSmsCallback } from '../../functions/messaging/callbacks';
import { sendOne, type SendRequest } from '../../functions/messaging/deliver';
import { claimDispatch, createMessage, getMessage } from '../../functions/messaging/message.store';
import { eventMessageId } from '../../functions/messaging/rules';
import { Client, startTestApi, type TestApi } from '../support/api';
import { fakeProviderSettings, startFakeProvider, type FakeProvider } from '../support/fake-sms-provider';
import { useFaults, type Faults } from '../support/faults';

let api: TestApi;
let fake: FakeProvider;
let ops: Client;
let faults: Faults;
const SMS_CALLBACK_SECRET = 'cb-secret-for-faults';

beforeAll(async () => {
  api = await startTestApi();
  fake = await startFakeProvider();
  faults = await useFaults();
  ops = new Client(api.url);
  await ops.signIn('operations');
  const saved = await ops.request('PUT', '/api/messaging/settings', {
    body: { ...fakeProviderSettings(fake, { sms: 'cb-secret-for-faults', whatsapp: 'wa-secret-for-faults' }) },
  });
  expect(saved.status, saved.text).toBe(200);
});
afterEach(() => {
  faults.off();
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await fake?.close();
  await api?.close();
});

const sendDockAssigned = (to: string, dock: string) =>
  ops.post('/api/notifications/send', {
    to,
    channels: ['sms'],
    language: 'en',
    templateKey: 'dock_assigned',
    message: `Dock ${dock} assigned! Please proceed for loading/unloading.`,
  });
const logOf = async (to: string) =>
  (await ops.get('/api/messaging/messages?limit=50')).body.items.filter((m: { to: string }) => m.to === to);
const calls = (to: string) => fake.requests.filter((r) => r.body.includes(encodeURIComponent(to))).length;

describe('provider faults at the outbound port', () => {
  it.each([
    ['answered 503', 'outbound.5xx', '+919812300051', 'D05'],
    ['timed out before reaching the provider', 'outbound.timeout', '+919812300052', 'D06'],
  ])('an SMS whose first call %s is tried again: sent once, both attempts logged', async (_what, fault, to, dock) => {
    // Prepare: the real transport to the fake provider.
    vi.stubEnv('MESSAGING_MODE', 'live');
    faults.on({ [fault]: 1 }, { [fault]: 1 });
    // Act
    const res = await sendDockAssigned(to, dock);
    // Assess
    expect(res.status, res.text).toBe(200);
    expect(faults.injected()).toEqual({ [fault]: 1 });
    const [entry, ...others] = await logOf(to);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ status: 'sent', provider: 'exotel-sms', attempts: 2 });
    expect(entry.attemptLog.map((a: { ok: boolean }) => a.ok)).toEqual([false, true]);
    expect(calls(to)).toBe(1);
  });

  it('an SMS the provider got whose answer was lost is not sent again: unconfirmed, then delivered by its report', async () => {
    // Prepare: the real transport; the provider gets the call and its answer is lost.
    vi.stubEnv('MESSAGING_MODE', 'live');
    faults.on({ 'outbound.lost': 1 }, { 'outbound.lost': 1 });
    const to = '+919812300053';
    // Act
    const res = await sendDockAssigned(to, 'D07');
    // Assess: one call reached the provider, and no second one followed (no retry, no SNS fail-over).
    expect(res.status, res.text).toBe(200);
    expect(faults.injected()).toEqual({ 'outbound.lost': 1 });
    expect(calls(to)).toBe(1);
    const [entry, ...others] = await logOf(to);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      status: 'unconfirmed',
      provider: 'exotel-sms',
      providerMessageId: null,
      attempts: 1,
      reason:
        'The provider may have got this message (its answer was lost), so it was not sent again; its delivery report will confirm it',
    });
    // Act: the provider's delivery report names the message by our id (CustomField).
    const at = String(Math.floor(Date.now() / 1000));
    const body = new URLSearchParams({
      SmsSid: 'SM-lost-answer-1',
      Status: 'delivered',
      CustomField: entry.id,
    }).toString();
    const report = await new Client(api.url).request('POST', `/api/messaging/callbacks/${DEMO_TENANT_ID}/sms`, {
      rawBody: body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-callback-timestamp': at,
        'x-callback-signature': signSmsCallback(SMS_CALLBACK_SECRET, at, body),
      },
    });
    // Assess
    expect(report.status, report.text).toBe(200);
    const [settled] = await logOf(to);
    expect(settled).toMatchObject({ id: entry.id, status: 'delivered' });
    expect(calls(to)).toBe(1);
  });

  // A domain event's message (a stream delivers the event at least once): its id comes from the event.
  const eventMessage = (to: string, eventId: string): SendRequest => ({
    tenantId: DEMO_TENANT_ID,
    channel: 'sms',
    to,
    language: 'en',
    templateKey: 'dock_assigned',
    text: 'Dock D08 assigned! Please proceed for loading/unloading.',
    event: { id: eventId, type: 'appointment.dock_assigned' },
  });

  it('an event delivered twice at once sends its SMS once: the second try finds the first handing it over', async () => {
    // Prepare: the provider answers slowly, so both tries overlap.
    vi.stubEnv('MESSAGING_MODE', 'live');
    fake.delay(800);
    const to = '+919812300054';
    const request = eventMessage(to, `evt-twice-${Date.now()}`);
    // Act
    const [first, second] = await Promise.all([sendOne(request), sendOne(request)]);
    fake.delay(0);
    // Assess
    expect(calls(to)).toBe(1);
    expect(first.messageId).toBe(second.messageId);
    expect([first.status, second.status].sort()).toEqual(['queued', 'sent']);
    expect(await getMessage(DEMO_TENANT_ID, first.messageId)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a try that stopped while handing an SMS over is not repeated: unconfirmed once that try has surely stopped', async () => {
    // Prepare: the message of an event as a try left it that claimed it and stopped (its function timed
    // out while the provider had the call): queued, claimed, no outcome.
    vi.stubEnv('MESSAGING_MODE', 'live');
    const to = '+919812300055';
    const request = eventMessage(to, `evt-stopped-${Date.now()}`);
    const id = eventMessageId(request.event!.id, 'sms');
    const at = (msAgo: number) => new Date(Date.now() - msAgo);
    const left = {
      id,
      tenantId: DEMO_TENANT_ID,
      channel: 'sms' as const,
      to,
      template: 'dock_assigned',
      language: 'en' as const,
      body: request.text!,
      status: 'queued' as const,
      reason: null,
      provider: null,
      providerMessageId: null,
      attempts: 0,
      attemptLog: [],
      eventId: request.event!.id,
      eventType: request.event!.type,
      createdAt: at(30_000).toISOString(),
      updatedAt: at(30_000).toISOString(),
    };
    expect(await createMessage(left, null)).toBe('created');
    expect(await claimDispatch(left, at(30_000))).toBe(true);
    // Act: the event comes again 30 s after the claim, then again two minutes after it.
    const soon = await sendOne(request);
    const later = await sendOne(request, new Date(Date.now() + 90_000));
    // Assess: neither try called the provider; the first left the message to the try that may still run.
    expect(calls(to)).toBe(0);
    expect(soon).toMatchObject({ messageId: id, status: 'queued' });
    expect(later).toMatchObject({ messageId: id, status: 'unconfirmed' });
    expect(await getMessage(DEMO_TENANT_ID, id)).toMatchObject({
      status: 'unconfirmed',
      reason:
        'The provider may have got this message (its answer was lost), so it was not sent again; its delivery report will confirm it',
    });
  });
});
