// Issue #52 item 7: an erasure reaches every copy of the person, found by key or by an index by person.
// Suresh Kumar (the demo driver account) books a slot as a guest with his number (and an
// Idempotency-Key), walks in at the gate with his number, consents to messages both times, and a
// webhook subscription is sent both bookings (their payloads hold his number). Meena Joshi does the
// same. Expected, by hand, after his erasure: his guest booking, his walk-in and its check-in name him
// nowhere (name, number, licence) and carry the pseudonym; no consent record is kept under his number
// any more (his history stays as proof under his erased record, his choices link opens nothing); the
// stored idempotency answer names him nowhere, and a retry with his key answers the same booking; his
// webhook deliveries hold the pseudonym, not his number; Meena's records are as they were; every
// delivery record carries its 14-day TTL. While his walk-in is on site the erasure waits for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Client, startTestApi, type TestApi } from '../support/api';
import { day } from '../support/appointments';
import { nextAddress } from '../support/tenancy';
import { FAKE_CREDENTIALS, startFakeTms, type FakeTms } from '../support/fake-tms';
import { waitFor } from '../support/wait-for';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { ddb } from '../../functions/lib/aws';
import { queryPrefix, rewriteAsRead, rewriteIfUnchanged } from '../../functions/lib/dynamo';
import { listDeliveries } from '../../functions/integrations/delivery.store';
import { listConsentRecords } from '../../functions/consent/consent.store';
import { consentHistory } from '../../functions/consent';

const SURESH = {
  name: 'Suresh Kumar',
  phone: '+919800000004',
  typedPhone: '98000 00004',
  digits: '9800000004',
  licence: 'MH0420190012345',
};
const MEENA = { name: 'Meena Joshi', phone: '+919800000077', digits: '9800000077', licence: 'MH0420180077777' };
const CONSENT = { noticeVersion: '2026-11-v1', language: 'en', messaging: { sms: true, whatsapp: false } };
const DAY_SECONDS = 86_400;

let api: TestApi;
let tms: FakeTms;
let ops: Client;
let admin: Client;
let driver: Client;

beforeAll(async () => {
  api = await startTestApi({ workers: ['privacy-erasure', 'integrations-webhooks'] });
  tms = await startFakeTms();
  [ops, admin, driver] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  await ops.signIn('operations');
  await admin.signIn('admin');
  await driver.signIn('driver');
}, 120_000);
afterAll(async () => {
  await api?.close();
  await tms?.close();
});

/** Whether the value holds the person's name (or a part of it), licence or number in any written form. */
const names = (person: { name: string; digits: string; licence: string }, value: unknown) => {
  const text = JSON.stringify(value);
  const plain = text.replace(/[\s-]/g, '');
  return (
    [person.name, ...person.name.split(' ')].some((part) => text.includes(part)) ||
    [person.digits, person.licence].some((trace) => plain.includes(trace))
  );
};

