// One rule for concurrent edits (issue #27.4), through the real local HTTP path: 20 edits sent at once
// from the same loaded revision of a record leave exactly one of them stored, the other 19 answered
// 409 with the record as it is now; and a door assignment and a status change of one check-in made
// at the same moment both take effect.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type HttpResponse, type TestApi } from '../support/api';
import { booking, day } from '../support/appointments';
import { createUser } from '../../functions/users';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';

let api: TestApi;
let admin: Client;
let ops: Client;

beforeAll(async () => {
  api = await startTestApi();
  [admin, ops] = [new Client(api.url), new Client(api.url)];
  await Promise.all([admin.signIn('admin'), ops.signIn('operations')]);
});
afterAll(() => api.close());

const STALE = 'This record was changed by someone else since you opened it. Reload it and try again.';
const STALE_HI = 'आपके खोलने के बाद यह रिकॉर्ड किसी और ने बदल दिया। फिर से लोड करके प्रयास करें।';
const EDITS = 20;

/**
 * Sends EDITS edits at once (edit i changes the record to `change(i)`, all from `loaded`), then
 * checks: one 200, the others 409 with the record as stored, which is the winner's edit at the
 * next revision.
 */
async function raceEdits(
  send: (i: number) => Promise<HttpResponse>,
  change: (i: number) => Record<string, unknown>,
  loaded: number,
  readBack: () => Promise<Record<string, unknown>>,
) {
  const answers = await Promise.all(Array.from({ length: EDITS }, (_, i) => send(i)));
  const winners = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
  expect(winners, answers.map((a) => `${a.status} ${a.text.slice(0, 200)}`).join('\n')).toHaveLength(1);
  const winner = winners[0]!;
  const losers = answers.filter((_, i) => i !== winner);
  expect(losers.map((a) => a.status)).toEqual(Array(EDITS - 1).fill(409));
  for (const lost of losers) {
    expect(lost.body.message).toBe(STALE);
    expect(lost.body.current).toMatchObject({ ...change(winner), revision: loaded + 1 });
  }
  expect(answers[winner]!.body).toMatchObject({ ...change(winner), revision: loaded + 1 });
  expect(await readBack()).toMatchObject({ ...change(winner), revision: loaded + 1 });
  return winner;
}

const newDoor = async (doorNumber: string) => {
  const res = await ops.post('/api/dock-doors', { facilityId: 'default', doorNumber });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; facilityId: string };
};
const doorsOf = async (facilityId: string) =>
  (await ops.get(`/api/facilities/${facilityId}/dock-doors`)).body as { id: string; revision?: number }[];
const checkinOf = async (id: string) =>
  ((await ops.get('/api/checkins')).body as (Record<string, unknown> & { id: string; appointmentId: string })[]).find(
    (c) => c.id === id,
  )!;
