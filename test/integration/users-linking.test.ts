// Issue #14.1 through HTTP: approving a driver or carrier-side registration links the account to what
// it books for (chosen by the administrator, matched, or created) in the approval's transaction, and
// the answer says what was linked; a bad choice is a 400 that approves nothing; one account per driver.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { createUser } from '../../functions/users';
import { hashPassword } from '../../functions/lib/passwords';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';

let api: TestApi;
let admin: Client;
const PASSWORD = 'Strong#Pass1';

beforeAll(async () => {
  api = await startTestApi();
  admin = new Client(api.url);
  await admin.signIn('admin');
});
afterAll(() => api.close());

/** A pending registration (the registration path itself is covered by users-registration.test.ts). */
async function pending(
  role: string,
  over: { phoneNumber?: string | null; profile?: Record<string, unknown>; userType?: string; lastName?: string } = {},
) {
  const email = `${role}.${randomUUID().slice(0, 8)}@example.in`;
  const user = await createUser(
    {
      tenantId: DEMO_TENANT_ID,
      username: email,
      email,
      phoneNumber: over.phoneNumber ?? null,
      firstName: 'Asha',
      lastName: over.lastName ?? role,
      profileImageUrl: null,
      role,
      extraRoles: [],
      userType: over.userType ?? 'external_user',
      status: 'pending',
      isVerified: false,
      passwordHash: await hashPassword(PASSWORD),
      profile: over.profile ?? {},
    },
    null,
  );
  return { id: user.id, email };
}

const drivers = async (carrierId: string) =>
  (await admin.get(`/api/carriers/${carrierId}/drivers`)).body as {
    id: string;
    name: string;
    userId?: string;
    licenseNumber: string;
  }[];
const statusOf = async (id: string) =>
  (await admin.get('/api/auth/users')).body.find((u: { id: string }) => u.id === id)?.status;

describe('approving a driver registration', () => {
  it('links the driver record the administrator chose', async () => {
    const { id, email } = await pending('driver');
    const res = await admin.post(`/api/admin/approve-user/${id}`, {
      carrierId: 'carrier-deccan',
      driverId: 'driver-venkat',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: 'active',
      carrierId: 'carrier-deccan',
      driverId: 'driver-venkat',
      link: { driverName: 'Venkatesh Rao', how: 'chosen' },
    });
    const me = await new Client(api.url).signIn(email, PASSWORD);
    expect(me).toMatchObject({ carrierId: 'carrier-deccan', driverId: 'driver-venkat' });
    expect((await drivers('carrier-deccan')).find((d) => d.id === 'driver-venkat')?.userId).toBe(id);
  });

  it('matches a driver record by mobile number', async () => {
    const { id } = await pending('driver', { phoneNumber: '98123 00003' });
    const res = await admin.post(`/api/admin/approve-user/${id}`);
    expect(res.body.link).toMatchObject({ carrierId: 'carrier-ganga', driverId: 'driver-ravi', how: 'phone' });
  });

  it('adds an unmatched driver to the chosen carrier, or to a carrier of their own', async () => {
    const chosen = await pending('driver', { profile: { driverLicense: 'GJ0120210099999' }, lastName: 'Chosen' });
    const own = await pending('driver', { profile: { driverLicense: 'GJ0120210088888' }, lastName: 'Owner' });
    const toChosen = await admin.post(`/api/admin/approve-user/${chosen.id}`, { carrierId: 'carrier-sahyadri' });
    const toOwn = await admin.post(`/api/admin/approve-user/${own.id}`);
    expect(toChosen.body.link).toMatchObject({
      carrierId: 'carrier-sahyadri',
      driverName: 'Asha Chosen',
      how: 'created',
    });
    expect((await drivers('carrier-sahyadri')).find((d) => d.id === toChosen.body.link.driverId)).toMatchObject({
      licenseNumber: 'GJ0120210099999',
      userId: chosen.id,
    });
    expect(toOwn.body.link).toMatchObject({ carrierName: 'Asha Owner', driverName: 'Asha Owner', how: 'created' });
    expect((await drivers(toOwn.body.link.carrierId)).map((d) => d.userId)).toEqual([own.id]);
  });

  it('refuses a driver of another carrier or an unknown carrier with a 400 and approves nothing', async () => {
    const { id } = await pending('driver');
    const wrong = await admin.post(`/api/admin/approve-user/${id}`, {
      carrierId: 'carrier-ganga',
      driverId: 'driver-imran',
    });
    const unknown = await admin.post(`/api/admin/approve-user/${id}`, { carrierId: 'carrier-nowhere' });
    expect([wrong.status, unknown.status]).toEqual([400, 400]);
    expect(wrong.body.message).toBe('The driver does not drive for this carrier');
    expect(unknown.body.message).toBe('The carrier to link was not found');
    expect(await statusOf(id)).toBe('pending');
  });

  it('links a driver record to one account only, even when N approvals race for it', async () => {
    // Prepare: N registrations that all carry Imran Khan's licence
    const applicants = await Promise.all(
      Array.from({ length: 5 }, () => pending('driver', { profile: { driverLicense: 'TS0920160033333' } })),
    );
    // Act
    const answers = await Promise.all(applicants.map((a) => admin.post(`/api/admin/approve-user/${a.id}`)));
    // Assess
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(
      answers
        .filter((a) => a.status === 409)
        .every((a) => /linked to another account|changed meanwhile/.test(a.body.message)),
    ).toBe(true);
    const winner = applicants[answers.findIndex((a) => a.status === 200)]!;
    expect((await drivers('carrier-deccan')).find((d) => d.id === 'driver-imran')?.userId).toBe(winner.id);
    const statuses = await Promise.all(applicants.map((a) => statusOf(a.id)));
    expect(statuses.filter((s) => s === 'active')).toHaveLength(1);
  });
});

describe('approving a carrier-side registration', () => {
  it('matches a carrier by its contact mobile number, else creates one; staff roles link to nothing', async () => {
    const carriers = (await admin.get('/api/carriers')).body as { id: string; contactPhone: string | null }[];
    const withPhone = carriers.find((c) => c.contactPhone);
    const matched = await pending('transporter_company', { phoneNumber: withPhone?.contactPhone ?? null });
    const fresh = await pending('vendor_supplier', {
      userType: 'internal_user',
      profile: { companyName: 'Acme Traders' },
    });
    const staff = await pending('yard_manager', { userType: 'dockyard_employee' });
    const a = await admin.post(`/api/admin/approve-user/${matched.id}`);
    const b = await admin.post(`/api/admin/approve-user/${fresh.id}`);
    const c = await admin.post(`/api/admin/approve-user/${staff.id}`);
    if (withPhone) expect(a.body.link).toMatchObject({ carrierId: withPhone.id, driverId: null, how: 'phone' });
    expect(b.body.link).toMatchObject({ carrierName: 'Acme Traders', driverId: null, how: 'created' });
    expect((await admin.get('/api/carriers')).body.some((x: { id: string }) => x.id === b.body.link.carrierId)).toBe(
      true,
    );
    expect(c.body).toMatchObject({ status: 'active', link: null, carrierId: null });
  });

  it('refuses a driver record for a carrier-side account', async () => {
    const { id } = await pending('truck_owner');
    const res = await admin.post(`/api/admin/approve-user/${id}`, {
      carrierId: 'carrier-ganga',
      driverId: 'driver-ajay',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Only a driver account is linked to a driver record');
    expect(await statusOf(id)).toBe('pending');
  });
});
