// A fake of the Indian SMS/voice provider's HTTP API (Exotel-style) and of the WhatsApp Cloud API on
// loopback, for the adapter tests: it checks the credentials, refuses an SMS without the entity id
// and header of TEST_DLT, scrubs one whose text does not match the registered DLT template named by
// DltTemplateId (as operators do), refuses a WhatsApp template whose URL button is not the choices
// token our templates are registered with, and can be told to answer slowly or with 5xx for the next requests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkDlt, HUB_TEMPLATES, type DltRegistration, type Language } from '../../shared/contracts/messaging';

export interface FakeRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeProvider {
  url: string;
  requests: FakeRequest[];
  /** The next `times` requests answer this status (e.g. 503). */
  failNext(status: number, times: number): void;
  /** Every request waits this long before answering. */
  delay(ms: number): void;
  close(): Promise<void>;
}

export const FAKE_CREDENTIALS = { apiKey: 'fake-key', apiToken: 'fake-token', accessToken: 'fake-wa-token' };

/** A hub's registration in the tests (test data, not anyone's real ids): every hub template registered in both languages. */
export const TEST_DLT: DltRegistration = {
  entityId: '1201160000000054321',
  header: 'DKHUBT',
  templateIds: Object.fromEntries(
    HUB_TEMPLATES.map((t, i) => [
      t.key,
      { en: `12071600000000${String(100 + 2 * i)}00`, hi: `12071600000000${String(101 + 2 * i)}00` },
    ]),
  ),
};

const REGISTERED = new Map<string, string>(
  HUB_TEMPLATES.flatMap((t) =>
    (['en', 'hi'] as Language[]).map((l) => [TEST_DLT.templateIds[t.key]![l]!, t.text[l]] as [string, string]),
  ),
);

/** The hub's messaging settings (PUT /api/messaging/settings) that send SMS and WhatsApp to the fake, with these callback secrets. */
export const fakeProviderSettings = (fake: FakeProvider, secrets: { sms: string; whatsapp: string }) => ({
  smsProvider: {
    baseUrl: fake.url,
    accountSid: 'hub1',
    apiKey: FAKE_CREDENTIALS.apiKey,
    apiToken: FAKE_CREDENTIALS.apiToken,
    callbackSecret: secrets.sms,
  },
  dlt: TEST_DLT,
  whatsapp: {
    baseUrl: fake.url,
    phoneNumberId: '1234567',
    accessToken: FAKE_CREDENTIALS.accessToken,
    appSecret: secrets.whatsapp,
  },
});

/** The choices page's token (functions/lib/signed-link.ts): all that may follow the URL button's registered `/privacy/choices/`. */
const CHOICES_TOKEN = /^[A-Za-z0-9_-]{16}~[0-9a-z]{1,10}~[A-Za-z0-9_-]{4}~[A-Za-z0-9_-]{22}$/;

/**
 * A template's buttons as the Cloud API takes them for our templates, registered with one URL button
 * (index 0) whose dynamic suffix is the person's choices token: one text parameter, nothing else.
 */
function templateButtonsValid(body: string): boolean {
  let sent: { template?: { components?: Record<string, unknown>[] } };
  try {
    sent = JSON.parse(body) as typeof sent;
  } catch {
    return false;
  }
  const buttons = (sent.template?.components ?? []).filter((c) => c.type === 'button');
  return buttons.every((b) => {
    const parameters = b.parameters as { type?: string; text?: string }[] | undefined;
    return (
      b.sub_type === 'url' &&
      b.index === '0' &&
      parameters?.length === 1 &&
      parameters[0]!.type === 'text' &&
      CHOICES_TOKEN.test(parameters[0]!.text ?? '')
    );
  });
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const requests: FakeRequest[] = [];
  let failures: { status: number; left: number } = { status: 0, left: 0 };
  let delayMs = 0;
  let seq = 0;
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => void answerRequest());
    async function answerRequest() {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (res.destroyed) return;
      if (failures.left > 0) {
        failures.left--;
        return answer(res, failures.status, { RestException: { Message: 'Service temporarily unavailable' } });
      }
      const path = req.url ?? '';
      if (path.endsWith('/messages')) {
        if (req.headers.authorization !== `Bearer ${FAKE_CREDENTIALS.accessToken}`)
          return answer(res, 401, { error: { message: 'Invalid OAuth access token', code: 190 } });
        if (!templateButtonsValid(body))
          return answer(res, 400, {
            error: { message: '(#132018) There was an issue with the parameters in your template.', code: 132018 },
          });
        return answer(res, 200, { messaging_product: 'whatsapp', messages: [{ id: `wamid.${++seq}` }] });
      }
      const basic = `Basic ${Buffer.from(`${FAKE_CREDENTIALS.apiKey}:${FAKE_CREDENTIALS.apiToken}`).toString('base64')}`;
      if (req.headers.authorization !== basic)
        return answer(res, 401, {
          RestException: { Status: 401, Message: 'Authentication is required to view this page.' },
        });
      const form = new URLSearchParams(body);
      if (path.endsWith('/Sms/send.json')) {
        const registered = REGISTERED.get(form.get('DltTemplateId') ?? '');
        if (!registered || form.get('DltEntityId') !== TEST_DLT.entityId || form.get('From') !== TEST_DLT.header)
          return answer(res, 400, { RestException: { Message: 'DLT parameters missing or not registered' } });
        const dlt = checkDlt(registered, form.get('Body') ?? '');
        if (!dlt.ok) return answer(res, 400, { RestException: { Message: `Scrubbed by operator: ${dlt.reason}` } });
        return answer(res, 200, { SMSMessage: { Sid: `sms-${++seq}`, Status: 'queued' } });
      }
      if (path.endsWith('/Calls/connect.json'))
        return answer(res, 200, { Call: { Sid: `call-${++seq}`, Status: 'in-progress' } });
      return answer(res, 404, { RestException: { Message: 'Not found' } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (status, times) => (failures = { status, left: times }),
    delay: (ms) => (delayMs = ms),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