const walkIn = async (vehicleLicense: string) => {
  const res = await ops.post('/api/checkins/walk-in', {
    driverName: 'Race Driver',
    vehicleLicense,
    carrierName: 'Race Tempo Co',
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; appointmentId: string; revision?: number };
};

describe('20 concurrent edits from the same loaded revision', () => {
  it('users: one decision on a registration is kept', async () => {
    const email = `race.${randomUUID().slice(0, 8)}@example.in`;
    const user = await createUser(
      {
        tenantId: DEMO_TENANT_ID,
        username: email,
        email,
        phoneNumber: null,
        firstName: 'Asha',
        lastName: 'Race',
        profileImageUrl: null,
        role: 'carrier',
        extraRoles: [],
        userType: 'external_user',
        status: 'pending',
        isVerified: false,
        passwordHash: 'x',
        profile: {},
      },
      null,
    );
    const loaded = (
      (await admin.get('/api/admin/pending-registrations')).body as { id: string; revision: number }[]
    ).find((u) => u.id === user.id)!;
    expect(loaded.revision).toBe(0);
    const change = (i: number) => ({ status: 'rejected', rejectionReason: `Documents unreadable (${i})` });
    await raceEdits(
      (i) =>
        admin.post(`/api/admin/reject-user/${user.id}`, {
          reason: change(i).rejectionReason,
          revision: loaded.revision,
        }),
      change,
      loaded.revision,
      async () => ((await admin.get('/api/auth/users')).body as { id: string }[]).find((u) => u.id === user.id)!,
    );
  });

  it('facilities: one name is kept, and a stale edit is refused in Hindi too', async () => {
    const created = await ops.post('/api/facilities', {
      name: 'Race DC',
      address: 'Plot 7, MIDC',
      operatingHoursStart: '08:00',
      operatingHoursEnd: '18:00',
    });
    expect(created.status, created.text).toBe(201);
    const readBack = async () =>
      ((await ops.get('/api/facilities')).body as { id: string }[]).find((f) => f.id === created.body.id)!;
    const loaded = (await readBack()) as { revision?: number };
    const change = (i: number) => ({ name: `Race DC ${i}` });
    await raceEdits(
      (i) =>
        ops.request('PATCH', `/api/facilities/${created.body.id}`, {
          body: { ...change(i), revision: loaded.revision ?? 0 },
        }),
      change,
      loaded.revision ?? 0,
      readBack,
    );

    const stale = await ops.request('PATCH', `/api/facilities/${created.body.id}`, {
      body: { name: 'Too late DC', revision: 0 },
      headers: { 'accept-language': 'hi' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(STALE_HI);
    expect(stale.body.current).toMatchObject({ revision: 1 });
    expect(await readBack()).toMatchObject({ revision: 1 });
  });

  it('dock doors: one height limit is kept', async () => {
    const door = await newDoor(`RV-${randomUUID().slice(0, 6)}`);
    const readBack = async () => (await doorsOf(door.facilityId)).find((d) => d.id === door.id)!;
    const change = (i: number) => ({ maxVehicleHeight: i + 1 });
    await raceEdits(
      (i) =>
        ops.request('PATCH', `/api/facilities/${door.facilityId}/dock-doors/${door.id}`, {
          body: { ...change(i), revision: 0 },
        }),
      change,
      0,
      readBack,
    );
  });

  it('carriers: one contact number is kept, the punctuality counters untouched', async () => {
    const created = await admin.post('/api/carriers', {
      name: `Race Carrier ${randomUUID().slice(0, 6)}`,
      serviceTypes: ['FTL'],
    });
    expect(created.status, created.text).toBe(201);
    const readBack = async () =>
      ((await admin.get('/api/carriers')).body as { id: string }[]).find((c) => c.id === created.body.id)!;
    const change = (i: number) => ({ contactPhone: `98200000${String(i).padStart(2, '0')}` });
    await raceEdits(
      (i) => admin.request('PATCH', `/api/carriers/${created.body.id}`, { body: { ...change(i), revision: 0 } }),
      change,
      0,
      readBack,
    );
    expect(await readBack()).toMatchObject({ totalAppointments: 0, onTimeAppointments: 0, serviceTypes: ['FTL'] });
  });

  it('drivers: one phone number is kept', async () => {
    const driver = await admin.post('/api/drivers', {
      carrierId: 'carrier-ganga',
      name: 'Race Driver',
      licenseNumber: `MH${randomUUID().slice(0, 8)}`,
    });
    expect(driver.status, driver.text).toBe(201);
    const readBack = async () =>
      ((await admin.get('/api/carriers/carrier-ganga/drivers')).body as { id: string }[]).find(
        (d) => d.id === driver.body.id,
      )!;
    const change = (i: number) => ({ phone: `97300000${String(i).padStart(2, '0')}` });
    await raceEdits(
      (i) =>
        admin.request('PATCH', `/api/carriers/carrier-ganga/drivers/${driver.body.id}`, {
          body: { ...change(i), revision: 0 },
        }),
      change,
      0,
      readBack,
    );
  });

  it('appointments: one status change is kept', async () => {
    const door = await newDoor(`RA-${randomUUID().slice(0, 6)}`);
    const created = await ops.post(
      '/api/appointments',
      booking({ dockDoorId: door.id, scheduledDate: day(2), scheduledTimeStart: '14:00', scheduledTimeEnd: '15:00' }),
    );
    expect(created.status, created.text).toBe(201);
    const loaded = (await ops.get(`/api/appointments/${created.body.id}`)).body as { revision?: number };
    const change = () => ({ status: 'arrived' });
    await raceEdits(
      () =>
        ops.request('PATCH', `/api/appointments/${created.body.id}/status`, {
          body: { status: 'arrived', revision: loaded.revision ?? 0 },
        }),
      change,
      loaded.revision ?? 0,
      async () => (await ops.get(`/api/appointments/${created.body.id}`)).body,
    );
  });

  it('check-ins: one door of 20 is kept, on the check-in and its appointment', async () => {
    const doors: { id: string }[] = [];
    for (let i = 0; i < EDITS; i++) doors.push(await newDoor(`RC-${randomUUID().slice(0, 6)}`));
    const checkin = await walkIn(`MH12RC${String(Date.now()).slice(-4)}`);
    const loaded = (await checkinOf(checkin.id)).revision as number | undefined;
    const change = (i: number) => ({ dockDoorId: doors[i]!.id });
    await raceEdits(
      (i) =>
        ops.request('PATCH', `/api/checkins/${checkin.id}/door`, { body: { ...change(i), revision: loaded ?? 0 } }),
      change,
      loaded ?? 0,
      () => checkinOf(checkin.id),
    );
    const stored = await checkinOf(checkin.id);
    expect((await ops.get(`/api/appointments/${checkin.appointmentId}`)).body.dockDoorId).toBe(stored.dockDoorId);
  });

  it('integration systems: one name is kept', async () => {
    const created = await admin.post('/api/integrations/systems', {
      name: 'Race TMS',
      systemType: 'TMS',
      vendor: 'Acme',
      baseUrl: 'https://tms.example.com/health',
      authType: 'API_KEY',
      authConfig: { apiKey: 'race-key-0001' },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.revision).toBe(0);
    const readBack = async () =>
      ((await admin.get('/api/integrations/systems')).body as { id: string }[]).find((s) => s.id === created.body.id)!;
    const change = (i: number) => ({ name: `Race TMS ${i}` });
    await raceEdits(
      (i) =>
        admin.request('PATCH', `/api/integrations/systems/${created.body.id}`, { body: { ...change(i), revision: 0 } }),
      change,
      0,
      readBack,
    );
  });
});

describe('a door assignment and a status change of one check-in at the same moment', () => {
  it('keeps both, 10 times over: the door on the check-in and its appointment, and the new status', async () => {
    for (let round = 0; round < 10; round++) {
      const door = await newDoor(`RD-${randomUUID().slice(0, 6)}`);
      const checkin = await walkIn(`KA05RD${String(round).padStart(4, '0')}`);
      const [assigned, moved] = await Promise.all([
        ops.request('PATCH', `/api/checkins/${checkin.id}/door`, { body: { dockDoorId: door.id } }),
        ops.request('PATCH', `/api/checkins/${checkin.id}/status`, { body: { status: 'at_dock' } }),
      ]);
      expect([assigned.status, moved.status], `${assigned.text}\n${moved.text}`).toEqual([200, 200]);
      expect(await checkinOf(checkin.id)).toMatchObject({ dockDoorId: door.id, status: 'at_dock', revision: 2 });
      expect((await ops.get(`/api/appointments/${checkin.appointmentId}`)).body).toMatchObject({
        dockDoorId: door.id,
        status: 'arrived',
      });
    }
  });
});
