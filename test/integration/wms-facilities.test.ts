// The spec's warehouse facility routes (doc 3 §3, §5, §7; issue 51): GET/POST /api/wms/facilities and
// PUT/DELETE /api/wms/facilities/{id}, through the real local HTTP path. They are a view of the one
// facility record of the facilities domain: what the warehouse creates is what /api/facilities lists,
// edits and deletes follow the facilities domain's rules, and a delete is refused with its reason
// while the facility has dock doors, stock or appointments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type HttpResponse, type TestApi } from '../support/api';
import { signUpOrganisation } from '../support/tenancy';
import { indiaDate } from '../support/dates';
import { listAudit } from '../../functions/lib/audit';

let api: TestApi;
let ops: Client;
let spectator: Client;
let tenantId: string;
let seq = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++seq}`;
const HINDI = { headers: { 'accept-language': 'hi' } };

beforeAll(async () => {
  api = await startTestApi();
  [ops, spectator] = [new Client(api.url), new Client(api.url)];
  // One at a time: each sign-in runs the memory-hard password hash on a shared machine.
  tenantId = (await ops.signIn('operations')).tenantId;
  await spectator.signIn('spectator');
}, 180_000);
afterAll(() => api?.close());

function ok<T = any>(res: HttpResponse<T>, status = 200): T {
  expect(res.status, res.text).toBe(status);
  return res.body;
}

const body = (over: Record<string, unknown> = {}) => ({
  name: unique('Nashik Cold Store'),
  address: 'Gat 14, Ambad MIDC, Nashik',
  operatingHoursStart: '07:00',
  operatingHoursEnd: '19:00',
  totalDockDoors: 0,
  qrCode: '',
  ...over,
});
const create = async (over: Record<string, unknown> = {}) => ok(await ops.post('/api/wms/facilities', body(over)), 201);
const remove = (client: Client, id: string, options = {}) =>
  client.request('DELETE', `/api/wms/facilities/${id}`, options);
const stillListed = async (id: string) =>
  ((await ops.get('/api/facilities')).body as { id: string }[]).some((f) => f.id === id);

describe('GET /api/wms/facilities', () => {
  it("lists the tenant's facilities in the spec's WMS Facility shape, searched and paged", async () => {
    const made = await create({ name: unique('Zeta Searchable Hub') });
    const res = ok(await spectator.get(`/api/wms/facilities?search=${encodeURIComponent(made.name)}`));
    expect(res.data).toEqual([
      {
        id: made.id,
        name: made.name,
        address: 'Gat 14, Ambad MIDC, Nashik',
        operatingHoursStart: '07:00',
        operatingHoursEnd: '19:00',
        totalDockDoors: 0,
        qrCode: null,
        createdAt: made.createdAt,
        revision: 0,
        doorCount: 0,
      },
    ]);
    expect(res.pagination).toMatchObject({ page: 1, pages: 1, total: 1 });

    // The list is the facilities domain's: the same ids, 10 a page (doc 3 §9).
    const all = ok<{ id: string }[]>(await ops.get('/api/facilities'));
    const first = ok(await ops.get('/api/wms/facilities'));
    expect(first.pagination.total).toBe(all.length);
    expect(first.data.length).toBe(Math.min(10, all.length));
    const ids = new Set(all.map((f) => f.id));
    for (const f of first.data) expect(ids.has(f.id)).toBe(true);
  });

  it('refuses a bad page with the field named', async () => {
    const res = await ops.get('/api/wms/facilities?page=0');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ page: 'Page must be a whole number of at least 1' });
  });
});

describe('POST /api/wms/facilities', () => {
  it('creates the one facility record, with the doors asked for, seen by /api/facilities too', async () => {
    const made = await create({ name: unique('Pune Crossdock'), totalDockDoors: 3 });
    expect(made).toMatchObject({ totalDockDoors: 3, doorCount: 3, qrCode: null, revision: 0 });

    const listed = ok<any[]>(await ops.get('/api/facilities')).filter((f) => f.id === made.id);
    expect(listed).toHaveLength(1);
    // The facilities domain's defaults for what the warehouse form does not ask.
    expect(listed[0]).toMatchObject({
      name: made.name,
      address: 'Gat 14, Ambad MIDC, Nashik',
      operatingHoursStart: '07:00',
      operatingHoursEnd: '19:00',
      totalDockDoors: 3,
      doorCount: 3,
      timeZone: 'Asia/Kolkata',
      slotMinutes: 60,
      slotCapacity: 2,
    });
    const doors = ok<{ doorNumber: string }[]>(await ops.get(`/api/facilities/${made.id}/dock-doors`));
    expect(doors.map((d) => d.doorNumber).sort()).toEqual(['D01', 'D02', 'D03']);
    const trail = await listAudit(tenantId, { entityType: 'facility', entityId: made.id });
    expect(trail.map((a) => a.action)).toEqual(['facility.created']);
  });

  it('refuses bad input with field errors in English and Hindi, and creates nothing', async () => {
    const before = ok<unknown[]>(await ops.get('/api/facilities')).length;
    const bad = { name: ' ', address: '', operatingHoursStart: '', operatingHoursEnd: '25:00', totalDockDoors: -1 };
    const res = await ops.post('/api/wms/facilities', bad);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: 'Facility name is required',
      address: 'Address is required',
      operatingHoursStart: 'Start time is required',
      operatingHoursEnd: 'Use a time in the form HH:mm',
      totalDockDoors: 'Total dock doors must be non-negative',
    });
    const hindi = await ops.post('/api/wms/facilities', bad, HINDI);
    expect(hindi.status).toBe(400);
    expect(hindi.body.errors.totalDockDoors).toBe('कुल डॉक दरवाज़े ऋणात्मक नहीं होने चाहिए');
    expect(hindi.body.errors.address).toMatch(/[\u0900-\u097F]/);

    // The facilities domain's own rules, through the pipe: hours in order, at most 500 doors.
    const rules = await ops.post('/api/wms/facilities', body({ operatingHoursEnd: '06:00', totalDockDoors: 501 }));
    expect(rules.status).toBe(400);
    expect(rules.body.errors).toEqual({
      operatingHoursEnd: 'Closing time must be after opening time',
      totalDockDoors: 'At most 500 dock doors',
    });

    const qr = await ops.post('/api/wms/facilities', body({ qrCode: 'QR-HUB-7' }));
    expect(qr.status).toBe(400);
    expect(qr.body.errors).toEqual({
      qrCode: "A facility's QR code is made from its check-in link (Check-in QR), not typed: leave it empty",
    });
    const unknownField = await ops.post('/api/wms/facilities', body({ city: 'Nashik', tenantId: 'other' }));
    expect(unknownField.status).toBe(400);

    expect(ok<unknown[]>(await ops.get('/api/facilities')).length).toBe(before);
  });
});

describe('PUT /api/wms/facilities/{id}', () => {
  it("edits the record with the facilities domain's rules and audits it", async () => {
    const made = await create({ totalDockDoors: 2 });
    const name = unique('Renamed Store');
    const edited = ok(
      await ops.request('PUT', `/api/wms/facilities/${made.id}`, {
        body: body({ name, operatingHoursStart: '06:00', operatingHoursEnd: '22:00', totalDockDoors: 4 }),
      }),
    );
    expect(edited).toMatchObject({
      id: made.id,
      name,
      operatingHoursStart: '06:00',
      operatingHoursEnd: '22:00',
      totalDockDoors: 4,
      doorCount: 2,
      revision: 1,
    });
    const listed = ok<any[]>(await ops.get('/api/facilities')).find((f) => f.id === made.id);
    expect(listed).toMatchObject({ name, operatingHoursStart: '06:00', operatingHoursEnd: '22:00', totalDockDoors: 4 });
    const trail = await listAudit(tenantId, { entityType: 'facility', entityId: made.id });
    expect(trail.map((a) => a.action)).toEqual(['facility.updated', 'facility.created']);

    // Below the doors recorded: the facilities domain's refusal, field named, nothing changed.
    const below = await ops.request('PUT', `/api/wms/facilities/${made.id}`, {
      body: body({ name, totalDockDoors: 1 }),
    });
    expect(below.status).toBe(409);
    expect(below.body.message).toBe('Total dock doors cannot be below the 2 dock doors recorded for this facility');
    // An edit from an older revision is refused.
    const stale = await ops.request('PUT', `/api/wms/facilities/${made.id}`, { body: body({ name, revision: 0 }) });
    expect(stale.status).toBe(409);
    const bad = await ops.request('PUT', `/api/wms/facilities/${made.id}`, { body: body({ address: '' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ address: 'Address is required' });
    const after = ok<any[]>(await ops.get('/api/facilities')).find((f) => f.id === made.id);
    expect(after).toMatchObject({ name, totalDockDoors: 4, revision: 1 });
  });
});

describe('DELETE /api/wms/facilities/{id}', () => {
  it('deletes an empty facility, audited, gone from /api/facilities', async () => {
    const made = await create();
    expect((await remove(ops, made.id)).status).toBe(204);
    expect(await stillListed(made.id)).toBe(false);
    const trail = await listAudit(tenantId, { entityType: 'facility', entityId: made.id });
    expect(trail.map((a) => a.action)).toEqual(['facility.deleted', 'facility.created']);
    expect((await remove(ops, made.id)).status).toBe(404);
  });

  it('refuses a facility with dock doors, saying so in English and Hindi', async () => {
    const made = await create({ totalDockDoors: 2 });
    const res = await remove(ops, made.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`${made.name} has 2 dock doors and cannot be deleted`);
    const hindi = await remove(ops, made.id, HINDI);
    expect(hindi.body.message).toBe(`${made.name} में 2 डॉक दरवाज़े हैं और इसे हटाया नहीं जा सकता`);
    expect(await stillListed(made.id)).toBe(true);
  });

  it('refuses a facility with stock', async () => {
    const made = await create();
    const product = ok(
      await ops.post('/api/wms/products', { sku: `FAC-${Date.now().toString(36)}${++seq}`, name: 'Basmati 25 kg' }),
      201,
    );
    ok(await ops.post('/api/wms/inventory', { facilityId: made.id, productId: product.id, quantity: 5 }), 201);
    const res = await remove(ops, made.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`${made.name} has 1 inventory lines and cannot be deleted. Remove its stock first.`);
    const hindi = await remove(ops, made.id, HINDI);
    expect(hindi.body.message).toBe(`${made.name} में 1 इन्वेंटरी लाइनें हैं और इसे हटाया नहीं जा सकता। पहले इसका स्टॉक हटाएँ।`);
    expect(await stillListed(made.id)).toBe(true);
  });

  it('refuses a facility with warehouse zones', async () => {
    const made = await create();
    ok(await ops.post('/api/wms/zones', { facilityId: made.id, name: 'Cold', code: 'C1', zoneType: 'storage' }), 201);
    const res = await remove(ops, made.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`${made.name} has 1 warehouse zones. Delete its zones first.`);
    expect(await stillListed(made.id)).toBe(true);
  });

  it('refuses a facility with appointments, even once they are cancelled', async () => {
    const made = await create();
    const carrier = ok(
      await ops.post('/api/carriers', { name: unique('Deccan Roadways'), serviceTypes: ['FTL'] }),
      201,
    );
    const appointment = ok(
      await ops.post('/api/appointments', {
        facilityId: made.id,
        carrierId: carrier.id,
        scheduledDate: indiaDate(1),
        scheduledTimeStart: '10:00',
        scheduledTimeEnd: '11:00',
      }),
      201,
    );
    const res = await remove(ops, made.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`${made.name} has appointments and cannot be deleted`);
    const hindi = await remove(ops, made.id, HINDI);
    expect(hindi.body.message).toBe(`${made.name} में अपॉइंटमेंट दर्ज हैं और इसे हटाया नहीं जा सकता`);

    ok(await ops.post(`/api/appointments/${appointment.id}/cancel`, { reason: 'Vehicle broke down' }));
    expect((await remove(ops, made.id)).status).toBe(409);
    expect(await stillListed(made.id)).toBe(true);
  });
});

describe('who may call them', () => {
  it('lets a warehouse reader read, and answers 403 to each write without facilities:write', async () => {
    const made = await create();
    ok(await spectator.get('/api/wms/facilities'));
    const writes = [
      await spectator.post('/api/wms/facilities', body()),
      await spectator.request('PUT', `/api/wms/facilities/${made.id}`, { body: body({ name: 'Taken' }) }),
      await remove(spectator, made.id),
    ];
    expect(writes.map((r) => r.status)).toEqual([403, 403, 403]);
    const listed = ok<any[]>(await ops.get('/api/facilities')).filter((f) => f.id === made.id || f.name === 'Taken');
    expect(listed.map((f) => f.name)).toEqual([made.name]);
    expect((await new Client(api.url).get('/api/wms/facilities')).status).toBe(401);
  });

  it("answers 404 for another tenant's facility and leaves it as it was", async () => {
    const other = await signUpOrganisation(api.url);
    const before = ok<any[]>(await other.admin.get('/api/facilities'));
    const put = await ops.request('PUT', `/api/wms/facilities/${other.facilityId}`, { body: body({ name: 'Taken' }) });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe('Facility not found');
    // Found (or not) before the body is read: nothing about the body is told for another tenant's id.
    expect((await ops.request('PUT', `/api/wms/facilities/${other.facilityId}`, { body: {} })).status).toBe(404);
    expect((await remove(ops, other.facilityId)).status).toBe(404);
    const mine = ok(await ops.get('/api/wms/facilities?limit=100'));
    expect(mine.data.some((f: { id: string }) => f.id === other.facilityId)).toBe(false);
    expect(ok(await other.admin.get('/api/facilities'))).toEqual(before);

    // Its admin may not delete its default facility either (the facilities domain's rule).
    const home = await remove(other.admin, other.facilityId);
    expect(home.status).toBe(409);
    expect(home.body.message).toBe(`${before[0].name} is the default facility and cannot be deleted`);
  });
});
