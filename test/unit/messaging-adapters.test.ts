// The provider adapters (issue #15): the exact SNS and SES commands (aws-sdk-client-mock), and the
// HTTP adapters against a fake provider on loopback: accepted, wrong key, scrubbed by DLT, slow
// (timeout) and 5xx (retryable), each as the sender must tell them apart.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { exotelSms, exotelVoice, type ExotelConfig } from '../../functions/messaging/providers/exotel';
import { whatsappCloud } from '../../functions/messaging/providers/whatsapp-cloud';
import { sesEmail, snsSms } from '../../functions/messaging/providers/aws';
import { providerReason, sendRequest } from '../../functions/messaging/providers/transport';
import { ProviderError, type ProviderMessage } from '../../functions/messaging/providers/types';
import { findTemplate, renderTemplate } from '../../shared/contracts/messaging';
import { FAKE_CREDENTIALS, startFakeProvider, TEST_DLT, type FakeProvider } from '../support/fake-sms-provider';

const template = findTemplate('dock_assigned')!;
/** The test hub's registration of dock_assigned in Hindi (test/support/fake-sms-provider.ts TEST_DLT). */
const DOCK_ASSIGNED_HI = TEST_DLT.templateIds.dock_assigned!.hi!;
const message = (over: Partial<ProviderMessage> = {}): ProviderMessage => ({
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  tenantId: 't1',
  channel: 'sms',
  to: '+919812300002',
  language: 'hi',
  template,
  values: { dock: 'D04' },
  body: renderTemplate('dock_assigned', 'hi', { dock: 'D04' }),
  subject: null,
  freeText: false,
  choicesButton: null,
  dlt: { entityId: '1201160000000054321', header: 'DKHUBT', templateId: DOCK_ASSIGNED_HI },
  ...over,
});

let fake: FakeProvider;
const exotel = (over: Partial<ExotelConfig> = {}): ExotelConfig => ({
  baseUrl: fake.url,
  accountSid: 'hub1',
  apiKey: FAKE_CREDENTIALS.apiKey,
  apiToken: FAKE_CREDENTIALS.apiToken,
  voiceCallerId: '08047112233',
  statusCallbackUrl: 'https://hub.example.in/api/messaging/callbacks/t1/sms',
  ...over,
});

beforeAll(async () => {
  vi.stubEnv('MESSAGING_MODE', 'live');
  vi.stubEnv('MESSAGING_PROVIDER_TIMEOUT_MS', '300');
  // The fake provider is on loopback, which the outbound port reaches only when told to.
  vi.stubEnv('OUTBOUND_ALLOW_ADDRESSES', '127.0.0.1');
  fake = await startFakeProvider();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fake.close();
});
afterEach(() => {
  fake.delay(0);
  fake.failNext(0, 0);
});

