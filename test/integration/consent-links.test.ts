// The choices link inside the messages (issue #36) through the local HTTP path and the fake WhatsApp
// and SMS providers: a WhatsApp template carries the person's token in its URL button, a free-text
// WhatsApp and an e-mail end with the link in the person's language; the link opens that person's
// choices; withdrawing WhatsApp there sends the next message by SMS; a number never messaged before
// gets its own link; without the app's origin no message carries a link.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { Client, startTestApi, type TestApi } from '../support/api';
import { day } from '../support/appointments';
import { nextAddress } from '../support/tenancy';
import { guestBookingInHindi } from '../support/guest-booking';
import { fakeProviderSettings, startFakeProvider, type FakeProvider } from '../support/fake-sms-provider';
import { signWhatsappCallback } from '../../functions/messaging/callbacks';

const ORIGIN = 'https://app.docksaathi.test';
const APP_SECRET = 'wa-app-secret-for-consent-links';
let api: TestApi;
let fake: FakeProvider;
let ops: Client;

beforeAll(async () => {
  process.env.APP_ORIGIN = ORIGIN;
  api = await startTestApi({ workers: ['event-forwarder', 'messaging-notifier'] });
  fake = await startFakeProvider();
  ops = new Client(api.url);
  await ops.signIn('operations');
  const saved = await ops.request('PUT', '/api/messaging/settings', {
    body: { ...fakeProviderSettings(fake, { sms: 'sms-callback-secret', whatsapp: APP_SECRET }), snsBackup: false },
  });
  expect(saved.status, saved.text).toBe(200);
}, 120_000);
afterAll(async () => {
  delete process.env.APP_ORIGIN;
  await fake?.close();
  await api?.close();
});
beforeEach(() => {
  // Every request reaches the fakes (and SES, mocked) as it would deployed.
  vi.stubEnv('MESSAGING_MODE', 'live');
});
afterEach(() => {
  vi.unstubAllEnvs();
  process.env.APP_ORIGIN = ORIGIN;
});

