// A driver's rights over their data (issue #36) through the local HTTP path: the driver sees and
// downloads every record held about them and nothing of anyone else; corrects name and licence (a
// bad licence is refused with the licence text, in English and Hindi); asks for erasure, which waits
// while an appointment of theirs is in progress and is then completed by the facility admin. After
// it, no item of the table and no object of the bucket holds the driver's phone, name or licence
// (a Scan in this test only), and the day's figures are what they were. Views and downloads are in
// the access log the admin reads. Before the erasure Suresh has been checked at the gate (his licence
// and vehicle asked of the fake ULIP, the answers cached), watched on the road (a trip with a FASTag
// crossing) and holds a registration document in the bucket, so the Scan looks where those are kept.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Client, startTestApi, type TestApi } from '../support/api';
import { openHub, outsiderClient } from '../support/checkin-hub';
import { move } from '../support/appointments';
import { ddb, s3 } from '../../functions/lib/aws';
import { config } from '../../functions/lib/config';
import { writeObject } from '../../functions/lib/uploads';
import { startFakeUlip, type FakeUlip } from '../../functions/local/fake-ulip';
import { fakeUlipGateSettings, tripWatchSettings } from '../support/fake-ulip-settings';
import { readerReadTime } from '../../functions/local/trip-simulator';
import { resetBreakers } from '../../functions/gate/registry/breaker';
import { watchTrips } from '../../functions/trips/watch';
import { findUserByIdentifier, saveUser } from '../../functions/users';

// The demo driver account drives as Suresh Kumar of Sahyadri (functions/local/seed.ts), written out by hand.
const SURESH = { name: 'Suresh Kumar', phone: '9800000004', licence: 'MH0420190012345' };
const LICENCE_TEXT = 'Driving licence number must look like MH1220200012345 (state, RTO, year, 7 digits)';
const LICENCE_TEXT_HI = 'ड्राइविंग लाइसेंस नंबर MH1220200012345 (राज्य, RTO, वर्ष, 7 अंक) जैसा होना चाहिए';

let api: TestApi;
let ulip: FakeUlip;
let ops: Client;
let admin: Client;
let driver: Client;

beforeAll(async () => {
  [api, ulip] = await Promise.all([
    startTestApi({ workers: ['event-forwarder', 'messaging-notifier', 'privacy-erasure'] }),
    startFakeUlip(),
  ]);
  [ops, admin, driver] = [new Client(api.url), new Client(api.url), new Client(api.url)];
  await ops.signIn('operations');
  await admin.signIn('admin');
  await driver.signIn('driver');
  const gate = await admin.request('PUT', '/api/gate/settings', {
    body: fakeUlipGateSettings(ulip.url, ['VAHAN', 'SARATHI', 'FASTAG']),
  });
  expect(gate.status, gate.text).toBe(200);
}, 120_000);
afterAll(async () => {
  await api?.close();
  await ulip?.close();
});
beforeEach(() => resetBreakers());

/** Suresh's truck on this run: a vehicle number of its own (MH14 PV and four digits). */
const VEHICLE = `MH14PV${String(Date.now()).slice(-4)}`;
/** Where the hub stands (Chakan MIDC); the crossing is on the expressway into it. */
const HUB = { latitude: 18.76, longitude: 73.84 };

/** The watch on at the hub, FASTag answering one crossing of Suresh's truck half an hour ago, run once now. */
async function watchSureshOnTheRoad(facilityId: string) {
  const on = await admin.request('PUT', `/api/trips/settings?facilityId=${facilityId}`, {
    body: tripWatchSettings(HUB, { revision: 0 }),
  });
  expect(on.status, on.text).toBe(200);
  const now = Date.now();
  ulip.state.clock = () => now;
  ulip.state.fastagAnswers.set(VEHICLE, [
    {
      seqNo: `${VEHICLE}-1`,
      readerReadTime: readerReadTime(now - 30 * 60_000),
      tollPlazaName: 'Talegaon (Urse) Toll Plaza',
      tollPlazaGeocode: '18.7283,73.6886',
      laneDirection: 'E',
      vehicleClass: 'VC10',
    },
  ]);
  await watchTrips(new Date(now));
}

