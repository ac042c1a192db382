// India's DLT rules through the real local HTTP path (issue #28.11): the hub's registration on the
// settings (formats checked, nothing saved on a bad one, the demo's stand-in marked as demo), an SMS
// whose text has no DLT template id refused and logged as failed with the reason (no provider call),
// the provider call carrying the hub's entity id, header and template id, and system SMS (account
// notices) taking the same path with the platform's registration from the deploy configuration.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { Client, startTestApi, type TestApi } from '../support/api';
import { FAKE_CREDENTIALS, startFakeProvider, type FakeProvider } from '../support/fake-sms-provider';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { createUser } from '../../functions/users';
import { serverMessageTranslator } from '../../shared/server-messages';
import SERVER_MESSAGES_HI from '../../shared/i18n/server-messages-hi.json';

const { translate } = serverMessageTranslator(SERVER_MESSAGES_HI);

let api: TestApi;
let fake: FakeProvider;
let admin: Client;

const DOCK_ASSIGNED_EN = 'Dock D04 assigned! Please proceed for loading/unloading.';
const DOCK_ASSIGNED_HI = 'डॉक D04 आवंटित! कृपया लोडिंग/अनलोडिंग के लिए आगे बढ़ें।';
/** The hub's own registration in these tests: dock_assigned registered in English only. */
const HUB_DLT = {
  entityId: '1201160000000054321',
  header: 'DKHUBT',
  templateIds: { dock_assigned: { en: '1207160000000010200', hi: '' } },
};

const settings = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  admin.request('PUT', '/api/messaging/settings', { body, headers });
const sendSms = (to: string, language: 'en' | 'hi', message: string) =>
  admin.post('/api/notifications/send', { to, channels: ['sms'], language, templateKey: 'dock_assigned', message });
const logOf = async (to: string) =>
  (await admin.get('/api/messaging/messages?limit=100')).body.items.filter((m: { to: string }) => m.to === to);

beforeAll(async () => {
  api = await startTestApi();
  fake = await startFakeProvider();
  admin = new Client(api.url);
  await admin.signIn('admin');
});
afterAll(async () => {
  await fake?.close();
  await api?.close();
});
afterEach(() => vi.unstubAllEnvs());

describe('the hub’s DLT registration', () => {
  it('starts as the demo’s stand-in, marked as demo, whose templates an SMS may carry only to the local outbox', async () => {
    const res = await admin.get('/api/messaging/settings');
    expect(res.status).toBe(200);
    expect(res.body.dlt).toMatchObject({ demo: true, entityId: '0000000000000000000', header: 'DSDEMO' });
    const smsCard = async () =>
      (await admin.get('/api/messaging/status')).body.find((c: { channel: string }) => c.channel === 'sms');
    const local = (await smsCard()).templates;
    expect(local.en).toEqual(expect.arrayContaining(['appointment_confirmed', 'dock_assigned', 'test_message']));
    // The platform's own texts (sign-in codes, invitations) are not the hub's to send.
    expect(local.en).not.toContain('sign_in_code');
    expect(local.hi).toEqual(local.en);
    vi.stubEnv('MESSAGING_MODE', 'live');
    expect((await smsCard()).templates).toEqual({ en: [], hi: [] });
  });

  it.each([
    [
      'an entity id of 12 digits',
      { ...HUB_DLT, entityId: '120116000000' },
      'dlt.entityId',
      'The DLT entity ID must be 19 digits',
      'DLT एंटिटी ID 19 अंकों की होनी चाहिए',
    ],
    [
      'the demo’s all-zero entity id',
      { ...HUB_DLT, entityId: '0000000000000000000' },
      'dlt.entityId',
      'All zeros is the demo stand-in, not a DLT ID: enter the ID from your DLT registration',
      'सभी शून्य डेमो का स्थानापन्न है, DLT ID नहीं: अपने DLT पंजीकरण की ID दर्ज करें',
    ],
    [
      'a header of digits',
      { ...HUB_DLT, header: '560001' },
      'dlt.header',
      'The sender header must be 6 letters (A-Z)',
      'सेंडर हेडर 6 अक्षरों (A-Z) का होना चाहिए',
    ],
    [
      'a template id of 18 digits',
      { ...HUB_DLT, templateIds: { dock_assigned: { en: '120716000000001020' } } },
      'dlt.templateIds.dock_assigned.en',
      'A DLT template ID must be 19 digits',
      'DLT टेम्पलेट ID 19 अंकों की होनी चाहिए',
    ],
  ])('refuses %s (400, English and Hindi) and keeps what was saved', async (_case, dlt, field, english, hindi) => {
    const before = (await admin.get('/api/messaging/settings')).body;
    const res = await settings({ dlt });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(english);
    const inHindi = await settings({ dlt }, { 'accept-language': 'hi' });
    expect(inHindi.body.errors[field]).toBe(hindi);
    expect((await admin.get('/api/messaging/settings')).body).toEqual(before);
  });
});

