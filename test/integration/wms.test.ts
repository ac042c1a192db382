// The warehouse through the real local HTTP path: places and products with their rules, goods
// receiving (capacity, dock-to-stock, the goods.received event), adjustments, cycle counts with
// frozen bins, paging and search by key, tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Client, startTestApi, type HttpResponse, type TestApi } from '../support/api';
import { signInAsAcmeAdmin } from '../support/tenancy';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { ddb } from '../../functions/lib/aws';
import { config } from '../../functions/lib/config';

let api: TestApi;
let ops: Client;
let spectator: Client;
let other: Client; // the admin of another tenant
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

beforeAll(async () => {
  api = await startTestApi();
  [ops, spectator, other] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  await Promise.all([ops.signIn('operations'), spectator.signIn('spectator')]);
  await signInAsAcmeAdmin(other);
});
afterAll(() => api.close());

async function created(res: { status: number; text: string; body: any }) {
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const zone = async (facilityId = DEMO_FACILITY_ID) =>
  created(
    await ops.post('/api/wms/zones', { facilityId, name: unique('Zone'), code: unique('Z'), zoneType: 'storage' }),
  );
const bin = async (zoneId: string, capacity: number | null = null) =>
  created(await ops.post('/api/wms/bins', { zoneId, binCode: unique('B'), binType: 'shelf', capacity }));
const product = async (extra: Record<string, unknown> = {}) =>
  created(await ops.post('/api/wms/products', { sku: unique('SKU'), name: unique('Product'), ...extra }));
const receive = (body: Record<string, unknown>) =>
  ops.post('/api/wms/inventory/receive', { facilityId: DEMO_FACILITY_ID, ...body });
const binOf = async (id: string) => (await ops.get(`/api/wms/bins/${id}`)).body;
const BUSY = 'The service is busy right now. Please try again in a few seconds.';
/** Sends the request again while it is answered 503 "busy" (nothing was written), as a client would:
 * on a loaded machine some of 20 racing requests run out of their time. The last answer. */
async function untilNotBusy(send: () => Promise<HttpResponse>): Promise<HttpResponse> {
  for (let i = 1; ; i++) {
    const res = await send();
    if (i >= 20 || !(res.status === 503 && res.body?.message === BUSY)) return res;
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 150));
  }
}
const dashboard = async () => (await ops.get('/api/wms/dashboard')).body;

