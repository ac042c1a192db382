// Issue #29.2 through HTTP: the approval sets the role the approver picked and links the carrier (and
// driver record) they chose; a role the approver may not grant, or a link the role does not take, is
// refused under its field and approves nothing; an approved carrier-side account is offered only its
// own carrier, and every carrier it is offered is one it may book for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { booking, day } from '../support/appointments';
import { APPLICANT_PASSWORD, pendingRegistration } from '../support/users';
import { approveUser } from '../../functions/users/approval';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { createUser, getUser } from '../../functions/users';
import { hashPassword } from '../../functions/lib/passwords';

let api: TestApi;
let admin: Client;

beforeAll(async () => {
  api = await startTestApi();
  admin = new Client(api.url);
  await admin.signIn('admin');
});
afterAll(() => api.close());

const external = (asked: string) => pendingRegistration(DEMO_TENANT_ID, asked, { userType: 'external_user' });
const statusOf = async (id: string) => (await getUser(DEMO_TENANT_ID, id))?.status;

async function signedIn(email: string) {
  const client = new Client(api.url);
  await client.signIn(email, APPLICANT_PASSWORD);
  return client;
}

describe('the approver sets the role and the link', () => {
  it('grants another role than the one asked for and links the chosen carrier', async () => {
    // Prepare
    const { id, email } = await external('truck_owner');
    // Act
    const res = await admin.post(`/api/admin/approve-user/${id}`, {
      role: 'transporter_company',
      carrierId: 'carrier-deccan',
    });
    // Assess
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ role: 'transporter_company', carrierId: 'carrier-deccan', driverId: null });
    expect(res.body.link).toMatchObject({ carrierName: 'Deccan Express Logistics', how: 'chosen' });
    const me = await signedIn(email);
    expect((await me.get('/api/auth/user')).body).toMatchObject({
      role: 'transporter_company',
      carrierId: 'carrier-deccan',
    });
  });

  it('links a driver to the driver record chosen among the chosen carrier’s drivers', async () => {
    const { id } = await external('truck_owner');
    const offered = (await admin.get('/api/carriers/carrier-ganga/drivers')).body as { id: string; name: string }[];
    const free = offered.find((d) => d.name === 'Ravi Shankar');
    expect(free, 'the demo carrier Ganga Freight has the driver Ravi Shankar').toBeTruthy();
    const res = await admin.post(`/api/admin/approve-user/${id}`, {
      role: 'driver',
      carrierId: 'carrier-ganga',
      driverId: free!.id,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ role: 'driver', carrierId: 'carrier-ganga', driverId: free!.id });
  });

  it('refuses a carrier for a staff role under the carrier field, and approves nothing', async () => {
    const { id } = await external('truck_owner');
    const res = await admin.post(`/api/admin/approve-user/${id}`, { role: 'operations', carrierId: 'carrier-ganga' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ carrierId: 'Not linked for this role' });
    expect(await statusOf(id)).toBe('pending');
  });

  it('refuses a driver of another carrier under the driver field, in Hindi when asked', async () => {
    const { id } = await external('driver');
    const res = await admin.request('POST', `/api/admin/approve-user/${id}`, {
      body: { role: 'driver', carrierId: 'carrier-deccan', driverId: 'driver-ajay' },
      headers: { 'accept-language': 'hi' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.driverId).toBe('यह ड्राइवर इस कैरियर के लिए गाड़ी नहीं चलाता');
    expect(await statusOf(id)).toBe('pending');
  });

  it('refuses a role that is not one of the product’s under the role field', async () => {
    const { id } = await external('driver');
    const res = await admin.post(`/api/admin/approve-user/${id}`, { role: 'superuser' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ role: 'Choose one of the roles' });
    expect(await statusOf(id)).toBe('pending');
  });
});

describe('an approver grants only what they hold', () => {
  // An approver holding only a booker's permissions (no hub role with users:manage is that narrow today,
  // so the use case is called with the permissions written out).
  const booker = {
    userId: 'approver-narrow',
    username: 'narrow.approver@example.in',
    permissions: ['reference:read', 'appointments:book', 'reschedules:request'] as const,
  };

  it('refuses the admin role under the role field and leaves the registration pending', async () => {
    const { id } = await external('truck_owner');
    await expect(
      approveUser(
        DEMO_TENANT_ID,
        id,
        { ...booker, permissions: [...booker.permissions] },
        {
          role: 'admin',
          carrierId: null,
          driverId: null,
        },
      ),
    ).rejects.toMatchObject({
      status: 400,
      errors: { role: 'You cannot grant this role: it holds permissions you do not have' },
    });
    expect(await statusOf(id)).toBe('pending');
  });

  it('grants a role whose permissions it holds', async () => {
    const { id } = await external('driver');
    const { user } = await approveUser(
      DEMO_TENANT_ID,
      id,
      { ...booker, permissions: [...booker.permissions] },
      {
        role: 'freight_forwarder',
        carrierId: 'carrier-ganga',
        driverId: null,
      },
    );
    expect(user).toMatchObject({ status: 'active', role: 'freight_forwarder', carrierId: 'carrier-ganga' });
  });
});

describe('a carrier-side account is offered only what it may book for', () => {
  it('lists only its own carrier, books for it, and is refused another under the carrier field', async () => {
    // Prepare
    const { id, email } = await external('transporter_company');
    expect((await admin.post(`/api/admin/approve-user/${id}`, { carrierId: 'carrier-deccan' })).status).toBe(200);
    const transporter = await signedIn(email);
    // Act
    const offered = (await transporter.get('/api/carriers')).body as { id: string }[];
    // Assess
    expect(offered.map((c) => c.id)).toEqual(['carrier-deccan']);
    for (const c of offered) {
      const own = await transporter.post(
        '/api/appointments',
        booking({ carrierId: c.id, driverId: null, scheduledDate: day(6), dockDoorId: null }),
      );
      expect(own.status, own.text).toBe(201);
    }
    const foreign = await transporter.post(
      '/api/appointments',
      booking({ carrierId: 'carrier-ganga', driverId: null, scheduledDate: day(6), dockDoorId: null }),
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors).toEqual({ carrierId: 'You can book appointments only for your own carrier' });
  });

  it('staff who book for anyone are offered every carrier', async () => {
    const ids = ((await admin.get('/api/carriers')).body as { id: string }[]).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(['carrier-ganga', 'carrier-deccan']));
  });

  it('an account linked to nothing is offered no carrier', async () => {
    // An active account linked to nothing is what approvals before #14.1 left.
    const email = `unlinked.${Date.now()}@example.in`;
    const unlinked = await createUser(
      {
        tenantId: DEMO_TENANT_ID,
        username: email,
        email,
        phoneNumber: null,
        firstName: 'Unlinked',
        lastName: 'Owner',
        profileImageUrl: null,
        role: 'truck_owner',
        extraRoles: [],
        userType: 'external_user',
        status: 'active',
        isVerified: true,
        passwordHash: await hashPassword(APPLICANT_PASSWORD),
        profile: {},
      },
      null,
    );
    const client = await signedIn(unlinked.email!);
    expect((await client.get('/api/carriers')).body).toEqual([]);
  });
});