describe('an SMS goes out only with its DLT ids', () => {
  beforeAll(async () => {
    const saved = await settings({
      smsProvider: {
        baseUrl: fake.url,
        accountSid: 'hub1',
        apiKey: FAKE_CREDENTIALS.apiKey,
        apiToken: FAKE_CREDENTIALS.apiToken,
      },
      snsBackup: false,
      dlt: HUB_DLT,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.dlt).toEqual({
      entityId: '1201160000000054321',
      header: 'DKHUBT',
      templateIds: { dock_assigned: { en: '1207160000000010200', hi: null } },
      demo: false,
    });
  });

  it('refuses a template without its DLT id: logged as failed with the reason, no provider call', async () => {
    // Prepare: real transports; dock_assigned has no Hindi DLT id.
    vi.stubEnv('MESSAGING_MODE', 'live');
    const before = fake.requests.length;
    // Act
    const res = await sendSms('+919812300041', 'hi', DOCK_ASSIGNED_HI);
    // Assess
    expect(res.status).toBe(422);
    const reason =
      'Not sent: "Dock Assigned" has no DLT template ID for its Hindi text. Add it under Configuration, Messaging providers';
    expect(res.body.message).toBe(`The notification could not be sent. SMS: ${reason}`);
    expect(await logOf('+919812300041')).toEqual([
      expect.objectContaining({
        channel: 'sms',
        template: 'dock_assigned',
        language: 'hi',
        status: 'failed',
        reason,
        attempts: 0,
        provider: null,
      }),
    ]);
    expect(fake.requests.length).toBe(before);
    // The log shows the reason in the reader's language (the one catalogue of server texts).
    expect(translate(reason, 'hi')).toBe(
      'नहीं भेजा गया: "Dock Assigned" के हिंदी टेक्स्ट की कोई DLT टेम्पलेट ID नहीं है। इसे कॉन्फ़िगरेशन, मैसेजिंग प्रदाता में जोड़ें',
    );
  });

  it('tells the Messaging Center which templates an SMS may carry: only those registered, in their languages', async () => {
    const smsCard = async () =>
      (await admin.get('/api/messaging/status')).body.find((c: { channel: string }) => c.channel === 'sms');
    expect((await smsCard()).templates).toEqual({ en: ['dock_assigned'], hi: [] });
    // The operators' scrubbing refuses the demo's stand-in ids outside the local sink: none is offered there.
    expect((await settings({ dlt: null })).status).toBe(200);
    expect((await smsCard()).templates).toEqual({ en: [], hi: [] });
    expect((await settings({ dlt: HUB_DLT })).status).toBe(200);
    const other = (await admin.get('/api/messaging/status')).body.filter(
      (c: { channel: string }) => c.channel !== 'sms',
    );
    expect(other.map((c: { templates?: unknown }) => c.templates)).toEqual([undefined, undefined, undefined]);
  });

  it('sends with the hub’s entity id, header and the text’s template id', async () => {
    vi.stubEnv('MESSAGING_MODE', 'live');
    const res = await sendSms('+919812300043', 'en', DOCK_ASSIGNED_EN);
    expect(res.status, res.text).toBe(200);
    const form = new URLSearchParams(fake.requests.at(-1)!.body);
    expect({
      From: form.get('From'),
      DltEntityId: form.get('DltEntityId'),
      DltTemplateId: form.get('DltTemplateId'),
      To: form.get('To'),
    }).toEqual({
      From: 'DKHUBT',
      DltEntityId: '1201160000000054321',
      DltTemplateId: '1207160000000010200',
      To: '+919812300043',
    });
    expect(await logOf('+919812300043')).toEqual([expect.objectContaining({ status: 'sent', provider: 'exotel-sms' })]);
  });

  it('refuses every SMS once the registration is removed', async () => {
    vi.stubEnv('MESSAGING_MODE', 'live');
    expect((await settings({ dlt: null })).body.dlt).toBeNull();
    const res = await sendSms('+919812300044', 'en', DOCK_ASSIGNED_EN);
    expect(res.status).toBe(422);
    expect((await logOf('+919812300044'))[0]).toMatchObject({
      status: 'failed',
      reason:
        'Not sent: SMS needs the hub’s DLT registration. Enter the DLT entity ID and sender header under Configuration, Messaging providers',
    });
    expect((await settings({ dlt: HUB_DLT })).status).toBe(200);
  });
});

describe('system SMS (account notices) take the same path with the platform’s registration', () => {
  const PLATFORM_DLT = {
    entityId: '1001550000000012345',
    header: 'DKSATH',
    templateIds: { registration_approved: { en: '1007160000000077001' } },
  };

  /** A registration waiting for approval, with a mobile number and an e-mail address. */
  async function pendingAccount(phoneNumber: string) {
    const email = `notice.${randomUUID().slice(0, 8)}@example.in`;
    const user = await createUser(
      {
        tenantId: DEMO_TENANT_ID,
        username: email,
        email,
        phoneNumber,
        firstName: 'Kiran',
        lastName: 'Rao',
        profileImageUrl: null,
        role: 'security_officer',
        extraRoles: [],
        userType: 'dockyard_employee',
        status: 'pending',
        isVerified: false,
        passwordHash: 'x',
        profile: {},
      },
      null,
    );
    return user.id;
  }

  it('sends the approval notice through SNS with the platform’s entity id, header and template id, logged in the hub’s log', async () => {
    // Prepare: a deployment (real transports, SNS and SES mocked) configured with the platform's registration.
    vi.stubEnv('MESSAGING_MODE', 'live');
    vi.stubEnv('PLATFORM_SMS_DLT', JSON.stringify(PLATFORM_DLT));
    const sns = mockClient(SNSClient);
    sns.on(PublishCommand).resolves({ MessageId: 'sns-notice-1' });
    const ses = mockClient(SESClient);
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-notice-1' });
    const id = await pendingAccount('+919812300045');
    // Act
    const approved = await admin.post(`/api/admin/approve-user/${id}`, {});
    const published = sns.commandCalls(PublishCommand).map((c) => c.args[0].input);
    sns.restore();
    ses.restore();
    // Assess
    expect(approved.status, approved.text).toBe(200);
    expect(published).toEqual([
      {
        PhoneNumber: '+919812300045',
        Message: 'Your DockSaathi account is approved. You can now sign in.',
        MessageAttributes: {
          'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
          'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: 'DKSATH' },
          'AWS.MM.SMS.EntityId': { DataType: 'String', StringValue: '1001550000000012345' },
          'AWS.MM.SMS.TemplateId': { DataType: 'String', StringValue: '1007160000000077001' },
        },
      },
    ]);
    expect(await logOf('+919812300045')).toEqual([
      expect.objectContaining({
        channel: 'sms',
        template: 'registration_approved',
        status: 'sent',
        provider: 'sns-sms',
        providerMessageId: 'sns-notice-1',
      }),
    ]);
  });

  it('without the platform’s registration in the deployment sends no SMS (failed with the reason), and the e-mail still goes', async () => {
    vi.stubEnv('MESSAGING_MODE', 'live');
    vi.stubEnv('PLATFORM_SMS_DLT', '');
    const sns = mockClient(SNSClient);
    const ses = mockClient(SESClient);
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-notice-2' });
    const id = await pendingAccount('+919812300046');
    const approved = await admin.post(`/api/admin/approve-user/${id}`, {});
    const published = sns.commandCalls(PublishCommand).length;
    const mailed = ses.commandCalls(SendEmailCommand).map((c) => c.args[0].input.Message?.Body?.Text?.Data);
    sns.restore();
    ses.restore();
    expect(approved.status, approved.text).toBe(200);
    expect(published).toBe(0);
    expect(mailed).toEqual(['Your DockSaathi account has been approved. You can now sign in.']);
    expect(await logOf('+919812300046')).toEqual([
      expect.objectContaining({
        template: 'registration_approved',
        status: 'failed',
        reason: 'Not sent: the platform’s DLT registration is missing from this deployment’s configuration',
      }),
    ]);
  });
});
