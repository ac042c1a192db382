// The WhatsApp webhook of issue #56 through the local HTTP path, with the fake Cloud API of `npm start`
// (functions/local/fake-whatsapp.ts) as Meta, the chat's inbox worker on the table's stream, and the
// conversation stood in for by an echo (the webhook side is tested here; the dialogue has its own
// tests): Meta's GET verification; POSTs refused unless signed by the hub's app secret for a number a
// hub connected (forged, unsigned, tampered, unknown number: 401, nothing applied); a wamid applied
// once however often Meta retries it; two messages from one number answered in the order written;
// reply buttons, a list choice, a template's quick reply and a location read as the conversation
// expects; a message older than the 24-hour window answered with nothing free-form; STOP handled by messaging, not the conversation; the statuses moving the message log; an
// inbound SMS reaching the conversation.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { fakeProviderSettings, startFakeProvider, type FakeProvider } from '../support/fake-sms-provider';
import { signUpOrganisation } from '../support/tenancy';
import { startFakeWhatsapp, type DriverAction, type FakeWhatsapp } from '../../functions/local/fake-whatsapp';
import { signSmsCallback, signWhatsappCallback } from '../../functions/messaging/callbacks';
import type { ChatMessageIn, ChatTurn } from '../../functions/chat/types';

// The conversation as an echo that says what it read; 'slow ...' takes its time (a second message waits).
const heard = vi.hoisted(() => [] as ChatMessageIn[]);
vi.mock('../../functions/chat/bot', () => ({
  async converse(message: ChatMessageIn): Promise<ChatTurn> {
    heard.push(message);
    const c = message.content;
    const said =
      c.kind === 'text' ? c.text : c.kind === 'reply' ? `reply ${c.id}` : `location ${c.latitude},${c.longitude}`;
    if (said.startsWith('slow')) await new Promise((r) => setTimeout(r, 700));
    if (said === 'menu')
      return {
        language: 'en',
        replies: [
          {
            kind: 'buttons',
            body: 'What would you like?',
            buttons: [
              { id: 'book', title: 'Book' },
              { id: 'mine', title: 'My bookings' },
            ],
          },
        ],
      };
    return { language: 'en', replies: [{ kind: 'text', body: `Echo: ${said}` }] };
  },
}));

const SMS_SECRET = 'sms-callback-secret-chat';
let api: TestApi;
let wa: FakeWhatsapp;
let sms: FakeProvider;
let ops: Client;
const anonymous = () => new Client(api.url);

beforeAll(async () => {
  api = await startTestApi({ workers: ['chat-inbox'] });
  wa = await startFakeWhatsapp();
  wa.productUrl = api.url;
  sms = await startFakeProvider();
  // The hub's WhatsApp goes to the fake (sent for real, as `npm start` does); SMS stays in the local sink.
  process.env.LOCAL_PROVIDER_FAKES = wa.url;
  ops = new Client(api.url);
  await ops.signIn('operations');
  const { phoneNumberId, accessToken, appSecret, verifyToken } = wa.account;
  const saved = await ops.request('PUT', '/api/messaging/settings', {
    body: {
      ...fakeProviderSettings(sms, { sms: SMS_SECRET, whatsapp: appSecret }),
      whatsapp: { baseUrl: wa.url, phoneNumberId, accessToken, appSecret, verifyToken },
    },
  });
  expect(saved.status, saved.text).toBe(200);
  expect(saved.body.whatsapp).toMatchObject({ phoneNumberId, appSecretSet: true, verifyTokenSet: true });
  expect(saved.body.callbackUrls.whatsappWebhook).toMatch(/\/api\/whatsapp\/webhook$/);
}, 120_000);
afterAll(async () => {
  delete process.env.LOCAL_PROVIDER_FAKES;
  await sms?.close();
  await wa?.close();
  await api?.close();
});

let counter = 0;
/** A new driver number per test (E.164), so each test reads only its own chat. */
const newNumber = () => `+9197${String(Date.now() % 1e6).padStart(6, '0')}${String(++counter).padStart(2, '0')}`;
const texts = (number: string) =>
  wa.sentTo(number).map((m) => {
    if (m.type === 'text') return (m.text as { body: string }).body;
    return `[${m.type}]`;
  });

