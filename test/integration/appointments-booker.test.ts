// Issue #14.1 through HTTP: a booker without appointments:write books only for the carrier or driver
// their account is linked to; an unlinked account is refused and nothing is reserved or counted; the
// driver list shows a driver only themself.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { booking, day } from '../support/appointments';
import { createUser } from '../../functions/users';
import { hashPassword } from '../../functions/lib/passwords';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';

let api: TestApi;
let admin: Client;
const PASSWORD = 'Strong#Pass1';

beforeAll(async () => {
  api = await startTestApi();
  admin = new Client(api.url);
  await admin.signIn('admin');
});
afterAll(() => api.close());

/** An account as a registration leaves it (pending) or as approvals before #14.1 left it (active, linked to nothing). */
async function account(role: string, status: 'pending' | 'active', profile: Record<string, unknown> = {}) {
  const email = `${role}.${randomUUID().slice(0, 8)}@example.in`;
  const user = await createUser(
    {
      tenantId: DEMO_TENANT_ID,
      username: email,
      email,
      phoneNumber: null,
      firstName: 'Test',
      lastName: role,
      profileImageUrl: null,
      role,
      extraRoles: [],
      userType: 'external_user',
      status,
      isVerified: status === 'active',
      passwordHash: await hashPassword(PASSWORD),
      profile,
    },
    null,
  );
  return { id: user.id, email };
}

async function signedIn(email: string) {
  const client = new Client(api.url);
  await client.signIn(email, PASSWORD);
  return client;
}

const carrier = async (id: string) => (await admin.get('/api/carriers')).body.find((c: { id: string }) => c.id === id);
const doorFree = async (date: string, start: string, end: string) =>
  (
    await admin.get(
      `/api/appointments/check-availability?facilityId=${DEMO_FACILITY_ID}&date=${date}&timeStart=${start}&timeEnd=${end}&dockDoorId=door-02`,
    )
  ).body.available as boolean;

describe('booking by an account linked to nothing', () => {
  it.each(['truck_owner', 'driver', 'freight_forwarder'])(
    'refuses a %s with a clear 403 and reserves and counts nothing',
    async (role) => {
      // Prepare
      const { email } = await account(role, 'active');
      const booker = await signedIn(email);
      const before = (await carrier('carrier-ganga')).totalAppointments;
      const slot = {
        scheduledDate: day(3),
        scheduledTimeStart: '14:00',
        scheduledTimeEnd: '15:00',
        dockDoorId: 'door-02',
      };
      // Act
      const res = await booker.post('/api/appointments', booking(slot));
      // Assess
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/not linked to a carrier or driver/);
      expect(res.text).not.toContain('+9198123');
      expect((await carrier('carrier-ganga')).totalAppointments).toBe(before);
      expect(await doorFree(day(3), '14:00', '15:00')).toBe(true);
    },
  );

  it('refuses every one of N parallel bookings by unlinked accounts: the door stays free, the counter unchanged', async () => {
    // Prepare
    const bookers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) =>
        signedIn((await account(i % 2 ? 'truck_owner' : 'driver', 'active')).email),
      ),
    );
    const before = (await carrier('carrier-ganga')).totalAppointments;
    // Act
    const answers = await Promise.all(
      bookers.map((b, i) =>
        b.post(
          '/api/appointments',
          booking({
            scheduledDate: day(4),
            scheduledTimeStart: `1${i}:00`,
            scheduledTimeEnd: `1${i}:30`,
            dockDoorId: 'door-02',
          }),
        ),
      ),
    );
    // Assess
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(403));
    expect((await carrier('carrier-ganga')).totalAppointments).toBe(before);
    expect(await doorFree(day(4), '10:00', '16:00')).toBe(true);
  });
});

describe('booking by a linked account', () => {
  it('lets a truck owner linked to its carrier book for that carrier only, and see what it booked', async () => {
    // Prepare
    const { id, email } = await account('truck_owner', 'pending');
    const approved = await admin.post(`/api/admin/approve-user/${id}`, { carrierId: 'carrier-deccan' });
    expect(approved.status, approved.text).toBe(200);
    const owner = await signedIn(email);
    const before = (await carrier('carrier-ganga')).totalAppointments;
    // Act
    const foreign = await owner.post('/api/appointments', booking({ scheduledDate: day(5), dockDoorId: 'door-03' }));
    const own = await owner.post(
      '/api/appointments',
      booking({ carrierId: 'carrier-deccan', driverId: 'driver-imran', scheduledDate: day(5), dockDoorId: 'door-03' }),
    );
    // Assess
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('You can book appointments only for your own carrier');
    expect((await carrier('carrier-ganga')).totalAppointments).toBe(before);
    expect(own.status, own.text).toBe(201);
    expect((await owner.get(`/api/appointments/${own.body.id}`)).status).toBe(200);
    expect((await owner.get(`/api/appointments?date=${day(5)}`)).body.map((a: { id: string }) => a.id)).toEqual([
      own.body.id,
    ]);
  });

  it('lets a driver linked by licence book only for themself', async () => {
    // Prepare: Ajay Yadav's licence, typed with spaces
    const { id, email } = await account('driver', 'pending', { driverLicense: 'up65 2017 0011111' });
    const approved = await admin.post(`/api/admin/approve-user/${id}`);
    expect(approved.body.link).toMatchObject({ carrierId: 'carrier-ganga', driverId: 'driver-ajay', how: 'licence' });
    const driver = await signedIn(email);
    // Act
    const other = await driver.post('/api/appointments', booking({ driverId: 'driver-ravi', scheduledDate: day(6) }));
    const otherCarrier = await driver.post(
      '/api/appointments',
      booking({ carrierId: 'carrier-deccan', driverId: null, scheduledDate: day(6) }),
    );
    const own = await driver.post('/api/appointments', booking({ driverId: null, scheduledDate: day(6) }));
    // Assess
    expect([other.status, otherCarrier.status]).toEqual([403, 403]);
    expect(own.status, own.text).toBe(201);
    expect(own.body).toMatchObject({ carrierId: 'carrier-ganga', driverId: 'driver-ajay' });
    expect((await driver.get(`/api/appointments/${own.body.id}`)).status).toBe(200);
  });
});

describe('GET /api/carriers/{id}/drivers', () => {
  it('shows a driver only themself, and nothing of another carrier', async () => {
    // Prepare
    const driver = new Client(api.url);
    await driver.signIn('driver');
    // Act
    const own = await driver.get('/api/carriers/carrier-sahyadri/drivers');
    const other = await driver.get('/api/carriers/carrier-ganga/drivers');
    const staff = await admin.get('/api/carriers/carrier-ganga/drivers');
    // Assess
    expect(own.body.map((d: { id: string }) => d.id)).toEqual(['driver-suresh']);
    expect(other.body).toEqual([]);
    expect(staff.body.length).toBeGreaterThanOrEqual(2);
  });

  it('shows an unlinked booker no driver at all', async () => {
    const booker = await signedIn((await account('truck_owner', 'active')).email);
    const res = await booker.get('/api/carriers/carrier-ganga/drivers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});