describe('AWS adapters', () => {
  it('publishes the backup SMS on SNS with the registration’s DLT entity and template ids, header and Transactional type', async () => {
    // Prepare
    const sns = mockClient(SNSClient);
    sns.on(PublishCommand).resolves({ MessageId: 'sns-1' });
    // Act
    const answer = await sendRequest('sns-sms', message(), snsSms.build(message(), {}), new Date());
    // Assess
    expect(snsSms.messageIdOf(answer)).toBe('sns-1');
    expect(sns.commandCalls(PublishCommand)[0]!.args[0].input).toEqual({
      PhoneNumber: '+919812300002',
      Message: 'डॉक D04 आवंटित! कृपया लोडिंग/अनलोडिंग के लिए आगे बढ़ें।',
      MessageAttributes: {
        'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: 'DKHUBT' },
        'AWS.MM.SMS.EntityId': { DataType: 'String', StringValue: '1201160000000054321' },
        'AWS.MM.SMS.TemplateId': { DataType: 'String', StringValue: DOCK_ASSIGNED_HI },
      },
    });
    sns.restore();
  });

  it('builds no SMS request without the DLT fields (neither SNS nor the Indian provider)', () => {
    expect(() => snsSms.build(message({ dlt: null }), {})).toThrow('An SMS needs its DLT registration');
    expect(() => exotelSms.build(message({ dlt: null }), exotel())).toThrow('An SMS needs its DLT registration');
  });

  it('sends e-mail through SES with the sender, subject, UTF-8 text and the message id tag', async () => {
    // Prepare
    const ses = mockClient(SESClient);
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
    const mail = message({
      channel: 'email',
      to: 'ajay@example.in',
      subject: 'DockSaathi notification',
      template: null,
      values: null,
      body: 'Gate 2 is closed today.',
    });
    // Act
    await sendRequest(
      'ses-email',
      mail,
      sesEmail.build(mail, { from: 'hub@docksaathi.in', configurationSet: 'messages' }),
      new Date(),
    );
    // Assess
    expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input).toEqual({
      Source: 'hub@docksaathi.in',
      Destination: { ToAddresses: ['ajay@example.in'] },
      Message: {
        Subject: { Data: 'DockSaathi notification', Charset: 'UTF-8' },
        Body: { Text: { Data: 'Gate 2 is closed today.', Charset: 'UTF-8' } },
      },
      ConfigurationSetName: 'messages',
      Tags: [
        { Name: 'messageId', Value: '6f1c2d3e-0000-4000-8000-000000000001' },
        { Name: 'tenantId', Value: 't1' },
      ],
    });
    ses.restore();
  });

  it('reports an SNS throttling error as retryable and a refused number as final', async () => {
    const sns = mockClient(SNSClient);
    sns
      .on(PublishCommand)
      .rejectsOnce(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException', $fault: 'server' }))
      .rejectsOnce(
        Object.assign(new Error('Invalid parameter: PhoneNumber'), {
          name: 'InvalidParameterException',
          $fault: 'client',
        }),
      );
    const request = snsSms.build(message(), {});
    await expect(sendRequest('sns-sms', message(), request, new Date())).rejects.toMatchObject({ retryable: true });
    await expect(sendRequest('sns-sms', message(), request, new Date())).rejects.toMatchObject({ retryable: false });
    sns.restore();
  });
});

