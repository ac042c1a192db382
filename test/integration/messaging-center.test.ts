// The Messaging Center through the real local HTTP path (issue #15): who may send, bad input (4xx,
// nothing sent), the 60-second duplicate guard, the primary SMS provider failing over to SNS with
// both attempts logged, signed provider callbacks (delivered; unsigned, wrongly signed and replayed
// refused), STOP suppressing the next SMS, WhatsApp statuses, and settings that never return a secret.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { createSign, generateKeyPairSync } from 'node:crypto';
import { Client, startTestApi, type TestApi } from '../support/api';
import {
  FAKE_CREDENTIALS,
  fakeProviderSettings,
  startFakeProvider,
  type FakeProvider,
} from '../support/fake-sms-provider';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { signSmsCallback, signWhatsappCallback } from '../../functions/messaging/callbacks';
import { SNS_CERTIFICATES, snsStringToSign } from '../../functions/messaging/ses-events';

let api: TestApi;
let fake: FakeProvider;
let ops: Client;
const CALLBACK_SECRET = 'cb-secret-for-tests';
const APP_SECRET = 'wa-app-secret-for-tests';

const dockAssigned = (dock: string) => `Dock ${dock} assigned! Please proceed for loading/unloading.`;
const send = (client: Client, body: Record<string, unknown>) =>
  client.post('/api/notifications/send', { channels: ['sms'], language: 'en', templateKey: 'dock_assigned', ...body });

