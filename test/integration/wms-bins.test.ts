// Warehouse set-up at a hub's size and receiving from the dock (issue #29), through the real local
// HTTP path: bins made in bulk from a range (chunks, cap, collisions listed before anything is
// written, all or nothing), a facility's bin code pattern, GTIN check digits on products, and the
// trucks At dock in receiving's list with their PO.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { openHub } from '../support/checkin-hub';

let api: TestApi;
let ops: Client;
let spectator: Client;
let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;
const HINDI = { headers: { 'accept-language': 'hi' } };

beforeAll(async () => {
  api = await startTestApi();
  [ops, spectator] = [new Client(api.url), new Client(api.url)];
  await Promise.all([ops.signIn('operations'), spectator.signIn('spectator')]);
});
afterAll(() => api.close());

async function created(res: { status: number; text: string; body: any }) {
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const facility = async () =>
  created(
    await ops.post('/api/facilities', {
      name: unique('Bin Hub'),
      address: 'Plot 7, MIDC Bhiwandi',
      operatingHoursStart: '08:00',
      operatingHoursEnd: '18:00',
    }),
  );
const zone = async (facilityId: string) =>
  created(
    await ops.post('/api/wms/zones', { facilityId, name: unique('Zone'), code: unique('Z'), zoneType: 'storage' }),
  );
const binsOf = async (zoneId: string) => {
  const codes: string[] = [];
  let cursor: string | null = null;
  for (let page = 1; ; page++) {
    const res: any = await ops.get(
      `/api/wms/bins?zoneId=${zoneId}&limit=100&page=${page}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.status, res.text).toBe(200);
    codes.push(...res.body.data.map((b: { binCode: string }) => b.binCode));
    cursor = res.body.pagination.nextCursor;
    if (!cursor) return { codes, total: res.body.pagination.total as number };
  }
};
const dashboardBins = async () => (await ops.get('/api/wms/dashboard')).body.bins as number;
const range = (zoneId: string, over: Record<string, unknown> = {}) => ({
  zoneId,
  aisleFrom: 'A',
  aisleTo: 'C',
  rackFrom: 1,
  rackTo: 10,
  levelFrom: 0,
  levelTo: 3,
  binType: 'pallet',
  capacity: 40,
  ...over,
});

describe('bins from a range', () => {
  it('makes every aisle x rack x level of the range, in the default pattern, across several transactions', async () => {
    const f = await facility();
    const z = await zone(f.id);
    const before = await dashboardBins();
    const res = await ops.post('/api/wms/bins/range', range(z.id));
    expect(res.status, res.text).toBe(201);
    // 3 aisles x 10 racks x 4 levels.
    expect(res.body.created).toBe(120);
    expect(res.body.bins[0].binCode).toBe('A-01-0');
    expect(res.body.bins[1].binCode).toBe('A-01-1');
    expect(res.body.bins[4].binCode).toBe('A-02-0');
    expect(res.body.bins[119].binCode).toBe('C-10-3');
    const listed = await binsOf(z.id);
    expect(listed.total).toBe(120);
    expect(listed.codes).toContain('B-07-2');
    expect(await dashboardBins()).toBe(before + 120);
    const one = (await ops.get(`/api/wms/bins/${res.body.bins[6].id}`)).body;
    expect(one).toMatchObject({
      binCode: 'A-02-2',
      aisle: 'A',
      rack: '2',
      level: 2,
      binType: 'pallet',
      capacity: 40,
      status: 'available',
      zoneId: z.id,
      facilityId: f.id,
    });
    const zones = (await ops.get(`/api/wms/zones?facilityId=${f.id}`)).body.data;
    expect(zones.find((x: { id: string }) => x.id === z.id).binCount).toBe(120);
  });

  it('lists the codes the zone already uses before writing anything', async () => {
    const f = await facility();
    const z = await zone(f.id);
    await created(await ops.post('/api/wms/bins', { zoneId: z.id, binCode: 'B-05-2', binType: 'shelf' }));
    await created(await ops.post('/api/wms/bins', { zoneId: z.id, binCode: 'a-04-1', binType: 'shelf' }));
    const before = await dashboardBins();
    const res = await ops.post(
      '/api/wms/bins/range',
      range(z.id, { aisleTo: 'B', rackFrom: 4, rackTo: 6, levelTo: 2 }),
    );
    expect(res.status, res.text).toBe(409);
    expect(res.body.errors.range).toBe(
      `2 of these bin codes are already used in zone ${z.name}, so nothing was created: A-04-1, B-05-2`,
    );
    expect((await binsOf(z.id)).total).toBe(2);
    expect(await dashboardBins()).toBe(before);

    const hindi = await ops.post(
      '/api/wms/bins/range',
      range(z.id, { aisleTo: 'B', rackFrom: 4, rackTo: 6, levelTo: 2 }),
      HINDI,
    );
    expect(hindi.body.errors.range).toBe(
      `इनमें से 2 बिन कोड ज़ोन ${z.name} में पहले से इस्तेमाल हैं, इसलिए कुछ नहीं बनाया गया: A-04-1, B-05-2`,
    );
  });

  it('refuses a range over the cap and bounds the wrong way round, each under its field, in English and Hindi', async () => {
    const f = await facility();
    const z = await zone(f.id);
    // 26 aisles x 10 racks x 4 levels = 1,040 bins.
    const big = await ops.post('/api/wms/bins/range', range(z.id, { aisleTo: 'Z' }));
    expect(big.status).toBe(400);
    expect(big.body.errors.range).toBe('One range makes at most 1000 bins; this one would make 1040');
    const bigHi = await ops.post('/api/wms/bins/range', range(z.id, { aisleTo: 'Z' }), HINDI);
    expect(bigHi.body.errors.range).toBe('एक रेंज से अधिकतम 1000 बिन बनते हैं; इस रेंज से 1040 बनेंगे');

    const wrong = await ops.post(
      '/api/wms/bins/range',
      range(z.id, { aisleFrom: 'D', aisleTo: 'B', rackFrom: 5, rackTo: 2, levelFrom: 3, levelTo: 1 }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toMatchObject({
      aisleTo: 'The last aisle cannot come before the first',
      rackTo: 'The last rack cannot be below the first',
      levelTo: 'The last level cannot be below the first',
    });
    const bad = await ops.post(
      '/api/wms/bins/range',
      range(z.id, { aisleFrom: 'AB', rackFrom: 0, levelTo: 100, binType: '' }),
    );
    expect(bad.body.errors).toMatchObject({
      aisleFrom: 'Aisle is one letter from A to Z',
      rackFrom: 'Rack is a whole number from 1 to 999',
      levelTo: 'Level is a whole number from 0 to 99',
      binType: 'Bin type is required',
    });
    const badHi = await ops.post('/api/wms/bins/range', range(z.id, { aisleFrom: '7' }), HINDI);
    expect(badHi.body.errors.aisleFrom).toBe('आइल A से Z तक का एक अक्षर है');
    expect((await binsOf(z.id)).total).toBe(0);
    expect((await spectator.post('/api/wms/bins/range', range(z.id))).status).toBe(403);
    expect((await ops.post('/api/wms/bins/range', range('no-such-zone'))).status).toBe(404);
  });

  it('two overlapping ranges at once: one is made whole, the other not at all', async () => {
    const f = await facility();
    const z = await zone(f.id);
    const before = await dashboardBins();
    // A-C and C-E share aisle C (40 codes); each range is 120 bins in three transactions.
    const [first, second] = await Promise.all([
      ops.post('/api/wms/bins/range', range(z.id)),
      ops.post('/api/wms/bins/range', range(z.id, { aisleFrom: 'C', aisleTo: 'E' })),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const winner = first.status === 201 ? first : second;
    const listed = await binsOf(z.id);
    expect(listed.total).toBe(120);
    expect(listed.codes.sort()).toEqual(winner.body.bins.map((b: { binCode: string }) => b.binCode).sort());
    expect(await dashboardBins()).toBe(before + 120);
    const zones = (await ops.get(`/api/wms/zones?facilityId=${f.id}`)).body.data;
    expect(zones.find((x: { id: string }) => x.id === z.id).binCount).toBe(120);
  });
});

describe("a facility's bin code pattern", () => {
  it('defaults to {aisle}-{rack:2}-{level}, is validated, and once saved shapes ranges and checks single bins', async () => {
    const f = await facility();
    const z = await zone(f.id);
    const path = `/api/wms/facilities/${f.id}/settings`;
    expect((await ops.get(path)).body).toMatchObject({
      binCodePattern: '{aisle}-{rack:2}-{level}',
      saved: false,
      revision: 0,
    });
    // Before a pattern is saved, a single bin takes any code.
    await created(await ops.post('/api/wms/bins', { zoneId: z.id, binCode: 'DOCK-STAGE', binType: 'floor' }));

    const missing = await ops.request('PUT', path, { body: { binCodePattern: '{aisle}-{rack}' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.binCodePattern).toBe('A pattern has {aisle}, {rack} and {level} once each');
    const odd = await ops.request('PUT', path, { body: { binCodePattern: '{aisle} {rack}#{level}' } });
    expect(odd.body.errors.binCodePattern).toBe('Between the parts use only letters, digits and - _ . /');
    expect((await ops.get(path)).body.saved).toBe(false);
    expect(
      (await spectator.request('PUT', path, { body: { binCodePattern: '{aisle}{rack:3}.{level:2}' } })).status,
    ).toBe(403);

    const saved = await ops.request('PUT', path, {
      body: { binCodePattern: '{aisle}{rack:3}.{level:2}', revision: 0 },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ binCodePattern: '{aisle}{rack:3}.{level:2}', saved: true, revision: 1 });
    const stale = await ops.request('PUT', path, { body: { binCodePattern: '{aisle}-{rack}-{level}', revision: 0 } });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ binCodePattern: '{aisle}{rack:3}.{level:2}', revision: 1 });

    const made = await created(
      await ops.post('/api/wms/bins/range', range(z.id, { aisleTo: 'A', rackFrom: 9, rackTo: 10, levelTo: 1 })),
    );
    expect(made.bins.map((b: { binCode: string }) => b.binCode)).toEqual(['A009.00', 'A009.01', 'A010.00', 'A010.01']);

    const refused = await ops.post('/api/wms/bins', { zoneId: z.id, binCode: 'A-9-1', binType: 'shelf' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.binCode).toBe(
      "Bin code A-9-1 does not follow this facility's pattern {aisle}{rack:3}.{level:2}",
    );
    const refusedHi = await ops.post('/api/wms/bins', { zoneId: z.id, binCode: 'A-9-1', binType: 'shelf' }, HINDI);
    expect(refusedHi.body.errors.binCode).toBe('बिन कोड A-9-1 इस सुविधा के पैटर्न {aisle}{rack:3}.{level:2} के अनुसार नहीं है');
    await created(await ops.post('/api/wms/bins', { zoneId: z.id, binCode: 'B012.03', binType: 'shelf' }));
    expect((await binsOf(z.id)).total).toBe(6);
  });

  it('refuses a pattern that would make one code twice in a range', async () => {
    const f = await facility();
    const z = await zone(f.id);
    const saved = await ops.request('PUT', `/api/wms/facilities/${f.id}/settings`, {
      body: { binCodePattern: '{aisle}{rack}{level}' },
    });
    expect(saved.status, saved.text).toBe(200);
    // Rack 1 level 11 and rack 11 level 1 are both A111.
    const res = await ops.post(
      '/api/wms/bins/range',
      range(z.id, { aisleTo: 'A', rackFrom: 1, rackTo: 11, levelFrom: 1, levelTo: 11 }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.range).toBe(
      'The pattern {aisle}{rack}{level} makes the code A111 twice in this range: give {rack} and {level} a width',
    );
    expect((await binsOf(z.id)).total).toBe(0);
  });
});

describe('GTIN check digits on products', () => {
  it('checks EAN and UPC barcodes on create and edit, and keeps the product as it was on a refusal', async () => {
    const sku = unique('SKU');
    const wrong = await ops.post('/api/wms/products', {
      sku,
      name: 'Parle-G 800 g',
      barcodeType: 'EAN',
      barcodeValue: '8901234567891',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.barcodeValue).toBe(
      'The check digit (the last digit) of this barcode is wrong: check the number typed',
    );
    const short = await ops.post('/api/wms/products', {
      sku,
      name: 'X',
      barcodeType: 'UPC',
      barcodeValue: '03600029145',
    });
    expect(short.body.errors.barcodeValue).toBe('An EAN or UPC barcode has 8, 12, 13 or 14 digits');
    // EAN-8 96385074 is right; 96385075 is not.
    await created(
      await ops.post('/api/wms/products', { sku, name: 'X', barcodeType: 'EAN', barcodeValue: '96385074' }),
    );
    const p = await created(
      await ops.post('/api/wms/products', {
        sku: unique('SKU'),
        name: 'Amul Butter 500 g',
        barcodeType: 'UPC',
        barcodeValue: '036000291452',
      }),
    );
    const edit = await ops.request('PUT', `/api/wms/products/${p.id}`, {
      body: { sku: p.sku, name: p.name, barcodeType: 'EAN', barcodeValue: '96385075', revision: p.revision },
      ...HINDI,
    });
    expect(edit.status).toBe(400);
    expect(edit.body.errors.barcodeValue).toBe('इस बारकोड का चेक अंक (आख़िरी अंक) गलत है: लिखा गया नंबर जाँचें');
    expect((await ops.get(`/api/wms/products?code=036000291452`)).body.data[0]).toMatchObject({
      id: p.id,
      barcodeValue: '036000291452',
    });
    // A GTIN-14 case code, and a Code 128 value that is not a GTIN at all.
    await created(
      await ops.post('/api/wms/products', {
        sku: unique('SKU'),
        name: 'Case of 12',
        barcodeType: 'EAN',
        barcodeValue: '10012345678902',
      }),
    );
    await created(
      await ops.post('/api/wms/products', {
        sku: unique('SKU'),
        name: 'Loose',
        barcodeType: 'CODE128',
        barcodeValue: '8901234567891',
      }),
    );
  });
});

describe('receiving from the dock', () => {
  it('lists a truck set At dock at once, with its PO and pallets, and receives against it', async () => {
    const site = await openHub(ops, unique('Dock Hub'));
    const po = unique('PO');
    const a = await site.appointment('12:00', { dockDoorId: site.doors.h1.id, poNumber: po, palletCount: 12 });
    const list = async () => {
      const res = await ops.get(`/api/wms/receiving/appointments?facilityId=${site.facility.id}`);
      expect(res.status, res.text).toBe(200);
      return res.body.data as { id: string; stage: string; poNumber: string | null }[];
    };
    expect((await list()).map((x) => x.id)).not.toContain(a.id);
    const checkin = await created(
      await ops.post('/api/checkins', {
        appointmentId: a.id,
        driverName: 'Suresh Kumar',
        vehicleLicense: 'MH04AB1234',
      }),
    );
    // Checked in but not at a door yet: not in receiving's list.
    expect((await list()).map((x) => x.id)).not.toContain(a.id);
    const z = await zone(site.facility.id);
    const b = await created(await ops.post('/api/wms/bins', { zoneId: z.id, binCode: 'A-01-0', binType: 'pallet' }));
    const p = await created(await ops.post('/api/wms/products', { sku: unique('SKU'), name: 'Tata Salt 1 kg' }));
    const receive = (appointmentId: string) =>
      ops.post('/api/wms/inventory/receive', {
        facilityId: site.facility.id,
        productId: p.id,
        binId: b.id,
        quantity: 5,
        poNumber: po,
        appointmentId,
      });
    const early = await receive(a.id);
    expect(early.status).toBe(409);
    expect(early.body.errors.appointmentId).toBe("Choose a truck at this facility's dock");

    const atDock = await ops.request('PATCH', `/api/checkins/${checkin.id}/status`, { body: { status: 'at_dock' } });
    expect(atDock.status, atDock.text).toBe(200);
    const shown = (await list()).find((x) => x.id === a.id);
    expect(shown).toMatchObject({
      stage: 'at_dock',
      poNumber: po,
      palletCount: 12,
      bookingReference: a.bookingReference,
      doorNumber: 'H1',
    });
    await created(await receive(a.id));
    const receipts = (await ops.get(`/api/wms/appointments/${a.id}/receipts`)).body.data;
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ quantity: 5, binCode: 'A-01-0', productName: 'Tata Salt 1 kg' });

    // Unloading keeps it listed; once the work is completed it leaves the list.
    await ops.request('PATCH', `/api/checkins/${checkin.id}/status`, { body: { status: 'unloading' } });
    expect((await list()).find((x) => x.id === a.id)?.stage).toBe('unloading');
    await ops.request('PATCH', `/api/checkins/${checkin.id}/status`, { body: { status: 'completed' } });
    expect((await list()).map((x) => x.id)).not.toContain(a.id);
    expect((await receive(a.id)).status).toBe(409);
  });
});
