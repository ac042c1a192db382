// POST /api/contact (public contact form) and GET /api/contact/inquiries (admins), through the real
// local HTTP path: validation in both languages, HTML kept as text, the per-address limit, the
// e-mail to the tenant's inquiry address, and who may read the inquiries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { localOutbox } from '../../functions/messaging';
import { INQUIRY_LIMIT } from '../../functions/contact/submit-inquiry';
import { listAudit } from '../../functions/lib/audit';
import { DEMO_TENANT_ID } from '../../functions/local/seed';
import { awayFromWindowEnd, WITH_WINDOW_WAIT_MS } from '../support/windows';

let api: TestApi;
let admin: Client;

beforeAll(async () => {
  api = await startTestApi();
  admin = new Client(api.url);
  await admin.signIn('admin');
});
afterAll(() => api.close());

let address = 10;
/** A visitor from an address of their own, so the per-address limit of one test does not reach another. */
function visitor() {
  const localAddress = `127.0.9.${address++}`;
  const client = new Client(api.url);
  return {
    send: (body: unknown, headers?: Record<string, string>) =>
      client.post('/api/contact', body, { localAddress, headers }),
  };
}

const inquiry = (overrides: Record<string, unknown> = {}) => ({
  name: 'Kiran Rao',
  email: 'kiran@example.in',
  subject: `Docks ${Math.random()}`,
  message: 'We run 12 docks in Nashik.',
  ...overrides,
});

async function inquiries() {
  const res = await admin.get('/api/contact/inquiries?limit=100');
  expect(res.status, res.text).toBe(200);
  return res.body.data as Record<string, unknown>[];
}

describe('POST /api/contact', () => {
  it('stores the inquiry with its defaults, audits it and e-mails the tenant’s inquiry address', async () => {
    const body = inquiry({ company: 'Rao Freight', inquiryType: 'demo' });
    const res = await visitor().send(body);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), createdAt: expect.any(String) });
    const stored = (await inquiries()).find((i) => i.id === res.body.id);
    expect(stored).toEqual({ ...body, phone: '', language: 'en', id: res.body.id, createdAt: res.body.createdAt });
    const audit = await listAudit(DEMO_TENANT_ID, { entityType: 'contact-inquiry', entityId: res.body.id });
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'contact.inquiry.received',
        actorId: null,
        after: expect.objectContaining({ subject: body.subject }),
      }),
    ]);
    const mail = (await localOutbox(200)).find((m) => m.subject === `[Contact] ${body.subject}`);
    expect(mail).toMatchObject({ channel: 'email', to: 'hello@docksaathi.in' });
    expect(mail!.body).toContain('Request Demo from Kiran Rao <kiran@example.in>');
    expect(mail!.body).toContain('We run 12 docks in Nashik.');
  });

  it('keeps HTML and script exactly as typed: stored and answered as text', async () => {
    const body = inquiry({ name: '<img src=x onerror=alert(1)>', message: '<script>alert("x")</script>' });
    const res = await visitor().send(body);
    expect(res.status).toBe(201);
    const stored = (await inquiries()).find((i) => i.id === res.body.id);
    expect(stored).toMatchObject({ name: body.name, message: body.message });
  });

  it('refuses missing and invalid fields with the field’s message, in English or Hindi, and stores nothing', async () => {
    const before = (await inquiries()).length;
    const english = await visitor().send({ email: 'not-an-email', inquiryType: 'gossip' });
    expect(english.status).toBe(400);
    expect(english.body.errors).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      subject: 'Subject is required',
      message: 'Message is required',
      inquiryType: 'Please choose an inquiry type',
    });
    const hindi = await visitor().send({ email: '' }, { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' });
    expect(hindi.status).toBe(400);
    expect(hindi.headers.vary).toContain('Accept-Language');
    expect(hindi.body.message).toBe('नाम आवश्यक है');
    expect(hindi.body.errors).toMatchObject({
      name: 'नाम आवश्यक है',
      email: 'ईमेल आवश्यक है',
      subject: 'विषय आवश्यक है',
      message: 'संदेश आवश्यक है',
    });
    const unknownField = await visitor().send({ ...inquiry(), admin: true }, { 'accept-language': 'hi' });
    expect(unknownField.body.errors).toEqual({ admin: 'अज्ञात फ़ील्ड "admin"' });
    const tooLong = await visitor().send(inquiry({ subject: 'x'.repeat(201) }), { 'accept-language': 'hi' });
    expect(tooLong.body.errors).toEqual({ subject: 'अधिकतम 200 अक्षर होने चाहिए' });
    expect((await inquiries()).length).toBe(before);
  });

  it('refuses bodies that are not JSON or too large', async () => {
    const client = new Client(api.url);
    const notJson = await client.request('POST', '/api/contact', {
      rawBody: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      localAddress: '127.0.9.200',
    });
    expect(notJson.status).toBe(415);
    const huge = await client.request('POST', '/api/contact', {
      rawBody: JSON.stringify(inquiry({ message: 'x'.repeat(300 * 1024) })),
      headers: { 'content-type': 'application/json' },
      localAddress: '127.0.9.201',
    });
    expect(huge.status).toBe(413);
  });

  it(
    'limits a flood from one address (429 with Retry-After) while other addresses still get through',
    async () => {
      await awayFromWindowEnd(INQUIRY_LIMIT);
      const flood = visitor();
      const limit = INQUIRY_LIMIT.limit;
      for (let i = 0; i < limit; i++) expect((await flood.send(inquiry())).status).toBe(201);
      const refused = await flood.send(inquiry({ subject: 'one too many' }), { 'accept-language': 'hi' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body.message).toBe('आपके पते से बहुत अधिक संदेश। कृपया कुछ मिनट बाद फिर से प्रयास करें।');
      expect((await inquiries()).some((i) => i.subject === 'one too many')).toBe(false);
      expect((await visitor().send(inquiry())).status).toBe(201);
    },
    WITH_WINDOW_WAIT_MS,
  );
});

describe('GET /api/contact/inquiries', () => {
  it('is for administrators only, newest first, a page at a time', async () => {
    for (const role of ['operations', 'spectator', 'driver']) {
      const client = new Client(api.url);
      await client.signIn(role);
      expect((await client.get('/api/contact/inquiries')).status, role).toBe(403);
    }
    expect((await new Client(api.url).get('/api/contact/inquiries')).status).toBe(401);
    const first = await admin.get('/api/contact/inquiries?limit=2');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.data[0].createdAt >= first.body.data[1].createdAt).toBe(true);
    const next = await admin.get(`/api/contact/inquiries?limit=2&cursor=${first.body.nextCursor}`);
    expect(next.status).toBe(200);
    expect(next.body.data[0].id).not.toBe(first.body.data[0].id);
    expect((await admin.get('/api/contact/inquiries?cursor=garbage')).status).toBe(400);
  });
});