beforeAll(async () => {
  api = await startTestApi();
  fake = await startFakeProvider();
  ops = new Client(api.url);
  await ops.signIn('operations');
  const saved = await ops.request('PUT', '/api/messaging/settings', {
    body: { ...fakeProviderSettings(fake, { sms: CALLBACK_SECRET, whatsapp: APP_SECRET }), snsBackup: true },
  });
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => {
  await fake?.close();
  await api?.close();
});
afterEach(() => {
  vi.unstubAllEnvs();
  fake.failNext(0, 0);
});

const log = async (to: string) =>
  (await ops.get('/api/messaging/messages?limit=50')).body.items.filter((m: { to: string }) => m.to === to);

describe('who may send, and bad input', () => {
  it('refuses spectators and drivers (403) and lets operations send', async () => {
    for (const role of ['spectator', 'driver']) {
      const client = new Client(api.url);
      await client.signIn(role);
      expect((await send(client, { to: '+919812300011', message: dockAssigned('D01') })).status).toBe(403);
      expect((await client.get('/api/messaging/messages')).status).toBe(403);
    }
    const ok = await send(ops, { to: '09812300011', message: dockAssigned('D01') });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({
      message: 'Multi-channel notification sent successfully',
      outcomes: [{ channel: 'sms', status: 'sent' }],
    });
  });

  it.each([
    ['missing phone', { to: '', message: 'x' }, 'Please enter phone number and message'],
    ['missing message', { to: '+919812300012', message: '' }, 'Please enter phone number and message'],
    [
      'no channel',
      { to: '+919812300012', message: dockAssigned('D01'), channels: [] },
      'Please select at least one notification channel',
    ],
    [
      'unknown channel',
      { to: '+919812300012', message: dockAssigned('D01'), channels: ['fax'] },
      'Unknown channel: use sms, whatsapp, voice or email',
    ],
    [
      'non-Indian number',
      { to: '+14155550123', message: dockAssigned('D01') },
      'Not an Indian mobile number. Use Indian format: +91 followed by 10-digit number',
    ],
    [
      'unknown template',
      { to: '+919812300012', message: dockAssigned('D01'), templateKey: 'no_such' },
      'Unknown message template',
    ],
    [
      'SMS without template',
      { to: '+919812300012', message: 'Come to dock 4 now', templateKey: null },
      'SMS: An SMS must use a DLT-registered template: choose a quick template',
    ],
    [
      'unfilled placeholder',
      { to: '+919812300012', message: 'Dock {dock} assigned! Please proceed for loading/unloading.' },
      'SMS: Fill in {dock} before sending',
    ],
    [
      'over the channel limit',
      { to: '+919812300012', message: 'a'.repeat(4097), templateKey: null, channels: ['voice', 'whatsapp'] },
      'Voice Call: The message is too long for Voice Call: at most 1,000 characters',
    ],
  ] as const)('answers 400 for %s and sends nothing', async (_case, body, message) => {
    const before = fake.requests.length;
    const res = await send(ops, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(fake.requests.length).toBe(before);
  });

  it('sends identical messages to one number within 60 s once', async () => {
    vi.stubEnv('MESSAGING_MODE', 'live');
    const first = await send(ops, { to: '+919812300013', message: dockAssigned('D02') });
    const second = await send(ops, { to: '+919812300013', message: dockAssigned('D02') });
    expect(first.body.outcomes[0].status).toBe('sent');
    expect(second.body.outcomes[0]).toMatchObject({
      status: 'suppressed',
      reason: 'The same message went to this recipient less than 60 s ago; sent once',
    });
    expect(fake.requests.filter((r) => r.body.includes('%2B919812300013'))).toHaveLength(1);
  });
});

describe('providers', () => {
  it('fails a primary SMS provider that keeps answering 5xx over to SNS, logging every attempt', async () => {
    // Prepare: real transports (the fake primary, SNS mocked).
    vi.stubEnv('MESSAGING_MODE', 'live');
    const sns = mockClient(SNSClient);
    sns.on(PublishCommand).resolves({ MessageId: 'sns-msg-1' });
    fake.failNext(503, 3);
    // Act
    const res = await send(ops, { to: '+919812300014', message: dockAssigned('D03') });
    sns.restore();
    // Assess
    expect(res.status, res.text).toBe(200);
    const [entry] = await log('+919812300014');
    expect(entry).toMatchObject({ status: 'sent', provider: 'sns-sms', providerMessageId: 'sns-msg-1', attempts: 4 });
    expect(entry.attemptLog.map((a: { provider: string; ok: boolean }) => `${a.provider}:${a.ok}`)).toEqual([
      'exotel-sms:false',
      'exotel-sms:false',
      'exotel-sms:false',
      'sns-sms:true',
    ]);
    expect(
      sns.commandCalls(PublishCommand)[0]!.args[0].input.MessageAttributes!['AWS.MM.SMS.TemplateId']!.StringValue,
    ).toBe('1207160000000010200');
    const status = await ops.get('/api/messaging/status');
    expect(status.body.find((c: { channel: string }) => c.channel === 'sms')).toMatchObject({
      configured: true,
      providers: ['exotel-sms', 'sns-sms'],
    });
    expect(status.body.find((c: { channel: string }) => c.channel === 'sms').lastFailureAt).not.toBeNull();
  });

  it('a wrong key is recorded as failed with the reason (422, never a 5xx)', async () => {
    vi.stubEnv('MESSAGING_MODE', 'live');
    await ops.request('PUT', '/api/messaging/settings', {
      body: {
        whatsapp: { baseUrl: fake.url, phoneNumberId: '1234567', accessToken: 'wrong-token', appSecret: APP_SECRET },
      },
    });
    const res = await ops.post('/api/messaging/test', { channel: 'whatsapp', to: '+919812300015' });
    await ops.request('PUT', '/api/messaging/settings', {
      body: {
        whatsapp: {
          baseUrl: fake.url,
          phoneNumberId: '1234567',
          accessToken: FAKE_CREDENTIALS.accessToken,
          appSecret: APP_SECRET,
        },
      },
    });
    expect(res.status).toBe(422);
    const [entry] = await log('+919812300015');
    expect(entry).toMatchObject({ status: 'failed', attempts: 1 });
    expect(entry.reason).toContain('401');
  });
});

describe('callbacks and opt-out', () => {
  const signedSms = (body: string, at = Math.floor(Date.now() / 1000)) => ({
    rawBody: body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-callback-timestamp': String(at),
      'x-callback-signature': signSmsCallback(CALLBACK_SECRET, String(at), body),
    },
  });
  const smsCallback = `/api/messaging/callbacks/${DEMO_TENANT_ID}/sms`;

  it('marks a message delivered from the provider’s signed callback; unsigned, wrongly signed and replayed ones change nothing', async () => {
    vi.stubEnv('MESSAGING_MODE', 'live');
    const sent = await send(ops, { to: '+919812300016', message: dockAssigned('D05') });
    const [entry] = await log('+919812300016');
    const body = new URLSearchParams({
      SmsSid: entry.providerMessageId,
      Status: 'delivered',
      CustomField: sent.body.outcomes[0].messageId,
    }).toString();
    const anonymous = new Client(api.url);
    // Act + Assess
    expect(
      (
        await anonymous.request('POST', smsCallback, {
          rawBody: body,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await anonymous.request('POST', smsCallback, {
          ...signedSms(body),
          headers: { ...signedSms(body).headers, 'x-callback-signature': 'sha256=00' },
        })
      ).status,
    ).toBe(401);
    expect(
      (await anonymous.request('POST', smsCallback, signedSms(body, Math.floor(Date.now() / 1000) - 3600))).status,
    ).toBe(401);
    expect((await log('+919812300016'))[0].status).toBe('sent');
    const signed = signedSms(body);
    expect((await anonymous.request('POST', smsCallback, signed)).status).toBe(200);
    expect((await log('+919812300016'))[0].status).toBe('delivered');
    expect((await anonymous.request('POST', smsCallback, signed)).status).toBe(409);
  });

  it('STOP from the driver suppresses the next SMS (logged as suppressed) until START', async () => {
    const anonymous = new Client(api.url);
    expect((await anonymous.request('POST', smsCallback, signedSms('From=%2B919812300017&Body=STOP'))).status).toBe(
      200,
    );
    const refused = await send(ops, { to: '+919812300017', message: dockAssigned('D06') });
    expect(refused.body.outcomes[0]).toMatchObject({
      status: 'suppressed',
      reason: 'The recipient opted out (STOP); nothing was sent',
    });
    expect((await anonymous.request('POST', smsCallback, signedSms('From=09812300017&Body=START'))).status).toBe(200);
    expect((await send(ops, { to: '+919812300017', message: dockAssigned('D07') })).body.outcomes[0].status).toBe(
      'sent',
    );
  });

  it('moves a WhatsApp message along from the webhook verified with X-Hub-Signature-256, and opens the 24-hour window', async () => {
    vi.stubEnv('MESSAGING_MODE', 'live');
    const res = await send(ops, { to: '+919812300018', channels: ['whatsapp'], message: dockAssigned('D08') });
    const [entry] = await log('+919812300018');
    const payload = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                statuses: [{ id: entry.providerMessageId, status: 'read' }],
                messages: [{ from: '919812300018', text: { body: 'ok ji' } }],
              },
            },
          ],
        },
      ],
    });
    const hook = `/api/messaging/callbacks/${DEMO_TENANT_ID}/whatsapp`;
    const anonymous = new Client(api.url);
    expect(res.body.outcomes[0].status).toBe('sent');
    expect(
      (
        await anonymous.request('POST', hook, {
          rawBody: payload,
          headers: {
            'content-type': 'application/json',
            'x-hub-signature-256': signWhatsappCallback('wrong', payload),
          },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await anonymous.request('POST', hook, {
          rawBody: payload,
          headers: {
            'content-type': 'application/json',
            'x-hub-signature-256': signWhatsappCallback(APP_SECRET, payload),
          },
        })
      ).status,
    ).toBe(200);
    expect((await log('+919812300018'))[0].status).toBe('delivered');
    // Inside the window a free-text WhatsApp message may go out.
    const free = await ops.post('/api/notifications/send', {
      to: '+919812300018',
      channels: ['whatsapp'],
      message: 'Gate 2 is closed, use gate 3',
      templateKey: null,
    });
    expect(free.status, free.text).toBe(200);
    expect(JSON.parse(fake.requests.at(-1)!.body)).toMatchObject({
      type: 'text',
      text: { body: 'Gate 2 is closed, use gate 3' },
    });
  });

  it('marks an e-mail delivered from SES’s event posted by SNS with a valid signature from our topic, once', async () => {
    // Prepare: SES (mocked) accepts the e-mail; SNS's signing key is known by its certificate URL.
    vi.stubEnv('MESSAGING_MODE', 'live');
    vi.stubEnv('SES_EVENTS_TOPIC_ARN', 'arn:aws:sns:ap-south-1:111111111111:ses-events');
    const ses = mockClient(SESClient);
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-msg-1' });
    const sent = await ops.post('/api/notifications/send', {
      to: '+919812300019',
      email: 'driver19@example.in',
      channels: ['email'],
      message: 'Gate 3 is open from 6 am',
      templateKey: null,
    });
    const tags = ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Tags!;
    ses.restore();
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const certUrl = 'https://sns.ap-south-1.amazonaws.com/SimpleNotificationService-test.pem';
    SNS_CERTIFICATES.set(certUrl, publicKey.export({ type: 'spki', format: 'pem' }).toString());
    const snsMessage = (over: Record<string, string> = {}) => {
      const m: Record<string, string> = {
        Type: 'Notification',
        MessageId: `sns-${Date.now()}`,
        TopicArn: 'arn:aws:sns:ap-south-1:111111111111:ses-events',
        Message: JSON.stringify({
          eventType: 'Delivery',
          mail: { tags: Object.fromEntries(tags.map((t) => [t.Name, [t.Value]])) },
        }),
        Timestamp: new Date().toISOString(),
        SignatureVersion: '2',
        SigningCertURL: certUrl,
        ...over,
      };
      m.Signature = createSign('RSA-SHA256').update(snsStringToSign(m)).sign(privateKey, 'base64');
      return m;
    };
    const post = (body: unknown) =>
      new Client(api.url).request('POST', '/api/messaging/callbacks/ses', {
        rawBody: JSON.stringify(body),
        headers: { 'content-type': 'text/plain' },
      });
    // Act + Assess
    expect(sent.status, sent.text).toBe(200);
    expect((await post({ ...snsMessage(), Message: '{"eventType":"Delivery"}' })).status).toBe(401);
    expect((await post(snsMessage({ TopicArn: 'arn:aws:sns:ap-south-1:999999999999:someone-else' }))).status).toBe(401);
    expect((await post({ Type: 'Notification' })).status).toBe(400);
    expect((await log('driver19@example.in'))[0].status).toBe('sent');
    const good = snsMessage();
    expect((await post(good)).status).toBe(200);
    expect((await log('driver19@example.in'))[0]).toMatchObject({
      status: 'delivered',
      provider: 'ses-email',
      providerMessageId: 'ses-msg-1',
    });
    expect((await post(good)).status).toBe(409);
  });

  it('never returns a secret or its ciphertext from the settings', async () => {
    const res = await ops.get('/api/messaging/settings');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(FAKE_CREDENTIALS.apiToken);
    expect(res.text).not.toContain(CALLBACK_SECRET);
    expect(res.text).not.toMatch(/local:v1:|kms:v1:/);
    expect(res.body.smsProvider).toMatchObject({
      apiKeySet: true,
      apiTokenSet: true,
      callbackSecretSet: true,
      accountSid: 'hub1',
    });
    expect(res.body.dlt).toMatchObject({ entityId: '1201160000000054321', header: 'DKHUBT', demo: false });
  });
});
