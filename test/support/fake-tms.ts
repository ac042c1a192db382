// A fake TMS on loopback for the integration tests, the journeys and the README example. It does what a
// customer's system does: checks the credentials of every call (API key header, bearer token, basic
// auth, or an OAuth2 client-credentials token it issued), pages its appointment requests (one of them
// malformed), can be slow (timeouts) or fail (5xx), and receives (or holds, per path) our outbound webhooks, verifying
// them with the Standard Webhooks reference library (npm standardwebhooks), as a customer would, not
// with our signing code.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export const FAKE_CREDENTIALS = {
  apiKey: 'tms-api-key-0123456789',
  token: 'tms-bearer-token-0123456789',
  username: 'dock-saathi',
  password: 'tms-password-0123',
  clientId: 'docksaathi-client',
  clientSecret: 'tms-client-secret-0123456789',
} as const;

export interface ReceivedWebhook {
  receivedAt: number;
  path: string;
  verified: boolean;
  error: string | null;
  headers: Record<string, string>;
  body: string;
  payload: { type?: string; data?: Record<string, unknown> } | null;
}

export interface FakeTmsState {
  /** Appointment requests served by GET /appointment-requests, two per page. */
  records: unknown[];
  pageSize: number;
  /** Milliseconds every answer waits (a slow system). */
  delayMs: number;
  /** The next N calls of any path answer 503. */
  failNext: number;
  /** The next N webhook deliveries answer 500. */
  failWebhooks: number;
  /** Milliseconds a webhook path (`/webhooks...`) holds each delivery before answering (a hanging receiver). */
  webhookDelayMs: Record<string, number>;
  /** The secret the webhook receiver verifies with (the subscription's, as shown once, or one it was given). */
  webhookSecret: string | null;
  /** A status a webhook path (`/webhooks...`) answers every delivery with, whatever its signature (a 404, a 302). */
  webhookAnswers: Record<string, number>;
  tokenRequests: number;
  issuedTokens: Set<string>;
  pagesServed: string[];
  webhooks: ReceivedWebhook[];
}

/** Appointment requests for a day ahead: `count` good ones and one malformed (no date), in the middle. */
export function appointmentRequests(date: string, count = 4, prefix = `REQ-${randomUUID().slice(0, 6)}`): unknown[] {
  const good = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i + 1}`,
    carrierName: i % 2 ? 'Ganga Freight Carriers' : 'Sahyadri Roadways',
    date,
    timeStart: `${String(9 + i).padStart(2, '0')}:00`,
    timeEnd: `${String(9 + i).padStart(2, '0')}:30`,
    loadType: 'inbound',
    poNumber: `PO-${prefix}-${i + 1}`,
  }));
  const malformed = { id: `${prefix}-BAD`, carrierName: 'Sahyadri Roadways', timeStart: '11:00', timeEnd: '11:30' };
  return [...good.slice(0, 2), malformed, ...good.slice(2)];
}

function authorized(req: IncomingMessage, state: FakeTmsState): boolean {
  const auth = req.headers.authorization ?? '';
  if (req.headers['x-api-key'] === FAKE_CREDENTIALS.apiKey) return true;
  if (auth === `Bearer ${FAKE_CREDENTIALS.token}`) return true;
  if (auth.startsWith('Bearer ') && state.issuedTokens.has(auth.slice(7))) return true;
  return (
    auth === `Basic ${Buffer.from(`${FAKE_CREDENTIALS.username}:${FAKE_CREDENTIALS.password}`).toString('base64')}`
  );
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeTms(initial: Partial<FakeTmsState> = {}) {
  const state: FakeTmsState = {
    records: [],
    pageSize: 2,
    delayMs: 0,
    failNext: 0,
    failWebhooks: 0,
    webhookDelayMs: {},
    webhookSecret: null,
    webhookAnswers: {},
    tokenRequests: 0,
    issuedTokens: new Set(),
    pagesServed: [],
    webhooks: [],
    ...initial,
  };
  const server = createServer((req, res) => void answer(req, res));
  async function answer(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake-tms');
    const body = await readBody(req);
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (res.destroyed) return;
    if (url.pathname.startsWith('/webhooks') && req.method === 'POST') {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      let verified = false;
      let error: string | null = null;
      try {
        new Webhook(state.webhookSecret ?? '').verify(body, headers);
        verified = true;
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
      let payload: ReceivedWebhook['payload'] = null;
      try {
        payload = JSON.parse(body) as ReceivedWebhook['payload'];
      } catch {
        // recorded as received
      }
      state.webhooks.push({ receivedAt: Date.now(), path: url.pathname, verified, error, headers, body, payload });
      const hold = state.webhookDelayMs[url.pathname];
      if (hold) await new Promise((r) => setTimeout(r, hold));
      if (res.destroyed) return;
      const forced = state.webhookAnswers[url.pathname];
      if (forced) return send(res, forced, { message: `answering ${forced}` });
      if (state.failWebhooks > 0) {
        state.failWebhooks--;
        return send(res, 500, { message: 'receiver down' });
      }
      return send(res, verified ? 204 : 401, verified ? {} : { message: error });
    }
    if (state.failNext > 0) {
      state.failNext--;
      return send(res, 503, { message: 'Service Unavailable' });
    }
    if (url.pathname === '/oauth/token' && req.method === 'POST') {
      state.tokenRequests++;
      const expected = `Basic ${Buffer.from(`${FAKE_CREDENTIALS.clientId}:${FAKE_CREDENTIALS.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || !body.includes('grant_type=client_credentials'))
        return send(res, 401, { error: 'invalid_client' });
      const token = randomUUID();
      state.issuedTokens.add(token);
      return send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    if (!authorized(req, state)) return send(res, 401, { message: 'Unauthorized' });
    if (url.pathname === '/health' || url.pathname === '/') return send(res, 200, { ok: true });
    if (url.pathname === '/appointment-requests') {
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      state.pagesServed.push(String(page));
      const start = (page - 1) * state.pageSize;
      const data = state.records.slice(start, start + state.pageSize);
      return send(res, 200, { data, nextPage: start + state.pageSize < state.records.length ? page + 1 : null });
    }
    return send(res, 404, { message: 'Not found' });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeTms = Awaited<ReturnType<typeof startFakeTms>>;
