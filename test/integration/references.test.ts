// Reference (PO) validation in list mode (issue #32) through the local HTTP path: the upload's preview
// with errors by line and its replace/append, the booking refusals (unknown or closed PO, a PO held by
// another live appointment) in English and Hindi, once-only holds under 20 concurrent bookings, a
// cancel freeing the PO, the ledger after booking and receiving, receiving's expected lines, tenants apart.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { openHub } from '../support/checkin-hub';
import { nextAddress, signUpOrganisation, type Organisation } from '../support/tenancy';
import { addDays } from '../../shared/time';

let api: TestApi;
let ops: Client;
let other: Organisation;

beforeAll(async () => {
  api = await startTestApi();
  ops = new Client(api.url);
  await ops.signIn('operations');
  other = await signUpOrganisation(api.url);
});
afterAll(() => api?.close());

const unique = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
const refs = (facilityId: string) => `/api/references/facilities/${facilityId}`;
const csv = (...rows: string[]) => ['po,supplier,sku,quantity,windowStart,windowEnd', ...rows].join('\n');

/** A new facility of the demo tenant, open round the clock, checking POs against its list. */
async function listHub(policy: Record<string, unknown> = {}) {
  const hub = await openHub(ops, unique('PO Hub '));
  const saved = await ops.request('PUT', `${refs(hub.facility.id)}/policy`, { body: { mode: 'list', ...policy } });
  expect(saved.status, saved.text).toBe(200);
  return hub;
}
const upload = async (facilityId: string, mode: 'replace' | 'append', text: string) => {
  const res = await ops.post(`${refs(facilityId)}/orders/upload`, { mode, csv: text });
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const orders = async (facilityId: string, client = ops) => {
  const res = await client.get(`${refs(facilityId)}/orders`);
  expect(res.status, res.text).toBe(200);
  return res.body.data as {
    po: string;
    isOpen: boolean;
    ordered: number;
    booked: number;
    received: number;
    openQuantity: number;
    lines: { sku: string; expected: number; received: number; open: number }[];
    holders: { bookingReference: string }[];
  }[];
};
const orderOf = async (facilityId: string, po: string) => (await orders(facilityId)).find((o) => o.po === po);

/** A staff booking at the hub, a day ahead, without a door (so only the PO can refuse it). */
const book = (hub: Awaited<ReturnType<typeof openHub>>, po: string, over: Record<string, unknown> = {}, client = ops) =>
  client.post('/api/appointments', {
    facilityId: hub.facility.id,
    carrierId: 'carrier-sahyadri',
    scheduledDate: addDays(hub.local().date, 1),
    scheduledTimeStart: '09:00',
    scheduledTimeEnd: '10:00',
    poNumber: po,
    ...over,
  });

describe('uploading a PO list', () => {
  it('previews the errors by line, applies nothing, and refuses to apply a file with errors', async () => {
    const hub = await listHub();
    const file = csv(
      '4500000001,Parle Agro,SKU-1,10,,',
      '4500000001,Parle Agro,SKU-2,0,,',
      '4500000002,,SKU-3,5,,',
      '4500000003,Amul Dairy,SKU-4,2.5,2026-13-01,',
      '4500000004,Amul Dairy,,7,2026-03-10,2026-03-01',
    );

    const preview = await ops.post(`${refs(hub.facility.id)}/orders/preview`, { mode: 'replace', csv: file });

    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({ applied: false, lines: 5 });
    expect(preview.body.errors).toEqual([
      { line: 3, message: 'Line 3: quantity must be a whole number above 0' },
      { line: 4, message: 'Line 4: supplier is required' },
      { line: 5, message: 'Line 5: quantity must be a whole number above 0' },
      { line: 5, message: 'Line 5: windowStart must be a date in the form YYYY-MM-DD' },
      { line: 6, message: 'Line 6: sku is required' },
      { line: 6, message: 'Line 6: windowEnd is before windowStart' },
    ]);
    expect(await orders(hub.facility.id)).toEqual([]);

    const applied = await ops.post(`${refs(hub.facility.id)}/orders/upload`, { mode: 'replace', csv: file });
    expect(applied.status).toBe(400);
    expect(applied.body.message).toBe('The file has 6 errors; nothing was applied');
    const inHindi = await ops.request('POST', `${refs(hub.facility.id)}/orders/upload`, {
      body: { mode: 'replace', csv: file },
      headers: { 'accept-language': 'hi' },
    });
    expect(inHindi.body.message).toBe('फ़ाइल में 6 त्रुटियाँ हैं; कुछ भी लागू नहीं किया गया');
    expect(await orders(hub.facility.id)).toEqual([]);
  });

  it('refuses a file of more than 5,000 lines with a clear message', async () => {
    const hub = await listHub();
    const rows = Array.from({ length: 5001 }, (_, i) => `P${i},S,K,1,,`);

    const res = await ops.post(`${refs(hub.facility.id)}/orders/preview`, { mode: 'replace', csv: csv(...rows) });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The file has 5001 lines; at most 5000 lines can be uploaded at once');
  });

  it('replaces the list (POs left out close) and appends lines to it', async () => {
    const hub = await listHub();
    await upload(
      hub.facility.id,
      'replace',
      csv('PO-A,Parle Agro,SKU-1,100,,', 'PO-A,Parle Agro,SKU-2,50,,', 'PO-B,Amul,SKU-9,30,,'),
    );
    expect((await orderOf(hub.facility.id, 'PO-A'))?.ordered).toBe(150);

    await upload(hub.facility.id, 'append', csv('PO-A,Parle Agro,SKU-3,20,,', 'PO-C,Haldiram,SKU-5,10,,'));
    const appended = await orders(hub.facility.id);
    expect(appended.map((o) => [o.po, o.isOpen, o.ordered])).toEqual([
      ['PO-A', true, 170],
      ['PO-B', true, 30],
      ['PO-C', true, 10],
    ]);
    expect(appended[0]!.lines.map((l) => [l.sku, l.expected])).toEqual([
      ['SKU-1', 100],
      ['SKU-2', 50],
      ['SKU-3', 20],
    ]);

    const preview = await ops.post(`${refs(hub.facility.id)}/orders/preview`, {
      mode: 'replace',
      csv: csv('PO-C,Haldiram,SKU-5,12,,'),
    });
    expect(preview.body.closing).toEqual(['PO-A', 'PO-B']);
    await upload(hub.facility.id, 'replace', csv('PO-C,Haldiram,SKU-5,12,,'));
    expect((await orders(hub.facility.id)).map((o) => [o.po, o.isOpen, o.ordered])).toEqual([
      ['PO-C', true, 12],
      ['PO-A', false, 170],
      ['PO-B', false, 30],
    ]);
  });
});

describe('booking against the list', () => {
  it('refuses an unknown or closed PO under the PO field, in English and Hindi, and books nothing', async () => {
    const hub = await listHub();
    await upload(hub.facility.id, 'replace', csv('4500012345,Parle Agro,SKU-1,10,,'));
    await upload(hub.facility.id, 'replace', csv('4500012399,Parle Agro,SKU-1,10,,'));

    const unknown = await book(hub, '4500099999');
    const closed = await book(hub, '4500012345');
    const hindi = await ops.request('POST', '/api/appointments', {
      body: {
        facilityId: hub.facility.id,
        carrierId: 'carrier-sahyadri',
        scheduledDate: addDays(hub.local().date, 1),
        scheduledTimeStart: '09:00',
        scheduledTimeEnd: '10:00',
        poNumber: '4500099999',
      },
      headers: { 'accept-language': 'hi' },
    });

    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.poNumber).toBe('PO 4500099999 is not open at this facility');
    expect(closed.status).toBe(400);
    expect(closed.body.errors.poNumber).toBe('PO 4500012345 is not open at this facility');
    expect(hindi.body.errors.poNumber).toBe('PO 4500099999 इस सुविधा पर खुला नहीं है');
    const day = await ops.get(`/api/appointments?date=${addDays(hub.local().date, 1)}&facilityId=${hub.facility.id}`);
    expect(JSON.stringify(day.body)).not.toContain('4500099999');
  });

  it('refuses a PO held by another live appointment, naming it; a cancel frees it', async () => {
    const hub = await listHub();
    await upload(hub.facility.id, 'replace', csv('4500012345,Parle Agro,SKU-1,10,,'));
    const first = await book(hub, '4500012345');
    expect(first.status, first.text).toBe(201);
    expect(first.body.referenceCheck).toMatchObject({ mode: 'list', po: '4500012345', result: 'ok' });

    const second = await book(hub, '4500012345', { scheduledTimeStart: '11:00', scheduledTimeEnd: '12:00' });
    expect(second.status).toBe(409);
    expect(second.body.errors.poNumber).toBe(`PO 4500012345 is booked on appointment ${first.body.bookingReference}`);

    const cancelled = await ops.post(`/api/appointments/${first.body.id}/cancel`, { reason: 'Supplier not ready' });
    expect(cancelled.status, cancelled.text).toBe(200);
    const third = await book(hub, '4500012345', { scheduledTimeStart: '11:00', scheduledTimeEnd: '12:00' });
    expect(third.status, third.text).toBe(201);
    expect((await orderOf(hub.facility.id, '4500012345'))?.holders.map((h) => h.bookingReference)).toEqual([
      third.body.bookingReference,
    ]);
  });

  it('checks a guest booking by the same rule: an unknown PO is refused, an open one is held', async () => {
    const hub = await listHub();
    await upload(hub.facility.id, 'replace', csv('4500077777,Parle Agro,SKU-1,10,,'));
    const link = (await ops.get(`/api/facilities/${hub.facility.id}/link`)).body.token as string;
    const guest = (poNumber: string, hour: string) =>
      new Client(api.url).post(
        '/api/bookings/slot',
        {
          ownerType: 'Driver',
          vehicleNumber: 'MH15GA2901',
          vehicleType: 'Truck',
          capacityTons: 7.5,
          driverName: 'Sunita Pawar',
          driverLicense: 'MH1520190033333',
          mobileNumber: `+91 98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
          expectedArrivalDate: new Date().toISOString(),
          slotId: `${addDays(hub.local().date, 1)}_${hour}`,
          facility: link,
          poNumber,
        },
        { localAddress: nextAddress() },
      );

    const unknown = await guest('4500088888', '1000');
    const held = await guest('4500077777', '1100');

    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.poNumber).toBe('PO 4500088888 is not open at this facility');
    expect(held.status, held.text).toBe(201);
    expect((await orderOf(hub.facility.id, '4500077777'))?.holders.map((h) => h.bookingReference)).toEqual([
      held.body.confirmationCode,
    ]);
  });

  it('gives one PO to exactly one of 20 concurrent bookings', async () => {
    const hub = await listHub();
    const po = unique('45');
    await upload(hub.facility.id, 'replace', csv(`${po},Parle Agro,SKU-1,10,,`));

    const results = await Promise.all(Array.from({ length: 20 }, () => book(hub, po)));

    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      results.map((r) => r.text).join('\n'),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = results.find((r) => r.status === 201)!.body;
    for (const refused of results.filter((r) => r.status === 409))
      expect(refused.body.errors.poNumber).toBe(`PO ${po} is booked on appointment ${winner.bookingReference}`);
    expect((await orderOf(hub.facility.id, po))?.holders).toHaveLength(1);
  });

  it('refuses a booking over the open quantity, or books it flagged when the policy says flag', async () => {
    const hub = await listHub({ allowSplits: true });
    await upload(hub.facility.id, 'replace', csv('PO-Q,Parle Agro,SKU-1,100,,'));
    expect((await book(hub, 'PO-Q', { quantity: 60 })).status).toBe(201);

    const over = await book(hub, 'PO-Q', { quantity: 50, scheduledTimeStart: '11:00', scheduledTimeEnd: '12:00' });
    expect(over.status).toBe(409);
    expect(over.body.errors.quantity).toBe('PO PO-Q has 40 left to book; this booking is for 50');

    const policy = (await ops.get(`${refs(hub.facility.id)}/policy`)).body;
    await ops.request('PUT', `${refs(hub.facility.id)}/policy`, {
      body: { mode: 'list', allowSplits: true, overQuantity: 'flag', revision: policy.revision },
    });
    const flagged = await book(hub, 'PO-Q', { quantity: 50, scheduledTimeStart: '11:00', scheduledTimeEnd: '12:00' });
    expect(flagged.status, flagged.text).toBe(201);
    expect(flagged.body.referenceCheck).toMatchObject({
      result: 'flagged',
      reason: 'PO PO-Q has 40 left to book; this booking is for 50',
      quantity: 50,
    });
    expect(await orderOf(hub.facility.id, 'PO-Q')).toMatchObject({ ordered: 100, booked: 110, received: 0 });
  });
});

describe('the ledger and receiving', () => {
  it('shows the truck at the dock with its expected lines; receiving counts against the PO and its line', async () => {
    const hub = await listHub();
    const sku = unique('SKU-');
    const product = await ops.post('/api/wms/products', { sku, name: 'Frooti 200 ml' });
    expect(product.status, product.text).toBe(201);
    await upload(hub.facility.id, 'replace', csv(`PO-R,Parle Agro,${sku},40,,`, 'PO-R,Parle Agro,NOT-IN-WMS,8,,'));
    const booked = await hub.appointment('12:00', { poNumber: 'PO-R', quantity: 48, dockDoorId: hub.doors.h1.id });
    expect(await orderOf(hub.facility.id, 'PO-R')).toMatchObject({ ordered: 48, booked: 48, received: 0 });
    const checkin = await ops.post('/api/checkins', {
      appointmentId: booked.id,
      driverName: 'Suresh Kumar',
      vehicleLicense: 'MH04AB1234',
    });
    expect(checkin.status, checkin.text).toBe(201);
    const atDock = await ops.request('PATCH', `/api/checkins/${checkin.body.id}/status`, {
      body: { status: 'at_dock' },
    });
    expect(atDock.status, atDock.text).toBe(200);

    const dock = await ops.get(`/api/wms/receiving/appointments?facilityId=${hub.facility.id}`);
    const truck = dock.body.data.find((t: { id: string }) => t.id === booked.id);
    expect(truck.expected).toMatchObject({ po: 'PO-R', ordered: 48, received: 0, openQuantity: 48 });
    expect(truck.expected.lines).toEqual([
      { sku, expected: 40, received: 0, open: 40, product: { id: product.body.id, name: 'Frooti 200 ml', sku } },
      { sku: 'NOT-IN-WMS', expected: 8, received: 0, open: 8, product: null },
    ]);

    const received = await ops.post('/api/wms/inventory/receive', {
      facilityId: hub.facility.id,
      productId: product.body.id,
      quantity: 15,
      poNumber: 'PO-R',
      appointmentId: booked.id,
    });
    expect(received.status, received.text).toBe(201);
    const ledger = await orderOf(hub.facility.id, 'PO-R');
    expect(ledger).toMatchObject({ ordered: 48, booked: 48, received: 15, openQuantity: 33 });
    expect(ledger!.lines.map((l) => [l.sku, l.received, l.open])).toEqual([
      [sku, 15, 25],
      ['NOT-IN-WMS', 0, 8],
    ]);
  });
});

describe('tenants and carriers apart', () => {
  it("another tenant neither reads nor writes this tenant's PO list", async () => {
    const hub = await listHub();
    await upload(hub.facility.id, 'replace', csv('PO-T,Parle Agro,SKU-1,10,,'));

    const read = await other.admin.get(`${refs(hub.facility.id)}/orders`);
    const write = await other.admin.post(`${refs(hub.facility.id)}/orders/upload`, {
      mode: 'replace',
      csv: csv('PO-X,Intruder,SKU-1,1,,'),
    });

    expect(read.status).toBe(404);
    expect(write.status).toBe(404);
    expect((await orders(hub.facility.id)).map((o) => o.po)).toEqual(['PO-T']);
    expect(await orders(other.facilityId, other.admin)).toEqual([]);
  });

  it("a carrier's booker sees only the POs its own appointments hold", async () => {
    const hub = await listHub();
    await upload(hub.facility.id, 'replace', csv('PO-MINE,Parle Agro,SKU-1,10,,', 'PO-THEIRS,Amul,SKU-2,5,,'));
    const driver = new Client(api.url);
    await driver.signIn('driver');
    expect((await book(hub, 'PO-MINE', { driverId: 'driver-suresh' }, driver)).status).toBe(201);
    expect((await book(hub, 'PO-THEIRS', { carrierId: 'carrier-ganga' })).status).toBe(201);

    expect((await orders(hub.facility.id, driver)).map((o) => o.po)).toEqual(['PO-MINE']);
  });
});