/**
 * A registration document of the driver's account, as registration keeps it (users/<tenant>/<user>/),
 * written here because the demo account was made without one; its bytes carry the licence as a scan would.
 */
async function keepLicenceDocument(): Promise<string> {
  const account = (await findUserByIdentifier('driver'))!;
  const key = `users/${account.tenantId}/${account.id}/driving_license.png`;
  const bytes = new TextEncoder().encode(`PNG licence ${SURESH.licence} of ${SURESH.name}`);
  await writeObject(key, bytes, 'image/png');
  const document = {
    documentType: 'driving_license',
    key,
    contentType: 'image/png',
    size: bytes.length,
    uploadedAt: new Date().toISOString(),
  };
  await saveUser(account, { ...account, documents: [document] }, null, 'user.registered');
  return key;
}

let hub: Awaited<ReturnType<typeof openHub>>;
let suresh: { id: string; bookingReference: string };
let ajay: { id: string };
let documentKey: string;

describe("a driver's own data", () => {
  it('shows the driver every record held about them and nothing of another driver', async () => {
    // Prepare
    hub = await openHub(ops, `Privacy Hub ${Date.now()}`);
    suresh = await hub.appointment('12:00', { dockDoorId: hub.doors.h1.id, vehicleLicense: VEHICLE });
    ajay = await hub.appointment('14:00', {
      carrierId: 'carrier-ganga',
      driverId: 'driver-ajay',
      dockDoorId: hub.doors.h2.id,
    });
    await watchSureshOnTheRoad(hub.facility.id);
    const trip = await ops.get(`/api/appointments/${suresh.id}/trip`);
    expect(trip.body.trip?.crossings, trip.text).toHaveLength(1);
    // Suresh arrives: the gate asks VAHAN and FASTag about his truck and SARATHI about his licence.
    const checkedIn = await ops.post('/api/checkins', {
      appointmentId: suresh.id,
      driverName: SURESH.name,
      vehicleLicense: VEHICLE,
      driverLicense: SURESH.licence,
    });
    expect(checkedIn.status, checkedIn.text).toBe(201);
    expect(checkedIn.body.gate.checks.map((c: { source: string }) => c.source).sort()).toEqual([
      'FASTAG',
      'SARATHI',
      'VAHAN',
    ]);
    documentKey = await keepLicenceDocument();
    // Act
    const res = await driver.get('/api/privacy/my-data');
    // Assess
    expect(res.status, res.text).toBe(200);
    expect(res.body.driver).toMatchObject({ id: 'driver-suresh', name: SURESH.name, licenseNumber: SURESH.licence });
    const ids = res.body.appointments.map((a: { id: string }) => a.id);
    expect(ids).toContain(suresh.id);
    expect(ids).not.toContain(ajay.id);
    expect(JSON.stringify(res.body)).not.toContain('Ajay');
    expect(res.body.trips.map((t: { appointmentId: string }) => t.appointmentId)).toEqual([suresh.id]);
    // What the licence registry answered about his licence, as the gate keeps it.
    expect(res.body.gateChecks).toEqual([
      expect.objectContaining({
        source: 'SARATHI',
        subject: SURESH.licence,
        record: expect.objectContaining({ dlNumber: SURESH.licence }),
      }),
    ]);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'appointments',
        'checkins',
        'consents',
        'driver',
        'erasureRequests',
        'gateChecks',
        'gatePhotos',
        'messages',
        'trips',
      ].sort(),
    );
  });

  it('downloads the same data as JSON and as a readable page', async () => {
    const asJson = await driver.get('/api/privacy/my-data/export');
    const asHtml = await driver.get('/api/privacy/my-data/export?format=html');
    expect(asJson.status).toBe(200);
    expect(asJson.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(asJson.body.driver.name).toBe(SURESH.name);
    expect(asJson.body.appointments.map((a: { id: string }) => a.id)).toContain(suresh.id);
    expect(asHtml.status).toBe(200);
    expect(asHtml.headers['content-type']).toContain('text/html');
    expect(asHtml.text).toContain('<h1>My data</h1>');
    expect(asHtml.text).toContain(SURESH.name);
    expect(asHtml.text).toContain(suresh.bookingReference);
  });

  it('is nobody else’s: staff without the driver app and another tenant get 403, no session 401', async () => {
    const outsider = await outsiderClient(api.url);
    expect((await outsider.get('/api/privacy/my-data')).status).toBe(403);
    expect((await ops.get('/api/privacy/my-data/export')).status).toBe(403);
    expect((await new Client(api.url).get('/api/privacy/my-data')).status).toBe(401);
  });

  it('refuses a bad licence with the licence text in English and Hindi and saves a good one', async () => {
    const before = (await driver.get('/api/privacy/my-data')).body.driver;
    const bad = await driver.request('PATCH', '/api/privacy/my-data', {
      body: { licenseNumber: 'MH12-ABC', revision: before.revision },
    });
    const badHindi = await driver.request('PATCH', '/api/privacy/my-data', {
      body: { licenseNumber: 'MH12-ABC', revision: before.revision },
      headers: { 'accept-language': 'hi' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ licenseNumber: LICENCE_TEXT });
    expect(badHindi.body.errors).toEqual({ licenseNumber: LICENCE_TEXT_HI });
    expect((await driver.get('/api/privacy/my-data')).body.driver.licenseNumber).toBe(SURESH.licence);
    const good = await driver.request('PATCH', '/api/privacy/my-data', {
      body: { name: ' Suresh Kumar ', licenseNumber: 'mh04 2019 0012345', revision: before.revision },
    });
    expect(good.status, good.text).toBe(200);
    expect(good.body).toMatchObject({ name: SURESH.name, licenseNumber: SURESH.licence });
    const stale = await driver.request('PATCH', '/api/privacy/my-data', {
      body: { name: 'Someone Else', revision: before.revision },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ name: SURESH.name });
  });
});

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