const mobile = () => `+9196${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const anonymous = () => new Client(api.url);

/** What the fake WhatsApp API received for `phone` (E.164), as sent. */
const whatsappTo = (phone: string) =>
  fake.requests
    .filter((r) => r.path.endsWith('/messages'))
    .map((r) => JSON.parse(r.body))
    .filter((b) => b.to === phone.replace('+', ''));
/** The SMS the fake provider received for `phone`. */
const smsTo = (phone: string) =>
  fake.requests
    .filter((r) => r.path.endsWith('/Sms/send.json'))
    .map((r) => new URLSearchParams(r.body))
    .filter((f) => f.get('To') === phone);

async function until<T>(read: () => T[], count: number, timeoutMs = 10_000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = read();
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function facilityLink() {
  const created = await ops.post('/api/facilities', {
    name: `Choices Hub ${randomUUID().slice(0, 6)}`,
    address: 'Plot 4, MIDC Talegaon',
    operatingHoursStart: '08:00',
    operatingHoursEnd: '18:00',
    timeZone: 'Asia/Kolkata',
  });
  expect(created.status, created.text).toBe(201);
  return (await ops.get(`/api/facilities/${created.body.id}/link`)).body.token as string;
}

/** A guest (a driver with no record) books in Hindi, agreeing to WhatsApp or not. */
const book = (link: string, phone: string, slot: string, whatsapp: boolean) =>
  anonymous().post('/api/bookings/slot', guestBookingInHindi(link, phone, slot, whatsapp), {
    localAddress: nextAddress(),
  });

/** The person writes to the hub on WhatsApp: the 24-hour window for free text opens. */
async function writesOnWhatsapp(phone: string) {
  const payload = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1',
        changes: [
          { field: 'messages', value: { messages: [{ from: phone.replace('+', ''), text: { body: 'namaste' } }] } },
        ],
      },
    ],
  });
  const res = await anonymous().request('POST', '/api/messaging/callbacks/demo/whatsapp', {
    rawBody: payload,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWhatsappCallback(APP_SECRET, payload) },
  });
  expect(res.status, res.text).toBe(200);
}

const notify = (body: Record<string, unknown>) =>
  ops.post('/api/notifications/send', { templateKey: null, subject: 'Gate news', ...body });

/** The person writes on WhatsApp, and staff answer in free text there and by e-mail. */
async function answerInWindow(phone: string, email: string, language: 'en' | 'hi', message: string) {
  await writesOnWhatsapp(phone);
  return notify({ to: phone, email, channels: ['whatsapp', 'email'], language, message });
}

/** The text of each e-mail SES was asked to send to `address`. */
const emailsTo = (ses: ReturnType<typeof mockClient>, address: string) =>
  ses
    .commandCalls(SendEmailCommand)
    .map((c) => c.args[0].input)
    .filter((i) => i.Destination?.ToAddresses?.includes(address))
    .map((i) => i.Message?.Body?.Text?.Data);

const log = async (to: string) =>
  (await ops.get('/api/messaging/messages?limit=100')).body.items.filter((m: { to: string }) => m.to === to);

describe('the choices link in every WhatsApp and e-mail', () => {
  it("carries the driver's own link in Hindi; it opens their choices; withdrawing WhatsApp sends the next message by SMS", async () => {
    // Prepare: a guest driver agrees to WhatsApp; the confirmation is a template (no window yet).
    const ses = mockClient(SESClient);
    ses.on(SendEmailCommand).resolves({ MessageId: `ses-${randomUUID()}` });
    const link = await facilityLink();
    const phone = mobile();
    const booked = await book(link, phone, `${day(6)}_0900`, true);
    expect(booked.status, booked.text).toBe(201);
    const token = booked.body.choicesLink as string;
    const url = `${ORIGIN}/privacy/choices/${token}`;
    // Assess: the template's URL button ends with the person's token (the fake API checks its form).
    const [confirmation] = await until(() => whatsappTo(phone), 1);
    expect(confirmation.type).toBe('template');
    // The same person's link, signed again when the message was sent (its expiry counts from then).
    const button = confirmation.template.components.at(-1);
    expect(button).toMatchObject({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text' }] });
    expect(String(button.parameters[0].text).split('~')[0]).toBe(token.split('~')[0]);
    // Act: the driver writes; staff answer in free text and by e-mail, in Hindi.
    const sent = await answerInWindow(phone, 'sunita.pawar@example.in', 'hi', 'गेट 2 बंद है, गेट 3 से आइए');
    // Assess: each ends with the line and the link, as sent and as logged.
    expect(sent.status, sent.text).toBe(200);
    // The person's own link (the same id; each message signs it anew, so its expiry counts from the send).
    const linked = (body: string) => {
      const [line, sent] = body.split('\n\nआपके संदेश विकल्प: ');
      return line === 'गेट 2 बंद है, गेट 3 से आइए' && sent?.split('~')[0] === url.split('~')[0];
    };
    const last = whatsappTo(phone).at(-1);
    expect(last.type).toBe('text');
    expect(linked(last.text.body), last.text.body).toBe(true);
    const emails = emailsTo(ses, 'sunita.pawar@example.in');
    expect(emails).toHaveLength(1);
    expect(linked(emails[0]!), emails[0]).toBe(true);
    // The log keeps the text with the link masked (issue #52.2): no one reads a signed link there.
    const logged = (await log(phone)).find((m: { body: string }) => m.body.startsWith('गेट 2'))?.body as string;
    expect(logged.startsWith('गेट 2 बंद है, गेट 3 से आइए\n\nआपके संदेश विकल्प: ')).toBe(true);
    expect(logged).not.toContain(token.split('~')[0]);
    // The 60-second guard still knows the same text to the same person.
    const again = await notify({ to: phone, channels: ['whatsapp'], language: 'hi', message: 'गेट 2 बंद है, गेट 3 से आइए' });
    expect(again.body.outcomes).toMatchObject([{ channel: 'whatsapp', status: 'suppressed' }]);
    // Act: the link opens the person's choices; they withdraw WhatsApp there.
    const page = await anonymous().get(`/api/privacy/choices/${token}`, { localAddress: nextAddress() });
    expect(page.status, page.text).toBe(200);
    expect(page.body).toMatchObject({ choices: { sms: false, whatsapp: true, marketing: false }, language: 'hi' });
    const withdrawn = await anonymous().post(
      `/api/privacy/choices/${token}`,
      { withdraw: ['whatsapp'] },
      { localAddress: nextAddress() },
    );
    expect(withdrawn.status, withdrawn.text).toBe(200);
    const whatsappBefore = whatsappTo(phone).length;
    const second = await book(link, phone, `${day(6)}_1000`, false);
    // Assess: the next confirmation goes by SMS, and nothing more by WhatsApp.
    expect(second.status, second.text).toBe(201);
    const [sms] = await until(() => smsTo(phone), 1);
    expect(sms!.get('Body')).toContain(second.body.confirmationCode);
    expect(whatsappTo(phone)).toHaveLength(whatsappBefore);
    ses.restore();
  });

  it('makes the link of a number never messaged before, its own, in English', async () => {
    // Prepare
    const ses = mockClient(SESClient);
    ses.on(SendEmailCommand).resolves({ MessageId: `ses-${randomUUID()}` });
    const phone = mobile();
    // Act
    const sent = await notify({
      to: phone,
      email: 'new.driver@example.in',
      channels: ['email'],
      language: 'en',
      message: 'Gate 3 is open from 6 am',
    });
    // Assess
    expect(sent.status, sent.text).toBe(200);
    const [text] = emailsTo(ses, 'new.driver@example.in');
    const match =
      /^Gate 3 is open from 6 am\n\nYour message choices: https:\/\/app\.docksaathi\.test\/privacy\/choices\/(\S+)$/.exec(
        text ?? '',
      );
    expect(match, text).not.toBeNull();
    const page = await anonymous().get(`/api/privacy/choices/${match![1]}`, { localAddress: nextAddress() });
    expect(page.status, page.text).toBe(200);
    expect(page.body).toMatchObject({ choices: { sms: false, whatsapp: false, marketing: false }, language: 'en' });
    ses.restore();
  });

  it('carries no link when no app origin is configured', async () => {
    // Prepare
    delete process.env.APP_ORIGIN;
    vi.stubEnv('ALLOWED_ORIGINS', '');
    const ses = mockClient(SESClient);
    ses.on(SendEmailCommand).resolves({ MessageId: `ses-${randomUUID()}` });
    const phone = mobile();
    // Act: a template outside the window, then free text and an e-mail inside it.
    const template = await notify({
      to: phone,
      channels: ['whatsapp'],
      language: 'en',
      templateKey: 'dock_assigned',
      message: 'Dock D07 assigned! Please proceed for loading/unloading.',
    });
    const free = await answerInWindow(phone, 'plain.driver@example.in', 'en', 'Weighbridge closed till noon');
    // Assess
    expect(template.status, template.text).toBe(200);
    expect(free.status, free.text).toBe(200);
    const [first, second] = whatsappTo(phone);
    expect(first.template.components).toEqual([
      { type: 'body', parameters: [{ type: 'text', parameter_name: 'dock', text: 'D07' }] },
    ]);
    expect(second).toMatchObject({ type: 'text', text: { body: 'Weighbridge closed till noon' } });
    expect(emailsTo(ses, 'plain.driver@example.in')).toEqual(['Weighbridge closed till noon']);
    ses.restore();
  });
});