describe('wms places and products', () => {
  it("answers the spec's validation texts and writes nothing on bad input", async () => {
    const before = await dashboard();
    const cases: [string, unknown, string, string][] = [
      [
        '/api/wms/zones',
        { facilityId: DEMO_FACILITY_ID, code: 'Z1', zoneType: 'storage' },
        'name',
        'Zone name is required',
      ],
      [
        '/api/wms/zones',
        { facilityId: DEMO_FACILITY_ID, name: 'Z', zoneType: 'storage' },
        'code',
        'Zone code is required',
      ],
      ['/api/wms/bins', { binCode: 'A', binType: 'shelf' }, 'zoneId', 'Zone is required'],
      ['/api/wms/bins', { zoneId: 'x', binType: 'shelf' }, 'binCode', 'Bin code is required'],
      ['/api/wms/bins', { zoneId: 'x', binCode: 'A' }, 'binType', 'Bin type is required'],
      ['/api/wms/products', { name: 'P' }, 'sku', 'SKU is required'],
      ['/api/wms/products', { sku: 'P' }, 'name', 'Product name is required'],
      [
        '/api/wms/inventory',
        { facilityId: DEMO_FACILITY_ID, productId: 'p', quantity: -1 },
        'quantity',
        'Quantity must be non-negative',
      ],
      [
        '/api/wms/inventory/adjust',
        { inventoryId: 'x', quantityAdjusted: 0, reasonCode: 'damaged' },
        'quantityAdjusted',
        'Adjustment cannot be zero',
      ],
      [
        '/api/wms/inventory/adjust',
        { quantityAdjusted: 1, reasonCode: 'damaged' },
        'inventoryId',
        'Inventory item is required',
      ],
      ['/api/wms/inventory/adjust', { inventoryId: 'x', quantityAdjusted: 1 }, 'reasonCode', 'Reason code is required'],
      [
        '/api/wms/inventory/receive',
        { facilityId: DEMO_FACILITY_ID, productId: 'p', quantity: 0 },
        'quantity',
        'Quantity must be at least 1',
      ],
      ['/api/wms/cycle-counts', { countType: 'full' }, 'facilityId', 'Facility is required'],
    ];
    for (const [path, body, field, message] of cases) {
      const res = await ops.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    expect(await dashboard()).toEqual(before);
  });

  it('keeps SKUs unique per tenant and bin codes unique per zone, and counts them on the dashboard', async () => {
    const before = await dashboard();
    const p = await product({ sku: 'dup-sku-1' });
    const again = await ops.post('/api/wms/products', { sku: ' DUP-SKU-1 ', name: 'Other' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('SKU DUP-SKU-1 already exists');
    const z = await zone();
    const b = await ops.post('/api/wms/bins', { zoneId: z.id, binCode: 'A-01', binType: 'shelf' });
    expect(b.status).toBe(201);
    expect((await ops.post('/api/wms/bins', { zoneId: z.id, binCode: 'a-01', binType: 'pallet' })).status).toBe(409);
    const z2 = await zone();
    expect((await ops.post('/api/wms/bins', { zoneId: z2.id, binCode: 'A-01', binType: 'pallet' })).status).toBe(201);
    expect(await dashboard()).toMatchObject({
      zones: before.zones + 2,
      bins: before.bins + 2,
      products: before.products + 1,
    });
    expect(p.stockLines).toBe(0);
  });

  it('refuses to delete a zone with bins, and a bin or product with stock, with a clear message', async () => {
    const z = await zone();
    const b = await bin(z.id);
    const p = await product();
    expect(await receive({ productId: p.id, binId: b.id, quantity: 3 }).then((r) => r.status)).toBe(201);
    const zoneDelete = await ops.request('DELETE', `/api/wms/zones/${z.id}`);
    expect(zoneDelete.status).toBe(409);
    expect(zoneDelete.body.message).toMatch(/still has 1 bins/);
    expect((await ops.request('DELETE', `/api/wms/bins/${b.id}`)).body.message).toMatch(/still holds 3 units/);
    expect((await ops.request('DELETE', `/api/wms/products/${p.id}`)).body.message).toMatch(
      /has 1 inventory lines and cannot be deleted/,
    );
    const empty = await bin(z.id);
    expect((await ops.request('DELETE', `/api/wms/bins/${empty.id}`)).status).toBe(204);
  });
});

describe('edits from a loaded revision', () => {
  const CONFLICT = 'This record was changed by someone else since you opened it. Reload it and try again.';

  /**
   * 20 saves of one record from the same loaded revision, each with its own change: exactly one is
   * saved (revision 0 -> 1), the 19 others are 409s carrying the record as the winner left it.
   */
  async function oneSavedOfTwenty(
    path: string,
    edit: (i: number) => Record<string, unknown>,
    stored: () => Promise<any>,
  ) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ops.request('PUT', path, { body: { ...edit(i), revision: 0 } })),
    );
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status === 409);
    expect(won, answers.map((a) => `${a.status} ${a.text}`).join('\n')).toHaveLength(1);
    expect(lost).toHaveLength(19);
    const now = await stored();
    expect(now.revision).toBe(1);
    expect(now).toEqual(won[0]!.body);
    for (const l of lost) expect(l.body).toEqual({ message: CONFLICT, current: now });
    return now;
  }

  it('20 concurrent edits of one bin: one is saved, 19 get 409 with the bin as the winner left it', async () => {
    const z = await zone();
    const b = await bin(z.id, 50);
    expect(b.revision).toBe(0);
    const now = await oneSavedOfTwenty(
      `/api/wms/bins/${b.id}`,
      (i) => ({ zoneId: z.id, binCode: b.binCode, binType: 'shelf', capacity: 50, aisle: `R${i}` }),
      () => binOf(b.id),
    );
    expect(now.aisle).toMatch(/^R\d+$/);
  });

  it('20 concurrent edits of one product: one is saved, 19 get 409 with the product as the winner left it', async () => {
    const p = await product({ category: 'Spices' });
    expect(p.revision).toBe(0);
    const stored = async () => (await ops.get(`/api/wms/products?code=${encodeURIComponent(p.sku)}`)).body.data[0];
    const now = await oneSavedOfTwenty(
      `/api/wms/products/${p.id}`,
      (i) => ({ sku: p.sku, name: `${p.name} v${i}`, category: 'Spices' }),
      stored,
    );
    expect(now.name).toMatch(new RegExp(`^${p.name} v\\d+$`));
  });

  it('stock arriving does not make an edit stale, and a stale edit changes nothing (in Hindi too)', async () => {
    const z = await zone();
    const b = await bin(z.id);
    const p = await product();
    expect((await receive({ productId: p.id, binId: b.id, quantity: 4 })).status).toBe(201);
    const binSaved = await ops.request('PUT', `/api/wms/bins/${b.id}`, {
      body: { zoneId: z.id, binCode: b.binCode, binType: 'pallet', revision: 0 },
    });
    expect(binSaved.status, binSaved.text).toBe(200);
    expect(binSaved.body).toMatchObject({ binType: 'pallet', currentQuantity: 4, revision: 1 });
    const productSaved = await ops.request('PUT', `/api/wms/products/${p.id}`, {
      body: { sku: p.sku, name: 'Basmati 5 kg', revision: 0 },
    });
    expect(productSaved.status, productSaved.text).toBe(200);
    expect(productSaved.body).toMatchObject({ name: 'Basmati 5 kg', stockLines: 1, revision: 1 });
    const stale = await ops.request('PUT', `/api/wms/bins/${b.id}`, {
      body: { zoneId: z.id, binCode: b.binCode, binType: 'floor', revision: 0 },
      headers: { 'accept-language': 'hi' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('आपके खोलने के बाद यह रिकॉर्ड किसी और ने बदल दिया। फिर से लोड करके प्रयास करें।');
    expect(await binOf(b.id)).toMatchObject({ binType: 'pallet', revision: 1 });
  });
});

describe('goods receiving', () => {
  it('adds to the matching line (facility, product, bin, lot), raises the bin, and writes the goods.received event', async () => {
    const z = await zone();
    const b = await bin(z.id, 100);
    const p = await product({ barcodeValue: unique('890') });
    const first = await created(await receive({ productId: p.id, binId: b.id, quantity: 10, lotNumber: 'L1' }));
    const second = await created(await receive({ productId: p.id, binId: b.id, quantity: 5, lotNumber: 'l1' }));
    const otherLot = await created(await receive({ productId: p.id, binId: b.id, quantity: 1, lotNumber: 'L2' }));
    expect(second.inventoryId).toBe(first.inventoryId);
    expect(second.quantityAfter).toBe(15);
    expect(otherLot.inventoryId).not.toBe(first.inventoryId);
    expect(await binOf(b.id)).toMatchObject({ currentQuantity: 16, zoneName: z.name });
    const events = await ddb().send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `TENANT#demo#EVENT#${new Date().toISOString().slice(0, 10)}` },
      }),
    );
    const received = (events.Items ?? []).filter((e) => e.type === 'goods.received' && e.detail.receiptId === first.id);
    expect(received).toHaveLength(1);
    expect(received[0]!.detail).toMatchObject({ productId: p.id, binId: b.id, quantity: 10 });
  });

  it("refuses a receipt over the bin capacity with the spec's text, and an inactive product, and a bin of another facility", async () => {
    const z = await zone();
    const b = await bin(z.id, 20);
    const p = await product();
    await created(await receive({ productId: p.id, binId: b.id, quantity: 15 }));
    const over = await receive({ productId: p.id, binId: b.id, quantity: 6 });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe('Capacity exceeded! Bin capacity: 20, Current: 15, Adding: 6, Total would be: 21');
    const inactive = await product({ isActive: false });
    expect((await receive({ productId: inactive.id, binId: b.id, quantity: 1 })).body.message).toBe(
      `${inactive.name} is inactive and cannot be received`,
    );
    const elsewhere = await created(
      await ops.post('/api/facilities', {
        name: unique('Annex'),
        address: 'Plot 9, Bhiwandi',
        operatingHoursStart: '08:00',
        operatingHoursEnd: '18:00',
      }),
    );
    const farBin = await bin((await zone(elsewhere.id)).id);
    const wrong = await receive({ productId: p.id, binId: farBin.id, quantity: 1 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The bin is not at this facility');
    expect((await binOf(b.id)).currentQuantity).toBe(15);
  });

  it("never exceeds a bin's capacity under 20 concurrent receipts", async () => {
    const z = await zone();
    const b = await bin(z.id, 50);
    const p = await product();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => untilNotBusy(() => receive({ productId: p.id, binId: b.id, quantity: 5 }))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect((await binOf(b.id)).currentQuantity).toBe(50);
    const lines = (await ops.get(`/api/wms/inventory?search=${encodeURIComponent(p.sku)}`)).body.data;
    expect(lines.map((l: { quantity: number }) => l.quantity)).toEqual([50]);
  });
});

