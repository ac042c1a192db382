// Stock changes whose write is answered after the request's deadline, through the real local HTTP
// path: N clients receive into one bin (or adjust one line) at once, each sending its request again
// while it is told 503 "busy" (which promises nothing was written), until it gets any other answer.
// Every client must be told the truth: the stock ends at exactly the changes the clients were told
// were made, and a write the database applied is never answered 503.
// Deterministic: each request's budget is shortened to 1 s (deadline.ts, mocked below), and a proxy
// before DynamoDB Local hands back every TransactWriteItems answer 1.2 s late (the transaction is
// applied at once, only its answer comes late), so every stock write is still in flight at its
// request's deadline.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, type HttpResponse } from '../support/api';
import { startApiBehindStallProxy, type StallProxy } from '../support/stall-proxy';

/** During the act only (sign-in and set-up keep the real budget): each request's budget. */
const timing = vi.hoisted(() => ({ budgetMs: 0 }));
const ACT_BUDGET_MS = 1_000;
/** How late DynamoDB's answer to a TransactWriteItems comes back during the act. */
const LATE_ANSWER_MS = 1_200;

vi.mock('../../functions/lib/deadline', async (original) => {
  const deadline = await original<typeof import('../../functions/lib/deadline')>();
  return {
    ...deadline,
    // The request's deadline comes `budgetMs` after it starts (as if it had arrived 3.5 s earlier);
    // the Lambda's own end stays where the emulator puts it (29 s).
    withRequestDeadline: (...[context, work, now = Date.now()]: Parameters<typeof deadline.withRequestDeadline>) =>
      deadline.withRequestDeadline(
        context,
        work,
        timing.budgetMs ? now - (deadline.REQUEST_BUDGET_MS - timing.budgetMs) : now,
      ),
  };
});

let proxy: StallProxy;
let close: () => Promise<void>;
let ops: Client;
let facilityId: string;

beforeAll(async () => {
  // The handlers talk to DynamoDB Local through the proxy.
  const api = await startApiBehindStallProxy();
  ({ proxy, close } = api);
  facilityId = (await import('../../functions/local/seed')).DEMO_FACILITY_ID;
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(async () => {
  await close?.();
});

const BUSY = 'The service is busy right now. Please try again in a few seconds.';
const CLIENTS = 6;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

async function created(res: HttpResponse) {
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** Sends the request again while it is answered 503 "busy" (nothing written); every answer in order. */
async function untilAnswered(send: () => Promise<HttpResponse>): Promise<string[]> {
  const answers: string[] = [];
  for (let i = 0; i < 40; i++) {
    const res = await send();
    answers.push(`${res.status} ${res.status === 201 ? '' : (res.body?.message ?? res.text)}`.trim());
    if (!(res.status === 503 && res.body?.message === BUSY)) return answers;
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
  }
  return answers;
}

/** A fresh zone, bin (no capacity) and product. */
async function place() {
  const zone = await created(
    await ops.post('/api/wms/zones', { facilityId, name: unique('Zone'), code: unique('Z'), zoneType: 'storage' }),
  );
  const bin = await created(
    await ops.post('/api/wms/bins', { zoneId: zone.id, binCode: unique('B'), binType: 'shelf', capacity: null }),
  );
  const product = await created(await ops.post('/api/wms/products', { sku: unique('SKU'), name: unique('Product') }));
  return { bin, product };
}
const binQuantity = async (id: string) => (await ops.get(`/api/wms/bins/${id}`)).body.currentQuantity as number;
const lineQuantities = async (sku: string) =>
  (await ops.get(`/api/wms/inventory?search=${encodeURIComponent(sku)}&limit=100`)).body.data.map(
    (l: { quantity: number }) => l.quantity,
  );

/** Runs the clients at once with the database's write answers late; each one's answers. */
async function withLateWriteAnswers(send: () => Promise<HttpResponse>): Promise<string[][]> {
  proxy.answerLate(['TransactWriteItems'], LATE_ANSWER_MS);
  timing.budgetMs = ACT_BUDGET_MS;
  try {
    const answers = await Promise.all(Array.from({ length: CLIENTS }, () => untilAnswered(send)));
    // Every stock write of the act was answered after its request's deadline.
    expect(proxy.seen('TransactWriteItems')).toBeGreaterThanOrEqual(CLIENTS);
    return answers;
  } finally {
    timing.budgetMs = 0;
    proxy.thaw();
  }
}

describe('a stock write answered after the request deadline', () => {
  it(`${CLIENTS} concurrent receipts of 1 into one bin: each client is told 201 once, the bin holds exactly ${CLIENTS}`, async () => {
    // Prepare
    const { bin, product } = await place();
    // Act
    const answers = await withLateWriteAnswers(() =>
      ops.post('/api/wms/inventory/receive', { facilityId, productId: product.id, binId: bin.id, quantity: 1 }),
    );
    // Assess: a receipt of 1 into a bin without capacity is never refused, so each client ends told
    // 201 (after any number of "busy"), and the bin and its line hold one unit per 201.
    expect({
      lastAnswers: answers.map((a) => a.at(-1)),
      told201: answers.flat().filter((a) => a === '201').length,
      bin: await binQuantity(bin.id),
      lines: await lineQuantities(product.sku),
    }).toEqual({
      lastAnswers: Array.from({ length: CLIENTS }, () => '201'),
      told201: CLIENTS,
      bin: CLIENTS,
      lines: [CLIENTS],
    });
  }, 90_000);

  it(`${CLIENTS} concurrent adjustments of +1 to one line of 10: each client is told 201 once, the line holds exactly ${10 + CLIENTS}`, async () => {
    // Prepare
    const { bin, product } = await place();
    const receipt = await created(
      await ops.post('/api/wms/inventory/receive', { facilityId, productId: product.id, binId: bin.id, quantity: 10 }),
    );
    // Act
    const answers = await withLateWriteAnswers(() =>
      ops.post('/api/wms/inventory/adjust', {
        inventoryId: receipt.inventoryId,
        quantityAdjusted: 1,
        reasonCode: 'found',
      }),
    );
    // Assess: +1 on a line of 10 without reservations is never refused: one unit and one recorded
    // adjustment per 201.
    const history = (await ops.get('/api/wms/inventory/adjustments?limit=100')).body.data.filter(
      (a: { inventoryId: string }) => a.inventoryId === receipt.inventoryId,
    );
    expect({
      lastAnswers: answers.map((a) => a.at(-1)),
      told201: answers.flat().filter((a) => a === '201').length,
      bin: await binQuantity(bin.id),
      lines: await lineQuantities(product.sku),
      adjustments: history.length,
    }).toEqual({
      lastAnswers: Array.from({ length: CLIENTS }, () => '201'),
      told201: CLIENTS,
      bin: 10 + CLIENTS,
      lines: [10 + CLIENTS],
      adjustments: CLIENTS,
    });
  }, 90_000);
});