async function bucketObjects(): Promise<string[]> {
  const listed = await s3().send(new ListObjectsV2Command({ Bucket: config.uploadsBucket }));
  return Promise.all(
    (listed.Contents ?? []).map(async ({ Key }) => {
      const object = await s3().send(new GetObjectCommand({ Bucket: config.uploadsBucket, Key }));
      return `${Key} ${await object.Body!.transformToString()}`;
    }),
  );
}

const traces = (texts: string[]) =>
  texts.filter(
    (t) =>
      t.includes(SURESH.name) ||
      t.includes(SURESH.phone) ||
      t.includes('98000 00004') ||
      t.includes(SURESH.licence) ||
      t.includes('MH04 2019 0012345'),
  );

describe('erasure', () => {
  let requestId: string;

  it('is held while an appointment of the driver is in progress, with the reason shown', async () => {
    // Suresh was checked in at the gate above: his appointment is in progress.
    const asked = await driver.post('/api/privacy/erasure-requests');
    expect(asked.status, asked.text).toBe(201);
    requestId = asked.body.id;
    const held = `Held: an appointment of this driver is in progress (${suresh.bookingReference}); the data can be erased when it ends`;
    expect(asked.body).toMatchObject({ status: 'pending', driverName: SURESH.name, heldReason: held });
    expect(asked.body.pseudonym).toMatch(/^Driver #[0-9a-f]{4}$/);
    const listed = (await admin.get('/api/privacy/erasure-requests')).body.find(
      (r: { id: string }) => r.id === requestId,
    );
    expect(listed).toMatchObject({ heldReason: held });
    const refused = await admin.post(`/api/privacy/erasure-requests/${requestId}/complete`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(held);
    const hindi = await admin.post(`/api/privacy/erasure-requests/${requestId}/complete`, undefined, {
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.body.message).toBe(
      `रोका गया: इस ड्राइवर की एक अपॉइंटमेंट चल रही है (${suresh.bookingReference}); उसके ख़त्म होने पर डेटा मिटाया जा सकेगा`,
    );
    // Asked twice: the open request, not a second one.
    expect((await driver.post('/api/privacy/erasure-requests')).body.id).toBe(requestId);
  });

  it('is due 30 days after the request, on the Indian calendar', async () => {
    const listed = (await admin.get('/api/privacy/erasure-requests')).body.find(
      (r: { id: string }) => r.id === requestId,
    );
    const requested = new Date(listed.requestedAt);
    const indiaDay = new Date(requested.getTime() + 5.5 * 3600_000);
    indiaDay.setUTCDate(indiaDay.getUTCDate() + 30);
    expect(listed.dueDate).toBe(indiaDay.toISOString().slice(0, 10));
  });

  it('once the appointment ends, the admin completes it: no trace is left and the figures are unchanged', async () => {
    // Prepare
    expect((await move(ops, suresh.id, 'loading')).status).toBe(200);
    expect((await move(ops, suresh.id, 'departed')).status).toBe(200);
    const figures = async () => [
      (await ops.get('/api/analytics?days=7')).body,
      (await ops.get('/api/dashboard/metrics')).body,
      (await ops.get(`/api/gate/today?facilityId=${hub.facility.id}`)).body,
    ];
    const before = await figures();
    expect(traces(await scanTable()).length).toBeGreaterThan(0);
    // Act: the admin's completion is accepted (202) and carried out by the erasure worker (issue #52).
    const accepted = await admin.post(`/api/privacy/erasure-requests/${requestId}/complete`);
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.body).toMatchObject({ id: requestId, status: 'erasing', heldReason: null });
    const listed = async () =>
      (await admin.get('/api/privacy/erasure-requests')).body.find((r: { id: string }) => r.id === requestId);
    await expect.poll(async () => (await listed())?.status, { timeout: 60_000, interval: 500 }).toBe('completed');
    const done = { body: await listed() };
    // Assess
    expect(done.body).toMatchObject({ status: 'completed', driverName: null, heldReason: null });
    expect(traces(await scanTable())).toEqual([]);
    expect(traces(await bucketObjects())).toEqual([]);
    const document = await s3()
      .send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: documentKey }))
      .then(
        () => 'kept',
        () => 'deleted',
      );
    expect(document).toBe('deleted');
    expect(await figures()).toEqual(before);
    const appointment = (await ops.get(`/api/appointments/${suresh.id}`)).body;
    expect(appointment).toMatchObject({ status: 'departed', scheduledTimeStart: '12:00' });
    expect(JSON.stringify(appointment)).toContain(done.body.pseudonym);
  });

  it('a refusal needs a reason; a completed request cannot be refused, and completing it again changes nothing', async () => {
    const short = await admin.post(`/api/privacy/erasure-requests/${requestId}/refuse`, { reason: 'no' });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ reason: 'Please give a reason for the refusal (minimum 10 characters)' });
    const again = await admin.post(`/api/privacy/erasure-requests/${requestId}/refuse`, {
      reason: 'Kept for a tax audit under GST rules',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This erasure request has already been answered');
    const completedAgain = await admin.post(`/api/privacy/erasure-requests/${requestId}/complete`);
    expect(completedAgain.status, completedAgain.text).toBe(200);
    expect(completedAgain.body).toMatchObject({ id: requestId, status: 'completed', refusedReason: null });
  });
});

describe('the access log', () => {
  it('names who viewed and exported whose data, by pseudonym only', async () => {
    const res = await admin.get('/api/privacy/access-log');
    expect(res.status).toBe(200);
    const actions = res.body.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['viewed', 'exported', 'viewed-request']));
    expect(res.body.every((e: { subject: string }) => /^Driver #[0-9a-f]{4}$/.test(e.subject))).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain('Suresh');
    expect((await ops.get('/api/privacy/access-log')).status).toBe(403);
  });
});