describe('unit cost in paise', () => {
  /** The product's lines, by bin code. */
  async function linesOf(sku: string) {
    const res = await ops.get(`/api/wms/inventory?search=${encodeURIComponent(sku)}&limit=100`);
    expect(res.status, res.text).toBe(200);
    return new Map<string, any>(res.body.data.map((l: any) => [l.binCode, l]));
  }

  it('averages each receipt into the line, keeps it through receipts without a cost and adjustments, and carries it on moves', async () => {
    const z = await zone();
    const [b1, b2, b3] = [await bin(z.id), await bin(z.id), await bin(z.id)];
    const p = await product();
    // 10 units at ₹12.50 and 30 at ₹13.10: (10 × 1250 + 30 × 1310) / 40 = 51800 / 40 = 1295 paise.
    await created(await receive({ productId: p.id, binId: b1.id, quantity: 10, unitCost: 12.5 }));
    const line = (await created(await receive({ productId: p.id, binId: b1.id, quantity: 30, unitCost: '13.10' })))
      .inventoryId;
    expect((await linesOf(p.sku)).get(b1.binCode)).toMatchObject({ id: line, quantity: 40, unitCostPaise: 1295 });
    // 5 more without a cost join at the line's cost; taking 7 out leaves the cost as it is.
    await created(await receive({ productId: p.id, binId: b1.id, quantity: 5 }));
    await created(
      await ops.post('/api/wms/inventory/adjust', { inventoryId: line, quantityAdjusted: -7, reasonCode: 'damaged' }),
    );
    expect((await linesOf(p.sku)).get(b1.binCode)).toMatchObject({ quantity: 38, unitCostPaise: 1295 });
    // 10 split off into an empty bin keep ₹12.95; bin 3 holds 10 at ₹20.00, and 10 more at ₹12.95
    // merge there: (10 × 2000 + 10 × 1295) / 20 = 32950 / 20 = 1647.5, half a paisa up: 1648.
    await created(await ops.post(`/api/wms/inventory/${line}/move`, { toBinId: b2.id, quantity: 10 }));
    await created(await receive({ productId: p.id, binId: b3.id, quantity: 10, unitCost: 20 }));
    await created(await ops.post(`/api/wms/inventory/${line}/move`, { toBinId: b3.id, quantity: 10 }));
    const after = await linesOf(p.sku);
    expect(after.get(b1.binCode)).toMatchObject({ quantity: 18, unitCostPaise: 1295 });
    expect(after.get(b2.binCode)).toMatchObject({ quantity: 10, unitCostPaise: 1295 });
    expect(after.get(b3.binCode)).toMatchObject({ quantity: 20, unitCostPaise: 1648 });
  });

  it('rounds a third of a paisa to the nearest paisa, and refuses a cost finer than a paisa without writing anything', async () => {
    const z = await zone();
    const b = await bin(z.id);
    const p = await product();
    // 1 unit at ₹10.00 and 2 at ₹10.01: (1000 + 2002) / 3 = 1000.67 paise: 1001.
    await created(await receive({ productId: p.id, binId: b.id, quantity: 1, unitCost: 10 }));
    await created(await receive({ productId: p.id, binId: b.id, quantity: 2, unitCost: 10.01 }));
    expect((await linesOf(p.sku)).get(b.binCode)).toMatchObject({ quantity: 3, unitCostPaise: 1001 });
    const before = await dashboard();
    const fine = await ops.request('POST', '/api/wms/inventory/receive', {
      body: { facilityId: DEMO_FACILITY_ID, productId: p.id, binId: b.id, quantity: 1, unitCost: 12.505 },
      headers: { 'accept-language': 'hi' },
    });
    expect(fine.status).toBe(400);
    expect(fine.body.errors.unitCost).toBe('इकाई लागत में दशमलव के बाद अधिकतम 2 अंक (पैसे) हो सकते हैं');
    expect((await receive({ productId: p.id, binId: b.id, quantity: 1, unitCost: 12.505 })).body.errors.unitCost).toBe(
      'Unit cost has at most 2 decimals (paise)',
    );
    expect(await dashboard()).toEqual(before);
    expect((await linesOf(p.sku)).get(b.binCode)).toMatchObject({ quantity: 3, unitCostPaise: 1001 });
  });

  it('totals are the sum of the counter shards and of the counter item from before them', async () => {
    const before = await dashboard();
    const z = await zone();
    const b = await bin(z.id);
    const p = await product();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        receive({ productId: p.id, binId: b.id, quantity: i + 1, lotNumber: `S${i}` }).then(created),
      ),
    );
    // Ten receipts of 1..10 units: 55 more in stock, and one more zone, bin and product.
    expect(await dashboard()).toEqual({
      ...before,
      zones: before.zones + 1,
      bins: before.bins + 1,
      products: before.products + 1,
      totalInventoryQuantity: before.totalInventoryQuantity + 55,
    });
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: { PK: 'TENANT#demo#WMS', SK: 'COUNTERS' },
        UpdateExpression: 'ADD quantity :q',
        ExpressionAttributeValues: { ':q': 7 },
      }),
    );
    expect((await dashboard()).totalInventoryQuantity).toBe(before.totalInventoryQuantity + 62);
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: { PK: 'TENANT#demo#WMS', SK: 'COUNTERS' },
        UpdateExpression: 'ADD quantity :q',
        ExpressionAttributeValues: { ':q': -7 },
      }),
    );
  });
});

