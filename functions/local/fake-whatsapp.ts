// A fake WhatsApp Business Cloud API on loopback, for `npm start`, the tests and the bench (issue #56).
// It takes what the product sends as Meta does (POST /{phone-number-id}/messages with the bearer
// token; text, template, interactive button/list and image messages, refused as Meta refuses a broken
// one) and answers like Meta ({ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] });
// it keeps each driver number's chat; and it plays the driver: a text, a button tap, a list choice, a
// template's quick reply or a shared location posted to the product's webhook, signed with the app
// secret, and after each message the product sent into such a chat, its `sent` and `delivered` statuses.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWhatsappCallback } from '../messaging';

/** The demo hub's WhatsApp app as the fake knows it (test data, nobody's real credentials). */
export const FAKE_WHATSAPP_ACCOUNT = {
  phoneNumberId: '106540352242922',
  displayNumber: '912250001234',
  accessToken: 'fake-wa-access-token-local',
  appSecret: 'fake-wa-app-secret-local',
  verifyToken: 'fake-wa-verify-token-local',
} as const;

/** What the driver does in the chat. */
export type DriverAction =
  | { kind: 'text'; text: string }
  | { kind: 'button'; id: string; title: string }
  | { kind: 'list'; id: string; title: string; description?: string }
  | { kind: 'quick-reply'; payload: string; text: string }
  | { kind: 'location'; latitude: number; longitude: number };

export interface ChatEntry {
  /** 'in': the product sent it to the driver; 'out': the driver sent it. */
  direction: 'in' | 'out';
  wamid: string;
  at: string;
  /** The Cloud API message as sent (product) or the webhook message (driver). */
  message: Record<string, unknown>;
  /** The product's message: the last status the fake reported for it. */
  status?: 'sent' | 'delivered';
}

export interface FakeWhatsapp {
  url: string;
  account: typeof FAKE_WHATSAPP_ACCOUNT;
  /** Where the driver's webhooks go (the product's origin); set once the product listens. */
  productUrl: string | null;
  /** Post `sent` and `delivered` after each message the product sent to a number that wrote (on by default). */
  reportStatuses: boolean;
  /** Each driver number's chat (wa_id digits), oldest first. */
  chats: Map<string, ChatEntry[]>;
  /** The messages the product sent to a number (wa_id digits or E.164), oldest first. */
  sentTo(number: string): Record<string, unknown>[];
  /** Called with each message the product sends, as it arrives. */
  onSent(listener: (to: string, message: Record<string, unknown>) => void): () => void;
  /** The driver acts: the webhook the product gets; answers its HTTP status and the message's wamid. */
  driver(
    from: string,
    action: DriverAction,
    options?: { timestamp?: number },
  ): Promise<{ status: number; wamid: string }>;
  /** The exact webhook body and its signature for a driver's action (a test may post it twice, or forge it). */
  webhookOf(from: string, action: DriverAction, options?: { timestamp?: number; wamid?: string }): WebhookPost;
  close(): Promise<void>;
}

export interface WebhookPost {
  body: string;
  signature: string;
  wamid: string;
}

const wamid = () => `wamid.HBgM${randomBytes(18).toString('base64url')}`;
const digits = (number: string) => number.replace(/\D/g, '');

/** The driver's action as the webhook's message carries it. */
function webhookMessage(from: string, id: string, timestamp: number, action: DriverAction) {
  const base = { from, id, timestamp: String(timestamp) };
  switch (action.kind) {
    case 'text':
      return { ...base, type: 'text', text: { body: action.text } };
    case 'button':
      return {
        ...base,
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: action.id, title: action.title } },
      };
    case 'list':
      return {
        ...base,
        type: 'interactive',
        interactive: {
          type: 'list_reply',
          list_reply: {
            id: action.id,
            title: action.title,
            ...(action.description ? { description: action.description } : {}),
          },
        },
      };
    case 'quick-reply':
      return { ...base, type: 'button', button: { payload: action.payload, text: action.text } };
    case 'location':
      return { ...base, type: 'location', location: { latitude: action.latitude, longitude: action.longitude } };
  }
}

/** Why Meta would refuse this message (its error text), or null. */
function refusal(m: Record<string, unknown>): string | null {
  if (m.messaging_product !== 'whatsapp' || typeof m.to !== 'string' || !/^\d{8,15}$/.test(m.to))
    return '(#100) Invalid parameter';
  const interactive = m.interactive as
    | {
        type?: string;
        body?: { text?: string };
        action?: {
          buttons?: { reply?: { title?: string } }[];
          button?: string;
          sections?: { rows?: { title?: string }[] }[];
        };
      }
    | undefined;
  switch (m.type) {
    case 'text':
      return (m.text as { body?: string } | undefined)?.body ? null : '(#100) Param text[body] is required';
    case 'template':
      return null;
    case 'image':
      return /^https?:\/\//.test((m.image as { link?: string } | undefined)?.link ?? '')
        ? null
        : '(#100) Param image[link] is invalid';
    case 'interactive': {
      if (!interactive?.body?.text) return '(#100) Param interactive[body][text] is required';
      if (interactive.type === 'button') {
        const buttons = interactive.action?.buttons ?? [];
        if (buttons.length < 1 || buttons.length > 3) return '(#131009) Buttons count should be between 1 and 3';
        return buttons.every((b) => (b.reply?.title ?? '').length >= 1 && [...(b.reply?.title ?? '')].length <= 20)
          ? null
          : '(#131009) Button title length invalid';
      }
      if (interactive.type === 'list') {
        const rows = (interactive.action?.sections ?? []).flatMap((s) => s.rows ?? []);
        if (!interactive.action?.button || rows.length < 1 || rows.length > 10)
          return '(#131009) Total row count exceed max allowed';
        return rows.every((r) => [...(r.title ?? '')].length <= 24) ? null : '(#131009) Row title length invalid';
      }
      return '(#100) Param interactive[type] is invalid';
    }
    default:
      return '(#100) Param type is invalid';
  }
}

