// Reference validation by callback to the customer's system (issue #32) through the local HTTP path,
// with a real HTTP server on loopback standing in for that system: a 2xx accepts and the result is
// stored; a refusal shows the customer's errorMessage (or the spec's fallback) and writes nothing; our
// Standard Webhooks signature verifies by the standard's own algorithm (written out here, not ours) and
// fails for a changed body; a slow (5 s) or garbage answer leaves the booking to each of the four down
// policies; a 200 with a garbage body accepts (the status is the answer); a reschedule asks again with
// action 'update' and the appointment as it was. Also: a unique custom-field answer freed by a cancel,
// and a reschedule taking the type's duration for the booked quantity.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { indiaDate } from '../support/dates';

let api: TestApi;
let ops: Client;
const servers: Server[] = [];

beforeAll(async () => {
  // The local stack calls fakes on loopback only when told to (functions/lib/outbound.ts).
  process.env.OUTBOUND_ALLOW_ADDRESSES = '127.0.0.1';
  api = await startTestApi();
  ops = new Client(api.url);
  await ops.signIn('operations');
});
afterAll(async () => {
  await api?.close();
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

const unique = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`;
const refs = (facilityId: string) => `/api/references/facilities/${facilityId}`;
const day = indiaDate(3);

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: {
    action: string;
    appointment: Record<string, unknown> & { start: string; end: string };
    existing: (Record<string, unknown> & { start: string }) | null;
  };
}
type Answer = { status: number; body: string; delayMs?: number };

/** The customer's system: answers each POST as `answer` says, and keeps what it received. */
async function customerSystem(answer: (r: Received) => Answer) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const r = { headers: req.headers, body, json: JSON.parse(body) };
      received.push(r);
      const a = answer(r);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(a.status, { 'content-type': 'application/json' });
        res.end(a.body);
      }, a.delayMs ?? 0);
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/po-check`;
  return { url, received };
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** Standard Webhooks verification as the standard writes it (standardwebhooks.com), independent of our signer. */
function verifies(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((s) => {
      const [version, value] = s.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** A new facility of the demo tenant (India, 30-minute grid, open round the clock) checking by callback. */
async function callbackHub(url: string, over: Record<string, unknown> = {}) {
  const created = await ops.post('/api/facilities', {
    name: unique('Callback Hub '),
    address: 'Plot 9, MIDC',
    operatingHoursStart: '00:00',
    operatingHoursEnd: '23:45',
    timeZone: 'Asia/Kolkata',
    slotMinutes: 30,
  });
  expect(created.status, created.text).toBe(201);
  const secret = newSecret();
  const saved = await ops.request('PUT', `${refs(created.body.id)}/policy`, {
    body: { mode: 'callback', callbackUrl: url, callbackSecret: secret, downPolicy: 'refuse', ...over },
  });
  expect(saved.status, saved.text).toBe(200);
  return { facility: created.body as { id: string }, secret };
}

/** A staff booking at the hub on `day`, 09:00-10:00 for 12 units unless overridden, asked in `language`. */
const book = (facilityId: string, po: string | null, over: Record<string, unknown> = {}, language = 'en') =>
  ops.request('POST', '/api/appointments', {
    body: {
      facilityId,
      carrierId: 'carrier-sahyadri',
      scheduledDate: day,
      scheduledTimeStart: '09:00',
      scheduledTimeEnd: '10:00',
      poNumber: po,
      quantity: 12,
      ...over,
    },
    headers: { 'accept-language': language },
  });
const dayList = async (facilityId: string) =>
  (await ops.get(`/api/appointments?date=${day}&facilityId=${facilityId}`)).body as unknown[];

const request = (over: Record<string, unknown> = {}) => ({
  newDate: day,
  newTimeStart: '15:00',
  newTimeEnd: '16:00',
  reason: 'traffic',
  reasonDetails: 'Stuck on the Thane bypass since morning',
  requestedBy: 'carrier',
  ...over,
});

describe('the callback policy', () => {
  it('needs an address and a signing secret, never shows the secret, and keeps it on a later save', async () => {
    const { url } = await customerSystem(() => ({ status: 200, body: '{}' }));
    const created = await ops.post('/api/facilities', {
      name: unique('Callback Setup '),
      address: 'Plot 2, MIDC',
      operatingHoursStart: '06:00',
      operatingHoursEnd: '20:00',
      timeZone: 'Asia/Kolkata',
    });
    const path = `${refs(created.body.id)}/policy`;

    const noUrl = await ops.request('PUT', path, { body: { mode: 'callback' } });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.errors.callbackUrl).toBe("Enter the address of your system's reference check");
    const noSecret = await ops.request('PUT', path, { body: { mode: 'callback', callbackUrl: url } });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.errors).toEqual({ callbackSecret: 'Enter the signing secret your system checks' });
    const badSecret = await ops.request('PUT', path, {
      body: { mode: 'callback', callbackUrl: url, callbackSecret: 'hunter2' },
      headers: { 'accept-language': 'hi' },
    });
    expect(badSecret.status).toBe(400);
    expect(badSecret.body.errors.callbackSecret).toBe(
      'साइनिंग सीक्रेट whsec_ से शुरू होकर base64 में कम से कम 24 बाइट का होना चाहिए',
    );
    expect((await ops.get(path)).body).toMatchObject({ mode: 'off', hasCallbackSecret: false, revision: 0 });

    const secret = newSecret();
    const saved = await ops.request('PUT', path, {
      body: { mode: 'callback', callbackUrl: url, callbackSecret: secret, downPolicy: 'pending_review' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ mode: 'callback', callbackUrl: url, hasCallbackSecret: true });
    expect(saved.text).not.toContain(secret.slice(6, 20));
    const again = await ops.request('PUT', path, {
      body: { mode: 'callback', callbackUrl: url, downPolicy: 'accept', revision: saved.body.revision },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ hasCallbackSecret: true, downPolicy: 'accept', revision: 2 });
  });
});

describe('a booking checked by the customer system', () => {
  it('is booked when the system answers 2xx, the signed request verifies, and the result is stored', async () => {
    const system = await customerSystem(() => ({ status: 204, body: '' }));
    const { facility, secret } = await callbackHub(system.url);
    const po = unique('45');

    const res = await book(facility.id, po);

    expect(res.status, res.text).toBe(201);
    expect(res.body.referenceCheck).toMatchObject({ mode: 'callback', po, result: 'ok', downPolicy: null });
    const stored = await ops.get(`/api/appointments/${res.body.id}`);
    expect(stored.body.referenceCheck).toMatchObject({ mode: 'callback', result: 'ok' });
    expect(system.received).toHaveLength(1);
    const [call] = system.received;
    expect(call!.json).toEqual({
      action: 'create',
      appointment: {
        bookingReference: res.body.bookingReference,
        references: { po, bol: null },
        // 09:00 and 10:00 in India are 03:30 and 04:30 UTC.
        start: `${day}T03:30:00.000Z`,
        end: `${day}T04:30:00.000Z`,
        type: null,
        quantity: 12,
        fields: [],
      },
      existing: null,
    });
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.headers['webhook-id']).toMatch(/^msg_/);
    expect(Math.abs(Number(call!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(verifies(secret, call!.headers, call!.body)).toBe(true);
    expect(verifies(secret, call!.headers, call!.body.replace('"quantity":12', '"quantity":13'))).toBe(false);
    expect(verifies(newSecret(), call!.headers, call!.body)).toBe(false);
  });

  it("is refused with the system's errorMessage, in whatever status it gives, and nothing is written", async () => {
    const system = await customerSystem(() => ({
      status: 422,
      body: JSON.stringify({ errorMessage: 'PO closed by buyer on 12 Nov' }),
    }));
    const { facility } = await callbackHub(system.url);

    const res = await book(facility.id, unique('45'));

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'PO closed by buyer on 12 Nov',
      errors: { poNumber: 'PO closed by buyer on 12 Nov' },
    });
    expect(await dayList(facility.id)).toEqual([]);
  });

  it('is refused with the spec\'s "not open" text when the refusal carries no errorMessage, in Hindi too', async () => {
    const system = await customerSystem(() => ({ status: 404, body: '{"code":"UNKNOWN"}' }));
    const { facility } = await callbackHub(system.url);

    const res = await book(facility.id, '4500012345');
    const hindi = await book(
      facility.id,
      '4500012345',
      { scheduledTimeStart: '11:00', scheduledTimeEnd: '12:00' },
      'hi',
    );

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ poNumber: 'PO 4500012345 is not open at this facility' });
    expect(hindi.body.message).toBe('PO 4500012345 इस सुविधा पर खुला नहीं है');
    expect(await dayList(facility.id)).toEqual([]);
  });

  it('is accepted by a 200 whatever its body says (the status is the answer)', async () => {
    const system = await customerSystem(() => ({ status: 200, body: '<html>not json' }));
    const { facility } = await callbackHub(system.url);

    const res = await book(facility.id, unique('45'));

    expect(res.status, res.text).toBe(201);
    expect(res.body.referenceCheck).toMatchObject({ result: 'ok', downPolicy: null });
  });
});

describe('when the customer system answers slowly or with garbage: the down policy', () => {
  const slow = () => ({ status: 200, body: '{}', delayMs: 5_000 });

  it('accept: booked after the 3 s timeout, marked as accepted by the policy', async () => {
    const system = await customerSystem(slow);
    const { facility } = await callbackHub(system.url, { downPolicy: 'accept' });
    const started = Date.now();

    const res = await book(facility.id, unique('45'));

    expect(res.status, res.text).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.body.referenceCheck).toMatchObject({ mode: 'callback', result: 'ok', downPolicy: 'accept' });
  });

  it('refuse: nothing booked, a clear 503 in English and Hindi', async () => {
    const system = await customerSystem(slow);
    const { facility } = await callbackHub(system.url, { downPolicy: 'refuse' });

    const res = await book(facility.id, unique('45'));
    const hindi = await book(
      facility.id,
      unique('45'),
      { scheduledTimeStart: '11:00', scheduledTimeEnd: '12:00' },
      'hi',
    );

    expect(res.status).toBe(503);
    expect(res.body.message).toBe(
      "The customer's system could not check this booking right now. Please try again in a few minutes.",
    );
    expect(hindi.body.message).toBe('ग्राहक का सिस्टम अभी यह बुकिंग जाँच नहीं सका। कृपया कुछ मिनट बाद फिर कोशिश करें।');
    expect(await dayList(facility.id)).toEqual([]);
  });

  it('pending_review: booked, marked pending review, and staff alerted in the notifications feed', async () => {
    const system = await customerSystem(slow);
    const { facility } = await callbackHub(system.url, { downPolicy: 'pending_review' });
    const po = unique('45');

    const res = await book(facility.id, po);

    expect(res.status, res.text).toBe(201);
    expect(res.body.referenceCheck).toMatchObject({
      result: 'pending_review',
      downPolicy: 'pending_review',
      reason: "The customer's system did not answer; booked for review",
    });
    const feed = (await ops.get('/api/notifications')).body as { title: string; message: string }[];
    expect(feed.find((n) => n.message.startsWith(res.body.bookingReference))).toMatchObject({
      title: 'Reference check pending review',
      message: `${res.body.bookingReference} (PO ${po}): the customer's system did not answer; please review the booking`,
    });
  });

  it('list: the last uploaded list decides, and the PO is held as in list mode', async () => {
    const system = await customerSystem(() => ({ status: 500, body: 'Internal Server Error' }));
    const { facility } = await callbackHub(system.url, { downPolicy: 'list' });
    const [open, other] = [unique('45'), unique('45')];
    const upload = await ops.post(`${refs(facility.id)}/orders/upload`, {
      mode: 'replace',
      csv: `po,supplier,sku,quantity\n${open},Parle Agro,SKU-1,40`,
    });
    expect(upload.status, upload.text).toBe(201);

    const listed = await book(facility.id, open);
    const unlisted = await book(facility.id, other, { scheduledTimeStart: '11:00', scheduledTimeEnd: '12:00' });
    const second = await book(facility.id, open, { scheduledTimeStart: '13:00', scheduledTimeEnd: '14:00' });

    expect(listed.status, listed.text).toBe(201);
    expect(listed.body.referenceCheck).toMatchObject({ result: 'ok', downPolicy: 'list', held: true });
    expect(unlisted.status).toBe(400);
    expect(unlisted.body.message).toBe(`PO ${other} is not open at this facility`);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(`PO ${open} is booked on appointment ${listed.body.bookingReference}`);
    const orders = (await ops.get(`${refs(facility.id)}/orders?po=${open}`)).body.data;
    expect(orders[0]).toMatchObject({ ordered: 40, booked: 12 });
  });
});

describe('a reschedule checked by the customer system', () => {
  it("sends action 'update' with the appointment as it was; a refusal keeps it where it was", async () => {
    let refuseUpdates = false;
    const system = await customerSystem((r) =>
      r.json.action === 'update' && refuseUpdates
        ? { status: 409, body: JSON.stringify({ errorMessage: 'Dock window for this PO ends at 14:00' }) }
        : { status: 200, body: '{"ok":true}' },
    );
    const { facility } = await callbackHub(system.url);
    const booked = await book(facility.id, unique('45'));
    expect(booked.status, booked.text).toBe(201);

    const filed = await ops.post(`/api/appointments/${booked.body.id}/reschedule`, request());
    expect(filed.status, filed.text).toBe(201);
    const approved = await ops.request('PATCH', `/api/reschedules/${filed.body.id}/approve`);

    expect(approved.status, approved.text).toBe(200);
    expect(system.received.map((r) => r.json.action)).toEqual(['create', 'update']);
    const update = system.received[1]!.json;
    // 15:00 and 09:00 in India.
    expect(update.appointment.start).toBe(`${day}T09:30:00.000Z`);
    expect(update.existing?.start).toBe(`${day}T03:30:00.000Z`);
    expect(update.existing?.bookingReference).toBe(booked.body.bookingReference);

    refuseUpdates = true;
    const next = await ops.post(
      `/api/appointments/${booked.body.id}/reschedule`,
      request({ newTimeStart: '18:00', newTimeEnd: '19:00' }),
    );
    expect(next.status, next.text).toBe(201);
    const refused = await ops.request('PATCH', `/api/reschedules/${next.body.id}/approve`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Dock window for this PO ends at 14:00');
    const after = (await ops.get(`/api/appointments/${booked.body.id}`)).body;
    expect(after).toMatchObject({ scheduledTimeStart: '15:00', rescheduleCount: 1 });
  });
});

describe('booking integrity', () => {
  it('frees a unique custom-field answer when its appointment is cancelled', async () => {
    const system = await customerSystem(() => ({ status: 200, body: '{}' }));
    const { facility } = await callbackHub(system.url);
    const field = await ops.post(`/api/appointment-types/facilities/${facility.id}/fields`, {
      label: 'LR number',
      kind: 'text',
      uniquePerFacility: true,
    });
    expect(field.status, field.text).toBe(201);
    const lr = unique('LR');
    const first = await book(facility.id, null, { fields: { [field.body.id]: lr } });
    expect(first.status, first.text).toBe(201);
    const taken = await book(facility.id, null, {
      fields: { [field.body.id]: lr },
      scheduledTimeStart: '11:00',
      scheduledTimeEnd: '12:00',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`LR number: ${lr} is already booked on appointment ${first.body.bookingReference}`);

    const cancelled = await ops.post(`/api/appointments/${first.body.id}/cancel`, { reason: 'Supplier not ready' });
    expect(cancelled.status, cancelled.text).toBe(200);
    const again = await book(facility.id, null, {
      fields: { [field.body.id]: lr },
      scheduledTimeStart: '11:00',
      scheduledTimeEnd: '12:00',
    });

    expect(again.status, again.text).toBe(201);
  });

  it("a reschedule takes the type's duration for the booked quantity, not the old slot's length", async () => {
    const system = await customerSystem(() => ({ status: 200, body: '{}' }));
    const { facility } = await callbackHub(system.url);
    const type = await ops.post(`/api/appointment-types/facilities/${facility.id}/types`, {
      name: unique('Palletised '),
      direction: 'inbound',
      vehicleTypes: ['Truck'],
      doorIds: [],
      durationRule: {
        kind: 'per-unit',
        unit: 'pallet',
        minutesPerUnit: 10,
        minMinutes: 30,
        maxMinutes: 240,
        maxQuantity: 20,
      },
    });
    expect(type.status, type.text).toBe(201);
    const door = await ops.post('/api/dock-doors', { facilityId: facility.id, doorNumber: 'T1', status: 'available' });
    expect(door.status, door.text).toBe(201);
    // 12 pallets at 10 minutes each: 120 minutes, 09:00-11:00.
    const booked = await book(facility.id, null, { typeId: type.body.id, quantity: 12 });
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body.scheduledTimeEnd).toBe('11:00');

    // The form asks for one hour; the load still takes two.
    const filed = await ops.post(`/api/appointments/${booked.body.id}/reschedule`, request());
    expect(filed.status, filed.text).toBe(201);
    expect(filed.body.newTimeEnd).toBe('17:00');
    const approved = await ops.request('PATCH', `/api/reschedules/${filed.body.id}/approve`);

    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ scheduledTimeStart: '15:00', scheduledTimeEnd: '17:00' });
  });
});