describe('adjustments', () => {
  async function stockedLine(quantity: number) {
    const z = await zone();
    const b = await bin(z.id);
    const p = await product();
    const receipt = await created(await receive({ productId: p.id, binId: b.id, quantity }));
    return { lineId: receipt.inventoryId as string, bin: b, product: p };
  }

  it('20 concurrent adjustments of one line end exactly at the sum, each recorded with before and after', async () => {
    const { lineId, bin: b } = await stockedLine(100);
    const changes = Array.from({ length: 20 }, (_, i) => (i % 2 ? -5 : 3));
    const results = await Promise.all(
      changes.map((quantityAdjusted) =>
        untilNotBusy(() =>
          ops.post('/api/wms/inventory/adjust', {
            inventoryId: lineId,
            quantityAdjusted,
            reasonCode: quantityAdjusted > 0 ? 'found' : 'damaged',
          }),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(changes.map(() => 201));
    expect((await binOf(b.id)).currentQuantity).toBe(80);
    const history = (await ops.get('/api/wms/inventory/adjustments?limit=100')).body.data.filter(
      (a: { inventoryId: string }) => a.inventoryId === lineId,
    );
    expect(history).toHaveLength(20);
    const afters = history.map((a: { quantityAfter: number }) => a.quantityAfter).sort((x: number, y: number) => x - y);
    for (const a of history) expect(a.quantityAfter).toBe(a.quantityBefore + a.quantityAdjusted);
    // Each change applied on top of another: the befores and the final 80 are the 100 and the afters.
    const befores = history.map((a: { quantityBefore: number }) => a.quantityBefore);
    expect([...befores, 80].sort((x, y) => x - y)).toEqual([100, ...afters].sort((x, y) => x - y));
  });

  it('never takes stock below 0 under concurrent decrements', async () => {
    const { lineId, bin: b } = await stockedLine(10);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        untilNotBusy(() =>
          ops.post('/api/wms/inventory/adjust', { inventoryId: lineId, quantityAdjusted: -1, reasonCode: 'shrinkage' }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(
      results
        .filter((r) => r.status === 409)
        .every((r) => r.body.message === 'Adjustment would take the stock below 0 (on hand: 0)'),
    ).toBe(true);
    expect((await binOf(b.id)).currentQuantity).toBe(0);
  });
});

describe('cycle counts', () => {
  it('runs planned -> active -> completed: start freezes the bin, complete applies the variance and unfreezes', async () => {
    const z = await zone();
    const b = await bin(z.id);
    const p = await product();
    const receipt = await created(await receive({ productId: p.id, binId: b.id, quantity: 12 }));
    const count = await created(
      await ops.post('/api/wms/cycle-counts', {
        facilityId: DEMO_FACILITY_ID,
        countType: 'partial',
        zoneId: z.id,
        binId: b.id,
      }),
    );
    expect(count).toMatchObject({
      status: 'planned',
      countType: 'partial',
      bin: { code: b.binCode },
      zone: { name: z.name },
    });
    expect((await ops.post(`/api/wms/cycle-counts/${count.id}/complete`)).status).toBe(409);
    expect((await ops.post(`/api/wms/cycle-counts/${count.id}/start`)).status).toBe(200);
    expect((await ops.post(`/api/wms/cycle-counts/${count.id}/start`)).status).toBe(409);

    const frozen = await receive({ productId: p.id, binId: b.id, quantity: 1 });
    expect(frozen.status).toBe(409);
    expect(frozen.body.message).toBe(
      `Bin ${b.binCode} is frozen by cycle count ${count.countNumber} until it completes`,
    );
    expect(
      (
        await ops.post('/api/wms/inventory/adjust', {
          inventoryId: receipt.inventoryId,
          quantityAdjusted: 1,
          reasonCode: 'found',
        })
      ).status,
    ).toBe(409);
    expect((await binOf(b.id)).frozenBy).toBe(count.countNumber);

    const items = (await ops.get(`/api/wms/cycle-counts/${count.id}/items`)).body.data;
    expect(items).toEqual([
      expect.objectContaining({
        expectedQuantity: 12,
        countedQuantity: null,
        product: { name: p.name },
        bin: { code: b.binCode },
      }),
    ]);
    const negative = await ops.request('PATCH', `/api/wms/cycle-count-items/${items[0].id}`, {
      body: { countedQuantity: -1 },
    });
    expect(negative.body.errors.countedQuantity).toBe('Counted quantity cannot be negative');
    const counted = await ops.request('PATCH', `/api/wms/cycle-count-items/${items[0].id}`, {
      body: { countedQuantity: 9 },
    });
    expect(counted.body).toMatchObject({ countedQuantity: 9, variance: -3 });
    const before = await dashboard();

    const done = await ops.post(`/api/wms/cycle-counts/${count.id}/complete`);
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toBe('completed');
    expect(await binOf(b.id)).toMatchObject({ currentQuantity: 9, frozenBy: null });
    expect((await dashboard()).totalInventoryQuantity).toBe(before.totalInventoryQuantity - 3);
    const history = (await ops.get('/api/wms/inventory/adjustments')).body.data;
    expect(history[0]).toMatchObject({
      inventoryId: receipt.inventoryId,
      quantityBefore: 12,
      quantityAdjusted: -3,
      quantityAfter: 9,
      reasonCode: 'cycle_adjustment',
      product: { name: p.name },
      bin: { code: b.binCode },
    });
    expect((await receive({ productId: p.id, binId: b.id, quantity: 1 })).status).toBe(201);
    expect((await ops.post(`/api/wms/cycle-counts/${count.id}/cancel`)).status).toBe(409);
    expect(
      (await ops.request('PATCH', `/api/wms/cycle-count-items/${items[0].id}`, { body: { countedQuantity: 1 } }))
        .status,
    ).toBe(409);
  });
});

describe('lists by key', () => {
  it('pages with cursors, totals from the counters, and searches SKU, barcode and name by prefix', async () => {
    const tag = unique('srch').toLowerCase();
    for (let i = 0; i < 3; i++)
      await product({ sku: `${tag}-${i}`, name: `चावल ${tag} ${i}`, category: tag, barcodeValue: `${tag}bc${i}` });
    const first = await ops.get(`/api/wms/products?category=${tag}&limit=2`);
    expect(first.body.pagination).toMatchObject({ page: 1, pages: 2, total: 3 });
    const second = await ops.get(
      `/api/wms/products?category=${tag}&limit=2&page=2&cursor=${first.body.pagination.nextCursor}`,
    );
    expect(second.body.data).toHaveLength(1);
    expect(second.body.pagination.nextCursor).toBeNull();
    expect(
      (await ops.get(`/api/wms/products?search=${tag.toUpperCase()}-1`)).body.data.map((p: { sku: string }) => p.sku),
    ).toEqual([`${tag}-1`]);
    expect(
      (await ops.get(`/api/wms/products?search=${encodeURIComponent(`चावल  ${tag}`)}&isActive=all`)).body.pagination
        .total,
    ).toBe(3);
    expect((await ops.get(`/api/wms/products?code=${tag}bc2`)).body.data[0].sku).toBe(`${tag}-2`);
    expect((await ops.get(`/api/wms/products?category=${tag}&isActive=false`)).body.pagination.total).toBe(0);
  });

  it('refuses a malformed or foreign cursor, paging past the end and a page size over 100', async () => {
    const p = await product();
    for (const lotNumber of ['C1', 'C2']) await created(await receive({ productId: p.id, quantity: 1, lotNumber }));
    expect((await ops.get('/api/wms/products?cursor=not-a-cursor&page=2')).status).toBe(400);
    const first = await ops.get('/api/wms/products?limit=1');
    const foreign = await ops.get(`/api/wms/inventory?limit=1&page=2&cursor=${first.body.pagination.nextCursor}`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Invalid cursor: go back to the first page');
    expect((await ops.get('/api/wms/zones?page=999')).status).toBe(400);
    expect((await ops.get('/api/wms/products?limit=101')).body.errors.limit).toBe(
      'Page size must be between 1 and 100',
    );
  });
});

describe('tenant isolation and roles', () => {
  it('keeps another tenant out of every item and list, and lets the spectator read only', async () => {
    const z = await zone();
    const b = await bin(z.id);
    const p = await product();
    const line = (await created(await receive({ productId: p.id, binId: b.id, quantity: 4 }))).inventoryId;
    const count = await created(
      await ops.post('/api/wms/cycle-counts', { facilityId: DEMO_FACILITY_ID, countType: 'spot', binId: b.id }),
    );
    const attempts = [
      other.get(`/api/wms/bins/${b.id}`),
      other.request('PUT', `/api/wms/zones/${z.id}`, {
        body: { facilityId: DEMO_FACILITY_ID, name: 'x', code: 'x', zoneType: 'storage' },
      }),
      other.request('DELETE', `/api/wms/products/${p.id}`),
      other.post('/api/wms/inventory/adjust', { inventoryId: line, quantityAdjusted: -1, reasonCode: 'damaged' }),
      other.post('/api/wms/inventory/receive', { facilityId: DEMO_FACILITY_ID, productId: p.id, quantity: 1 }),
      other.post(`/api/wms/cycle-counts/${count.id}/start`),
      other.get(`/api/wms/cycle-counts/${count.id}/items`),
      other.post('/api/wms/bins', { zoneId: z.id, binCode: 'X', binType: 'shelf' }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status, res.text).toBe(404);
    expect((await other.get('/api/wms/products')).body.data).toEqual([]);
    expect((await other.get('/api/wms/dashboard')).body).toEqual({
      facilities: 1,
      zones: 0,
      bins: 0,
      products: 0,
      totalInventoryQuantity: 0,
    });
    expect((await binOf(b.id)).currentQuantity).toBe(4);
    expect((await spectator.get('/api/wms/inventory')).status).toBe(200);
    expect(
      (
        await spectator.post('/api/wms/inventory/adjust', {
          inventoryId: line,
          quantityAdjusted: 1,
          reasonCode: 'found',
        })
      ).status,
    ).toBe(403);
  });
});
