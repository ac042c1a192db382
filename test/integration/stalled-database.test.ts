// A stalled database through the real local HTTP path (#14.7, #27.3): the API answers 503 with
// Retry-After within 5 s instead of hanging, says when a change may or may not have been saved, never
// sends a write twice, and works again once the database answers.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/api';
import { startApiBehindStallProxy, type StallProxy } from '../support/stall-proxy';

let proxy: StallProxy;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  // Prepare: the handlers talk to DynamoDB Local through the proxy.
  ({ proxy, url, close } = await startApiBehindStallProxy());
});
afterAll(async () => {
  await close?.();
});

const signIn = (from: string) =>
  new Client(url).post('/api/auth/login', { identifier: 'operations', password: 'Demo@12345' }, { localAddress: from });
const BUSY = 'The service is busy right now. Please try again in a few seconds.';
const BUSY_HI = 'सेवा अभी व्यस्त है। कृपया कुछ सेकंड बाद फिर से प्रयास करें।';
const MAYBE_SAVED = 'Your change may or may not have been saved. Please reload the page to check before trying again.';
const MAYBE_SAVED_HI = 'आपका बदलाव शायद सहेजा गया हो, शायद नहीं। दोबारा प्रयास करने से पहले कृपया पेज फिर से लोड करके देख लें।';
// The product's promise (#27.3): a stalled database costs a request at most 5 s and an answer.
const ANSWER_WITHIN_MS = 5_000;

async function timed<T>(call: () => Promise<T>): Promise<{ res: T; ms: number }> {
  const started = Date.now();
  const res = await call();
  return { res, ms: Date.now() - started };
}

describe('a stalled DynamoDB', () => {
  it('answers 503 with Retry-After within 5 s, for every parallel request, then recovers', async () => {
    expect((await signIn('127.0.0.2')).status).toBe(200);

    // Act: the database stops answering; 6 requests arrive at once.
    proxy.freeze();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => timed(() => signIn(`127.0.0.${10 + i}`))));
    proxy.thaw();

    // Assess
    for (const { res, ms } of answers) {
      expect(res.status).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.body.message).toBe(BUSY);
      expect(res.text).not.toMatch(/TimeoutError|AbortError|at .*\.ts/);
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    expect((await signIn('127.0.0.3')).status).toBe(200);
  }, 25_000);

  it('answers a read on a frozen database 503 within 5 s, in the language asked for', async () => {
    // Prepare
    const staff = new Client(url);
    await staff.signIn('operations');
    // Act
    proxy.freeze();
    const english = timed(() => staff.get('/api/carriers'));
    const hindi = timed(() => staff.get('/api/carriers', { headers: { 'accept-language': 'hi' } }));
    const [en, hi] = await Promise.all([english, hindi]);
    proxy.thaw();
    // Assess
    expect(en.res.status).toBe(503);
    expect(en.res.body).toEqual({ message: BUSY });
    expect(hi.res.status).toBe(503);
    expect(hi.res.body).toEqual({ message: BUSY_HI });
    expect(Math.max(en.ms, hi.ms)).toBeLessThan(ANSWER_WITHIN_MS);
    expect((await staff.get('/api/carriers')).status).toBe(200);
  }, 25_000);

  it('reports a write whose answer was lost as maybe saved, within 5 s, and never sends it twice', async () => {
    // Prepare
    const staff = new Client(url);
    await staff.signIn('operations');
    const name = `Stalled Freight ${randomUUID().slice(0, 6)}`;
    // Act: the write reaches the table, its answer never comes back.
    proxy.loseAnswersOf(['TransactWriteItems', 'PutItem', 'UpdateItem']);
    const { res, ms } = await timed(() => staff.post('/api/carriers', { name, serviceTypes: ['FTL'] }));
    const sent = proxy.seen('TransactWriteItems');
    proxy.thaw();
    // Assess: the caller is told to look before retrying; the carrier exists exactly once.
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: MAYBE_SAVED });
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(sent).toBe(1);
    const listed = await staff.get<{ name: string }[]>('/api/carriers');
    expect(listed.body.filter((c) => c.name === name)).toHaveLength(1);
  }, 25_000);

  it('says the same in Hindi for a write held before the table, which is not sent again either', async () => {
    // Prepare
    const staff = new Client(url);
    await staff.signIn('operations');
    const name = `Held Freight ${randomUUID().slice(0, 6)}`;
    // Act: the write is sent but never reaches the table; we cannot tell that from a lost answer.
    proxy.holdRequestsOf(['TransactWriteItems']);
    const { res, ms } = await timed(() =>
      staff.post('/api/carriers', { name, serviceTypes: ['FTL'] }, { headers: { 'accept-language': 'hi' } }),
    );
    const sent = proxy.seen('TransactWriteItems');
    proxy.thaw();
    // Assess
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: MAYBE_SAVED_HI });
    expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(sent).toBe(1);
    const listed = await staff.get<{ name: string }[]>('/api/carriers');
    expect(listed.body.filter((c) => c.name === name)).toHaveLength(0);
  }, 25_000);
});