async function scanTable(): Promise<string[]> {
  const items: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new ScanCommand({ TableName: api.tableName, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []).map((i) => JSON.stringify(i)));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A guest's slot booking at the demo hub with the person's number, as the booking form sends it. */
const guestBody = (person: { name: string; licence: string }, mobileNumber: string, slotId: string) => ({
  ownerType: 'Driver',
  vehicleNumber: 'MH04GB1111',
  vehicleType: 'Truck',
  capacityTons: 9,
  driverName: person.name,
  driverLicense: person.licence,
  mobileNumber,
  expectedArrivalDate: new Date().toISOString(),
  slotId,
  consent: CONSENT,
});

describe('an erasure reaches every copy of the person (issue #52.7)', () => {
  it('erases his guest booking, walk-in, consents, idempotency answer and webhook deliveries; hers stay', async () => {
    // Prepare: a subscription to new appointments (the fan-out worker delivers each to the fake TMS).
    const system = await admin.post('/api/integrations/systems', {
      name: 'Erasure TMS',
      systemType: 'TMS',
      baseUrl: tms.url,
      authType: 'API_KEY',
      authConfig: { apiKey: FAKE_CREDENTIALS.apiKey },
    });
    expect(system.status, system.text).toBe(201);
    const webhook = await admin.post(`/api/integrations/systems/${system.body.id}/webhooks`, {
      eventType: 'appointment.created',
      webhookUrl: `${tms.url}/webhooks`,
      timeoutSeconds: 5,
      retryCount: 3,
    });
    expect(webhook.status, webhook.text).toBe(201);
    tms.state.webhookSecret = webhook.body.signingSecret;
    // His guest booking (his number as he typed it) with an Idempotency-Key, and hers.
    const key = { 'idempotency-key': 'erasure-reach-suresh-0001' };
    const hisBody = guestBody(SURESH, SURESH.typedPhone, `${day(6)}_0900`);
    const hisAddress = nextAddress();
    const hisGuest = await new Client(api.url).post('/api/bookings/slot', hisBody, {
      headers: key,
      localAddress: hisAddress,
    });
    expect(hisGuest.status, hisGuest.text).toBe(201);
    const herGuest = await new Client(api.url).post(
      '/api/bookings/slot',
      guestBody(MEENA, MEENA.phone, `${day(6)}_1000`),
      {
        headers: { 'idempotency-key': 'erasure-reach-meena-0001' },
        localAddress: nextAddress(),
      },
    );
    expect(herGuest.status, herGuest.text).toBe(201);
    // His walk-in and hers, each with the number given at the gate and the consent taken there.
    const walkIn = (person: { name: string; licence: string }, phone: string, vehicle: string) =>
      ops.post('/api/checkins/walk-in', {
        driverName: person.name,
        driverPhone: phone,
        vehicleLicense: vehicle,
        carrierName: 'Local Tempo Service',
        consent: CONSENT,
      });
    const hisWalkIn = await walkIn(SURESH, SURESH.phone, 'MH04WK0004');
    expect(hisWalkIn.status, hisWalkIn.text).toBe(201);
    const herWalkIn = await walkIn(MEENA, MEENA.phone, 'MH04WK0077');
    expect(herWalkIn.status, herWalkIn.text).toBe(201);
    const appointmentOf = async (code: string) =>
      (await ops.get(`/api/appointments?date=${day(6)}`)).body.find(
        (a: { bookingReference: string }) => a.bookingReference === code,
      );
    const hisGuestId = (await appointmentOf(hisGuest.body.confirmationCode)).id as string;
    const herGuestId = (await appointmentOf(herGuest.body.confirmationCode)).id as string;
    const ids = {
      his: [hisGuestId, hisWalkIn.body.appointmentId as string],
      hers: [herGuestId, herWalkIn.body.appointmentId as string],
    };
    const deliveriesOf = async (appointmentIds: string[]) =>
      (await listDeliveries(DEMO_TENANT_ID, webhook.body.id, 50)).filter((d) =>
        appointmentIds.includes(JSON.parse(d.payload).data.appointmentId),
      );
    await waitFor(
      () => deliveriesOf([...ids.his, ...ids.hers]),
      (d) => d.length === 4 && d.every((x) => x.status === 'DELIVERED'),
      'the four deliveries',
    );
    const idempotencyRecords = () => queryPrefix<Record<string, unknown>>('TENANT#demo#IDEMPOTENCY', 'guest-booking');
    const hersBefore = {
      appointments: await Promise.all(ids.hers.map(async (id) => (await ops.get(`/api/appointments/${id}`)).body)),
      consents: await consentHistory(DEMO_TENANT_ID, MEENA.phone),
      deliveries: await deliveriesOf(ids.hers),
    };
    // Before: his copies hold his number (the fixture is what the erasure must reach).
    expect(hisGuest.body.choicesLink).toEqual(expect.any(String));
    expect((await ops.get(`/api/privacy/choices/${hisGuest.body.choicesLink}`)).status).toBe(200);
    // His consent at sign-up (the demo data), at his guest booking and at the gate.
    expect((await consentHistory(DEMO_TENANT_ID, SURESH.phone)).map((c) => c.channel)).toEqual([
      'driver_signup',
      'guest_booking',
      'gate_checkin',
    ]);
    expect((await deliveriesOf(ids.his)).map((d) => JSON.parse(d.payload).data.driverPhone).sort()).toEqual([
      SURESH.phone,
      SURESH.typedPhone,
    ]);
    expect(hersBefore.consents).toHaveLength(2);
    const asked = await driver.post('/api/privacy/erasure-requests');
    expect(asked.status, asked.text).toBe(201);
    const requestId = asked.body.id as string;
    const pseudonym = asked.body.pseudonym as string;

    // Act: while his walk-in is on site the erasure waits; once it has left, the admin completes it.
    const held = await admin.post(`/api/privacy/erasure-requests/${requestId}/complete`);
    const departed = await ops.request('PATCH', `/api/checkins/${hisWalkIn.body.id}/status`, {
      body: { status: 'departed' },
    });
    const accepted = await admin.post(`/api/privacy/erasure-requests/${requestId}/complete`);
    const status = async () =>
      (await admin.get('/api/privacy/erasure-requests')).body.find((r: { id: string }) => r.id === requestId)?.status;
    await expect.poll(status, { timeout: 60_000, interval: 500 }).toBe('completed');
    const retried = await new Client(api.url).post('/api/bookings/slot', hisBody, {
      headers: key,
      localAddress: hisAddress,
    });

    // Assess: the hold named his walk-in; then accepted and completed.
    expect(held.status).toBe(409);
    expect(held.body.message).toContain(hisWalkIn.body.bookingReference);
    expect(departed.status, departed.text).toBe(200);
    expect(accepted.status, accepted.text).toBe(202);
    // His guest booking and walk-in (and the walk-in's check-in) name him nowhere; they carry the pseudonym.
    for (const id of ids.his) {
      const appointment = (await ops.get(`/api/appointments/${id}`)).body;
      expect(names(SURESH, appointment), JSON.stringify(appointment)).toBe(false);
      expect(appointment.driverName).toBe(pseudonym);
    }
    const checkins = (await ops.get('/api/checkins')).body as { id: string }[];
    const hisCheckin = checkins.find((c) => c.id === hisWalkIn.body.id);
    expect(hisCheckin).toMatchObject({ driverName: pseudonym, status: 'departed' });
    expect(names(SURESH, hisCheckin)).toBe(false);
    // No consent record is kept under his number; his history is kept under his erased record; his link is dead.
    expect(await consentHistory(DEMO_TENANT_ID, SURESH.phone)).toEqual([]);
    expect((await listConsentRecords(DEMO_TENANT_ID, 'erased:driver-suresh')).map((c) => c.channel)).toEqual([
      'driver_signup',
      'guest_booking',
      'gate_checkin',
    ]);
    expect((await ops.get(`/api/privacy/choices/${hisGuest.body.choicesLink}`)).status).toBe(404);
    // The stored idempotency answers name nobody; his retry answers the same booking, without him.
    const records = await idempotencyRecords();
    expect(records).toHaveLength(2);
    for (const record of records) expect(names(SURESH, record) || names(MEENA, record)).toBe(false);
    expect(retried.status, retried.text).toBe(201);
    expect(retried.body.confirmationCode).toBe(hisGuest.body.confirmationCode);
    expect(names(SURESH, retried.body)).toBe(false);
    // His webhook deliveries hold the pseudonym for his number.
    const his = await deliveriesOf(ids.his);
    expect(his).toHaveLength(2);
    for (const d of his) {
      expect(d.status).toBe('DELIVERED');
      expect(JSON.parse(d.payload).data.driverPhone).toBe(pseudonym);
      expect(names(SURESH, d)).toBe(false);
    }
    // Meena's records are as they were.
    expect(await Promise.all(ids.hers.map(async (id) => (await ops.get(`/api/appointments/${id}`)).body))).toEqual(
      hersBefore.appointments,
    );
    expect(await consentHistory(DEMO_TENANT_ID, MEENA.phone)).toEqual(hersBefore.consents);
    expect(await deliveriesOf(ids.hers)).toEqual(hersBefore.deliveries);
    for (const d of hersBefore.deliveries) expect(JSON.parse(d.payload).data.driverPhone).toBe(MEENA.phone);
    // Nowhere else either: no item of the table holds his whole name, number or licence (a Scan in this test only).
    const left = (await scanTable()).filter((text) => {
      const plain = text.replace(/[\s-]/g, '');
      return text.includes(SURESH.name) || plain.includes(SURESH.digits) || plain.includes(SURESH.licence);
    });
    expect(left).toEqual([]);
    // Every delivery record is kept 14 days from when it was made (the table's TTL deletes it then).
    for (const d of [...his, ...hersBefore.deliveries])
      expect((d as unknown as { expiresAt: number }).expiresAt).toBe(
        Math.floor(Date.parse(d.createdAt) / 1000) + 14 * DAY_SECONDS,
      );
  }, 120_000);
});

// The erasure's rewrites are conditional on the item as read (issue #52.7). A change landing between
// the read and the write cannot be made to land on cue through HTTP, so this reads an item, changes it
// as a concurrent writer would, then rewrites from the stale read: the change stays and the trace goes.
describe("an erasure's rewrite never overwrites a change that landed after its read", () => {
  it('reads the item again and erases it as it is now; an item deleted meanwhile stays deleted', async () => {
    // Prepare
    const key = { PK: 'TENANT#demo#ERASURE-RACE', SK: 'ITEM#1' };
    const gone = { PK: 'TENANT#demo#ERASURE-RACE', SK: 'ITEM#2' };
    const read = { ...key, text: 'Suresh Kumar at gate 2', status: 'open', seen: 1 };
    await ddb().send(new PutCommand({ TableName: api.tableName, Item: read }));
    await ddb().send(new PutCommand({ TableName: api.tableName, Item: { ...gone, text: 'Suresh Kumar' } }));
    await ddb().send(
      new UpdateCommand({
        TableName: api.tableName,
        Key: key,
        UpdateExpression: 'SET #s = :s, seen = :n, note = :note',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 'closed', ':n': 2, ':note': 'Suresh Kumar left' },
      }),
    );
    await ddb().send(new DeleteCommand({ TableName: api.tableName, Key: gone }));
    const scrub = (item: Record<string, unknown>) =>
      JSON.parse(JSON.stringify(item).replaceAll('Suresh Kumar', 'Driver #0001')) as Record<string, unknown>;
    // Act
    const stale = await rewriteIfUnchanged(key, read, scrub(read));
    await rewriteAsRead(read, scrub);
    await rewriteAsRead({ ...gone, text: 'Suresh Kumar' }, scrub);
    // Assess
    expect(stale).toBe(false);
    expect((await ddb().send(new GetCommand({ TableName: api.tableName, Key: key }))).Item).toEqual({
      ...key,
      text: 'Driver #0001 at gate 2',
      status: 'closed',
      seen: 2,
      note: 'Driver #0001 left',
    });
    expect((await ddb().send(new GetCommand({ TableName: api.tableName, Key: gone }))).Item).toBeUndefined();
  });
});