async function until<T>(read: () => T[] | Promise<T[]>, count: number, timeoutMs = 10_000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await read();
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const post = (body: string, headers: Record<string, string> = {}) =>
  anonymous().request('POST', '/api/whatsapp/webhook', {
    rawBody: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
const signed = (hook: { body: string; signature: string }) =>
  post(hook.body, { 'x-hub-signature-256': hook.signature });
const says = (text: string): DriverAction => ({ kind: 'text', text });

describe('GET /api/whatsapp/webhook (Meta verification)', () => {
  it("echoes the challenge as plain text for a hub's verify token", async () => {
    const token = encodeURIComponent(wa.account.verifyToken);
    const res = await anonymous().get(
      `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
    );
    expect(res.status).toBe(200);
    expect(res.text).toBe('1158201444');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('refuses a wrong token, a missing one, another mode or a challenge that is not plain (403, the challenge never echoed)', async () => {
    const token = encodeURIComponent(wa.account.verifyToken);
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=not-the-token&hub.challenge=42',
      'hub.mode=subscribe&hub.challenge=42',
      `hub.mode=unsubscribe&hub.verify_token=${token}&hub.challenge=42`,
      `hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=%3Cscript%3E`,
    ]) {
      const res = await anonymous().get(`/api/whatsapp/webhook?${query}`);
      expect(res.status, query).toBe(403);
      expect(res.text).not.toContain('42');
    }
  });
});

describe('POST /api/whatsapp/webhook', () => {
  it('refuses a forged, unsigned, tampered or unknown-number webhook with 401, and applies nothing', async () => {
    // Prepare: one message, its body signed as each attacker could.
    const number = newNumber();
    const hook = wa.webhookOf(number, says('forged hello'));
    const unknownNumber = hook.body.replace(wa.account.phoneNumberId, '999999999999999');
    const tampered = hook.body.replace('forged hello', 'tampered hello');
    // Act
    const answers = await Promise.all([
      post(hook.body, { 'x-hub-signature-256': signWhatsappCallback('not-the-app-secret', hook.body) }),
      post(hook.body),
      post(hook.body, { 'x-hub-signature-256': 'sha256=' }),
      post(tampered, { 'x-hub-signature-256': hook.signature }),
      post(unknownNumber, { 'x-hub-signature-256': signWhatsappCallback(wa.account.appSecret, unknownNumber) }),
      post('not json', { 'x-hub-signature-256': signWhatsappCallback(wa.account.appSecret, 'not json') }),
    ]);
    // Assess: all refused alike; nothing was recorded (the genuine post is then new) and no reply went out.
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(new Set(answers.map((a) => a.body.message))).toEqual(new Set(['The callback signature is not valid']));
    await new Promise((r) => setTimeout(r, 800));
    expect(wa.sentTo(number)).toEqual([]);
    const genuine = await signed(hook);
    expect(genuine.status).toBe(200);
    expect(genuine.body).toEqual({ received: { messages: 1, statuses: 0 } });
    expect(await until(() => texts(number), 1)).toEqual(['Echo: forged hello']);
  });

  it('applies a message once however often Meta retries it (one answer)', async () => {
    const number = newNumber();
    const hook = wa.webhookOf(number, says('hello once'));
    const first = await signed(hook);
    const retried = await Promise.all([signed(hook), signed(hook)]);
    expect(first.body).toEqual({ received: { messages: 1, statuses: 0 } });
    expect(retried.map((r) => [r.status, r.body.received.messages])).toEqual([
      [200, 0],
      [200, 0],
    ]);
    await until(() => texts(number), 1);
    await new Promise((r) => setTimeout(r, 800));
    expect(texts(number)).toEqual(['Echo: hello once']);
    expect(heard.filter((m) => m.phone === number)).toHaveLength(1);
  });

  it('answers two messages sent at once from one number in the order they were written', async () => {
    // Prepare: the first takes the conversation longer than the second.
    const number = newNumber();
    const at = Math.floor(Date.now() / 1000) - 5;
    const first = wa.webhookOf(number, says('slow first'), { timestamp: at });
    const second = wa.webhookOf(number, says('second'), { timestamp: at + 1 });
    // Act: both arrive together (the second's request first).
    const answers = await Promise.all([signed(second), signed(first)]);
    // Assess
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await until(() => texts(number), 2)).toEqual(['Echo: slow first', 'Echo: second']);
    expect(heard.filter((m) => m.phone === number).map((m) => m.content)).toEqual([
      { kind: 'text', text: 'slow first' },
      { kind: 'text', text: 'second' },
    ]);
  });

  it('answers nothing free-form to a message written more than 24 hours ago (Meta retried it a day): the log says why', async () => {
    // Prepare: the driver wrote 24 hours and 5 minutes ago; Meta delivers the webhook only now.
    const number = newNumber();
    const hook = wa.webhookOf(number, says('written yesterday'), {
      timestamp: Math.floor(Date.now() / 1000) - 24 * 3600 - 300,
    });
    // Act
    const res = await signed(hook);
    // Assess: applied (the conversation heard it), but the window it opened has closed: nothing is sent.
    expect(res.body).toEqual({ received: { messages: 1, statuses: 0 } });
    await until(() => heard.filter((m) => m.phone === number), 1);
    const logged = await until(async () => {
      const page = await ops.get('/api/messaging/messages?channel=whatsapp&limit=100');
      return (page.body.items as { to: string; status: string; reason: string | null }[]).filter(
        (m) => m.to === number,
      );
    }, 1);
    expect(logged).toMatchObject([
      { status: 'failed', reason: expect.stringMatching(/24-hour customer-service window/) },
    ]);
    expect(wa.sentTo(number)).toEqual([]);
  });

  it('sends reply buttons, and reads a tap, a list choice, a quick reply and a location as the conversation expects', async () => {
    const number = newNumber();
    await wa.driver(number, says('menu'));
    const [menu] = await until(() => wa.sentTo(number), 1);
    expect(menu).toMatchObject({
      type: 'interactive',
      interactive: { type: 'button', action: { buttons: [{ reply: { id: 'book', title: 'Book' } }, {}] } },
    });
    await wa.driver(number, { kind: 'button', id: 'book', title: 'Book' });
    await wa.driver(number, { kind: 'list', id: 'slot-0900', title: '09:00' });
    await wa.driver(number, { kind: 'quick-reply', payload: 'cancel-DS1', text: 'Cancel' });
    await wa.driver(number, { kind: 'location', latitude: 19.2813, longitude: 73.0483 });
    expect((await until(() => texts(number), 5)).slice(1)).toEqual([
      'Echo: reply book',
      'Echo: reply slot-0900',
      'Echo: reply cancel-DS1',
      'Echo: location 19.2813,73.0483',
    ]);
    expect(heard.find((m) => m.phone === number)).toMatchObject({
      tenantId: 'demo',
      channel: 'whatsapp',
      providerMessageId: expect.stringMatching(/^wamid\./),
    });
  });

  it('leaves STOP and START to messaging: the number is opted out and in, and the conversation never hears them', async () => {
    const number = newNumber();
    await wa.driver(number, says('STOP'));
    await new Promise((r) => setTimeout(r, 800));
    await wa.driver(number, says('hello after stop'));
    // The reply to an opted-out number is suppressed, not sent.
    await new Promise((r) => setTimeout(r, 1200));
    expect(wa.sentTo(number)).toEqual([]);
    await wa.driver(number, says('START'));
    await wa.driver(number, says('hello again'));
    expect(await until(() => texts(number), 1)).toEqual(['Echo: hello again']);
    expect(heard.filter((m) => m.phone === number).map((m) => m.content)).toEqual([
      { kind: 'text', text: 'hello after stop' },
      { kind: 'text', text: 'hello again' },
    ]);
  });

  it("moves the message log by Meta's statuses of the reply (sent, then delivered)", async () => {
    const number = newNumber();
    await wa.driver(number, says('status please'));
    await until(() => wa.sentTo(number), 1);
    const logged = await until(async () => {
      const page = await ops.get('/api/messaging/messages?channel=whatsapp&limit=100');
      return (page.body.items as { to: string; status: string; body: string }[]).filter(
        (m) => m.to === number && m.status === 'delivered',
      );
    }, 1);
    expect(logged).toMatchObject([{ status: 'delivered', body: 'Echo: status please' }]);
  });
});

describe("another hub's settings", () => {
  it("cannot take a hub's WhatsApp number or verify token (409); with its own, its webhooks are its own", async () => {
    // Prepare: a second hub, its own WhatsApp app.
    const other = await signUpOrganisation(api.url);
    const settings = (whatsapp: Record<string, string>) =>
      other.admin.request('PUT', '/api/messaging/settings', {
        body: { whatsapp: { baseUrl: wa.url, accessToken: 'their-token', appSecret: 'their-app-secret', ...whatsapp } },
      });
    // Act: the demo hub's number, then its verify token, then numbers and a token of its own.
    const number = await settings({ phoneNumberId: wa.account.phoneNumberId, verifyToken: 'their-verify-token' });
    const token = await settings({ phoneNumberId: '200000000000001', verifyToken: wa.account.verifyToken });
    const own = await settings({ phoneNumberId: '200000000000001', verifyToken: 'their-verify-token' });
    // Assess
    expect([number.status, token.status]).toEqual([409, 409]);
    expect(number.body.message).toBe('This WhatsApp number or verify token is connected to another hub');
    expect(own.status, own.text).toBe(200);
    // The demo hub's webhook still goes to the demo hub; a body naming their number needs their secret.
    const theirs = wa.webhookOf(newNumber(), says('hello')).body.replace(wa.account.phoneNumberId, '200000000000001');
    expect(
      (await post(theirs, { 'x-hub-signature-256': signWhatsappCallback(wa.account.appSecret, theirs) })).status,
    ).toBe(401);
    expect(
      (await post(theirs, { 'x-hub-signature-256': signWhatsappCallback('their-app-secret', theirs) })).status,
    ).toBe(200);
    const verify = (t: string) =>
      anonymous().get(`/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${t}&hub.challenge=7`);
    expect((await verify('their-verify-token')).text).toBe('7');
    // A number changed is no longer theirs: its webhooks are refused, and it is free to be connected again.
    expect((await settings({ phoneNumberId: '200000000000002' })).status).toBe(200);
    expect(
      (await post(theirs, { 'x-hub-signature-256': signWhatsappCallback('their-app-secret', theirs) })).status,
    ).toBe(401);
    expect((await settings({ phoneNumberId: '200000000000001' })).status).toBe(200);
  });
});

describe('an inbound SMS', () => {
  const smsCallback = (form: Record<string, string>) => {
    const body = new URLSearchParams(form).toString();
    const at = String(Math.floor(Date.now() / 1000));
    return anonymous().request('POST', '/api/messaging/callbacks/demo/sms', {
      rawBody: body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-callback-timestamp': at,
        'x-callback-signature': signSmsCallback(SMS_SECRET, at, body),
      },
    });
  };

  it('reaches the conversation (channel sms, once per SMS), its reply is sent by SMS; STOP does not', async () => {
    const number = newNumber();
    const sid = `sms-in-${Date.now()}`;
    expect((await smsCallback({ From: number, Body: 'STATUS DS-241126-K7Q2', SmsSid: sid })).status).toBe(200);
    expect((await smsCallback({ From: number, Body: 'STOP', SmsSid: `${sid}-stop` })).status).toBe(200);
    const answered = await until(async () => {
      const page = await ops.get('/api/messaging/messages?channel=sms&limit=100');
      return (page.body.items as { to: string; body: string }[]).filter((m) => m.to === number);
    }, 1);
    expect(heard.filter((m) => m.phone === number)).toMatchObject([
      { channel: 'sms', providerMessageId: sid, content: { kind: 'text', text: 'STATUS DS-241126-K7Q2' } },
    ]);
    // The echo is no DLT-registered text: the SMS is logged as not sent, with the reason.
    expect(answered).toMatchObject([{ body: 'Echo: STATUS DS-241126-K7Q2', status: 'failed' }]);
  });
});