export async function startFakeWhatsapp(options: { port?: number } = {}): Promise<FakeWhatsapp> {
  const account = FAKE_WHATSAPP_ACCOUNT;
  const chats = new Map<string, ChatEntry[]>();
  const listeners = new Set<(to: string, message: Record<string, unknown>) => void>();
  const chatOf = (number: string) => {
    const key = digits(number);
    if (!chats.has(key)) chats.set(key, []);
    return chats.get(key)!;
  };
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  /** A webhook body as Meta posts it: one change of the business account's number, with `value`'s messages or statuses. */
  const envelope = (value: Record<string, unknown>) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: account.displayNumber, phone_number_id: account.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });

  const webhookOf: FakeWhatsapp['webhookOf'] = (from, action, opts = {}) => {
    const id = opts.wamid ?? wamid();
    const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
    const body = envelope({
      contacts: [{ profile: { name: 'Driver' }, wa_id: digits(from) }],
      messages: [webhookMessage(digits(from), id, timestamp, action)],
    });
    return { body, signature: signWhatsappCallback(account.appSecret, body), wamid: id };
  };

  const post = async (body: string, signature: string) => {
    if (!fake.productUrl) throw new Error('The fake WhatsApp does not know the product yet');
    const res = await fetch(`${fake.productUrl}/api/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body,
    });
    await res.text();
    return res.status;
  };

  /** Meta's statuses of a message the product sent, one webhook each, in order. */
  const reportStatuses = async (to: string, entry: ChatEntry) => {
    // Meta reports a message sent a moment after it answered the request, then delivered.
    for (const [status, afterMs] of [
      ['sent', 200],
      ['delivered', 300],
    ] as const) {
      await new Promise((r) => setTimeout(r, afterMs));
      const body = envelope({
        statuses: [
          {
            id: entry.wamid,
            status,
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: to,
            ...(entry.message.biz_opaque_callback_data
              ? { biz_opaque_callback_data: entry.message.biz_opaque_callback_data }
              : {}),
          },
        ],
      });
      if ((await post(body, signWhatsappCallback(account.appSecret, body)).catch(() => 0)) !== 200) return;
      entry.status = status;
    }
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const match = /^\/(?:v\d+\.\d+\/)?(\d+)\/messages$/.exec(path);
      if (req.method !== 'POST' || !match) return answer(res, 404, { error: { message: 'Unknown path', code: 100 } });
      if (req.headers.authorization !== `Bearer ${account.accessToken}`)
        return answer(res, 401, {
          error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
        });
      if (match[1] !== account.phoneNumberId)
        return answer(res, 400, { error: { message: 'Unsupported post request. Object does not exist', code: 100 } });
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return answer(res, 400, { error: { message: '(#100) Invalid JSON', code: 100 } });
      }
      const refused = refusal(message);
      if (refused) return answer(res, 400, { error: { message: refused, code: 100 } });
      const to = String(message.to);
      const entry: ChatEntry = { direction: 'in', wamid: wamid(), at: new Date().toISOString(), message };
      chatOf(to).push(entry);
      answer(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: entry.wamid }],
      });
      for (const listener of listeners) listener(to, message);
      // Statuses in the chats a driver plays (the number wrote through the fake), as the page shows them;
      // a message to any other number stays as sent, as the product's log showed it before the fake.
      if (fake.reportStatuses && fake.productUrl && chatOf(to).some((e) => e.direction === 'out'))
        void reportStatuses(to, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeWhatsapp = {
    url: `http://127.0.0.1:${port}/v21.0`,
    account,
    productUrl: null,
    reportStatuses: true,
    chats,
    sentTo: (number) =>
      chatOf(number)
        .filter((e) => e.direction === 'in')
        .map((e) => e.message),
    onSent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    webhookOf,
    async driver(from, action, opts = {}) {
      const hook = webhookOf(from, action, opts);
      const sent = JSON.parse(hook.body) as {
        entry: { changes: { value: { messages: Record<string, unknown>[] } }[] }[];
      };
      chatOf(from).push({
        direction: 'out',
        wamid: hook.wamid,
        at: new Date().toISOString(),
        message: sent.entry[0]!.changes[0]!.value.messages[0]!,
      });
      return { status: await post(hook.body, hook.signature), wamid: hook.wamid };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  running = fake;
  return fake;
}

let running: FakeWhatsapp | null = null;

/** The fake the local stack started (the bench's chat section reads it). */
export const runningFakeWhatsapp = () => running;