describe('HTTP adapters against the fake provider', () => {
  it('sends an SMS with the DLT fields, unicode for Hindi, and reads the provider’s id', async () => {
    const answer = await sendRequest('exotel-sms', message(), exotelSms.build(message(), exotel()), new Date());
    const form = new URLSearchParams(fake.requests.at(-1)!.body);
    expect(exotelSms.messageIdOf(answer)).toMatch(/^sms-\d+$/);
    expect(fake.requests.at(-1)!.path).toBe('/v1/Accounts/hub1/Sms/send.json');
    expect(Object.fromEntries(form)).toEqual({
      From: 'DKHUBT',
      To: '+919812300002',
      Body: 'डॉक D04 आवंटित! कृपया लोडिंग/अनलोडिंग के लिए आगे बढ़ें।',
      DltEntityId: '1201160000000054321',
      DltTemplateId: DOCK_ASSIGNED_HI,
      SmsType: 'transactional',
      EncodingType: 'unicode',
      StatusCallback: 'https://hub.example.in/api/messaging/callbacks/t1/sms',
      CustomField: '6f1c2d3e-0000-4000-8000-000000000001',
    });
  });

  it('a wrong key is a final failure, not retried', async () => {
    const err = await sendRequest(
      'exotel-sms',
      message(),
      exotelSms.build(message(), exotel({ apiToken: 'wrong' })),
      new Date(),
    ).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ retryable: false, message: expect.stringContaining('401') });
  });

  it('the operator scrubs a text that does not match its DLT template', async () => {
    const edited = message({ body: 'Dock D04 is yours, hurry up!' });
    const err = await sendRequest('exotel-sms', edited, exotelSms.build(edited, exotel()), new Date()).catch((e) => e);
    expect(err).toMatchObject({ retryable: false, message: expect.stringContaining('Scrubbed by operator') });
  });

  it("never echoes an answer's body: only a provider error message, printable and short", async () => {
    const secretPage = `<html>internal admin ${'x'.repeat(300)}</html>`;
    expect(providerReason(secretPage)).toBeNull();
    expect(providerReason(JSON.stringify({ token: 'internal-secret', detail: 'x' }))).toBeNull();
    expect(providerReason(JSON.stringify({ error: { message: 'Invalid parameter\u0000\n  (#100)' } }))).toBe(
      'Invalid parameter (#100)',
    );
    expect(providerReason(JSON.stringify({ RestException: { Message: 'A'.repeat(500) } }))).toHaveLength(120);
  });

  it('a slow provider times out, not to be sent again (it had the whole request); a 5xx may be retried', async () => {
    fake.delay(1000);
    await expect(
      sendRequest('exotel-sms', message(), exotelSms.build(message(), exotel()), new Date()),
    ).rejects.toMatchObject({
      retryable: false,
      maybeSent: true,
      message: 'No answer within 300 ms after the provider got the message',
    });
    fake.delay(0);
    fake.failNext(503, 1);
    await expect(
      sendRequest('exotel-sms', message(), exotelSms.build(message(), exotel()), new Date()),
    ).rejects.toMatchObject({ retryable: true, maybeSent: false, message: expect.stringContaining('503') });
  });

  it('places a text-to-speech call in Hindi and sends a WhatsApp template with its language code', async () => {
    const voice = message({ channel: 'voice' });
    await sendRequest('exotel-voice', voice, exotelVoice.build(voice, exotel()), new Date());
    const call = new URLSearchParams(fake.requests.at(-1)!.body);
    expect(call.get('From')).toBe('+919812300002');
    expect(JSON.parse(call.get('CustomField')!)).toEqual({ ref: voice.id, say: voice.body, language: 'hi-IN' });
    const wa = message({ channel: 'whatsapp' });
    const answer = await sendRequest(
      'whatsapp-cloud',
      wa,
      whatsappCloud.build(wa, {
        baseUrl: fake.url,
        phoneNumberId: '1234567',
        accessToken: FAKE_CREDENTIALS.accessToken,
      }),
      new Date(),
    );
    expect(whatsappCloud.messageIdOf(answer)).toMatch(/^wamid\./);
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919812300002',
      biz_opaque_callback_data: wa.id,
      type: 'template',
      template: {
        name: 'docksaathi_dock_assigned',
        language: { code: 'hi' },
        components: [{ type: 'body', parameters: [{ type: 'text', parameter_name: 'dock', text: 'D04' }] }],
      },
    });
  });

  it("sends a WhatsApp template's URL button with the person's choices token; the API refuses any other suffix", async () => {
    const config = { baseUrl: fake.url, phoneNumberId: '1234567', accessToken: FAKE_CREDENTIALS.accessToken };
    const token = 'AbCdEfGhIjKlMnOp~tr0sm8~AbCd~0123456789abcdefghij_-';
    const wa = message({ channel: 'whatsapp', choicesButton: token });
    await sendRequest('whatsapp-cloud', wa, whatsappCloud.build(wa, config), new Date());
    expect(JSON.parse(fake.requests.at(-1)!.body).template.components).toEqual([
      { type: 'body', parameters: [{ type: 'text', parameter_name: 'dock', text: 'D04' }] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: token }] },
    ]);
    const broken = message({ channel: 'whatsapp', choicesButton: 'https://elsewhere.example/x' });
    await expect(
      sendRequest('whatsapp-cloud', broken, whatsappCloud.build(broken, config), new Date()),
    ).rejects.toMatchObject({ retryable: false, message: expect.stringContaining('400') });
  });
});
