// Issue #28.5 through HTTP: a registrant cannot choose administrator power (admin, tenant_admin), the
// approver picks the role the account gets, and guests reach a facility only through its link token:
// neither a '<tenantId>/<facilityId>' code nor the gate QR's payload opens a tenant's booking.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { nextAddress } from '../support/tenancy';
import { indiaDate } from '../support/dates';
import { APPLICANT_PASSWORD as PASSWORD, pendingRegistration } from '../support/users';
import { DEMO_FACILITY_ID, DEMO_FACILITY_LINK, DEMO_TENANT_ID } from '../../functions/local/demo-ids';

let api: TestApi;
let admin: Client;

beforeAll(async () => {
  api = await startTestApi();
  admin = new Client(api.url);
  await admin.signIn('admin');
});
afterAll(() => api.close());

const userData = (email: string, userType: string, role: string) => ({
  email,
  firstName: 'Kiran',
  lastName: 'Rao',
  phoneNumber: null,
  password: PASSWORD,
  userType,
  role,
  userCategory: userType,
});
const VARIANTS: Record<string, Record<string, unknown>> = {
  dockyard_employee: { employeeId: 'EMP-77', corporateEmail: 'kiran@hub.example.in' },
  internal_user: { companyName: 'Rao Traders', gstin: '27AAPFU0939F1ZV' },
};

const pending = (asked: string) => pendingRegistration(DEMO_TENANT_ID, asked);

describe('registration', () => {
  it.each([
    ['dockyard_employee', 'admin'],
    ['internal_user', 'tenant_admin'],
  ])(
    'refuses a %s asking for %s with a field error in English and Hindi, and keeps no account',
    async (userType, role) => {
      // Prepare
      const email = `self.${role}.${randomUUID().slice(0, 8)}@example.in`;
      const body = { userData: userData(email, userType, role), variant: VARIANTS[userType], documents: [] };
      const before = (await admin.get('/api/admin/pending-registrations')).body.length;
      // Act
      const english = await new Client(api.url).post('/api/auth/register', body, { localAddress: nextAddress() });
      const hindi = await new Client(api.url).post('/api/auth/register', body, {
        localAddress: nextAddress(),
        headers: { 'accept-language': 'hi' },
      });
      // Assess
      expect(english.status).toBe(400);
      expect(english.body.errors['userData.role']).toBe(
        'Only an administrator can grant this role. Please choose another role.',
      );
      expect(hindi.status).toBe(400);
      expect(hindi.body.errors['userData.role']).toBe('यह भूमिका केवल एडमिन दे सकते हैं। कृपया कोई और भूमिका चुनें।');
      expect((await admin.get('/api/admin/pending-registrations')).body.length).toBe(before);
      expect(
        (await new Client(api.url).post('/api/auth/login', { identifier: email, password: PASSWORD })).status,
      ).toBe(401);
    },
  );

  it('still names the choices of the user type for a role that is not among them', async () => {
    const res = await new Client(api.url).post(
      '/api/auth/register',
      {
        userData: userData('kiran.x@example.in', 'internal_user', 'admin'),
        variant: VARIANTS.internal_user,
        documents: [],
      },
      { localAddress: nextAddress() },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors['userData.role']).toBe(
      'Role must be one of tenant_operator, vendor_supplier, logistics_coordinator',
    );
  });
});

describe('approval', () => {
  it('grants the role the approver picks, not the one asked for', async () => {
    // Prepare: a registrant who asked to be a security officer
    const { id, email } = await pending('security_officer');
    // Act
    const res = await admin.post(`/api/admin/approve-user/${id}`, { role: 'spectator' });
    // Assess
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', role: 'spectator' });
    const me = await new Client(api.url).signIn(email, PASSWORD);
    expect(me.role).toBe('spectator');
    expect(me.canAccess.readOnly).toBe(true);
  });

  it('keeps the asked role when the approver names none', async () => {
    const { id } = await pending('security_officer');
    const res = await admin.post(`/api/admin/approve-user/${id}`, {});
    expect(res.body).toMatchObject({ status: 'active', role: 'security_officer' });
  });

  it('refuses a role that does not exist and leaves the registration pending', async () => {
    const { id } = await pending('security_officer');
    const res = await admin.post(
      `/api/admin/approve-user/${id}`,
      { role: 'superuser' },
      { headers: { 'accept-language': 'hi' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.role).toBe('भूमिकाओं में से एक चुनें');
    expect((await admin.get('/api/admin/pending-registrations')).body.map((u: { id: string }) => u.id)).toContain(id);
  });
});

describe('guest paths', () => {
  const date = indiaDate(1);

  it("refuses a '<tenantId>/<facilityId>' code on every public booking path, and answers the link", async () => {
    // Prepare
    const guest = new Client(api.url);
    const code = `${DEMO_TENANT_ID}/${DEMO_FACILITY_ID}`;
    const slots = await guest.get(`/api/slots/available?date=${date}&facility=${DEMO_FACILITY_LINK}`);
    const slot = slots.body.find((s: { isAvailable: boolean; isBlocked: boolean }) => s.isAvailable && !s.isBlocked);
    const booking = {
      ownerType: 'Driver',
      vehicleNumber: 'MH12TL4321',
      vehicleType: 'Truck',
      capacityTons: 10,
      driverName: 'Code Guest',
      driverLicense: 'MH1220200001',
      mobileNumber: '9845012345',
      expectedArrivalDate: `${date}T10:00:00.000Z`,
      slotId: slot.id,
    };
    // Act
    const answers = await Promise.all([
      guest.get(`/api/slots/available?date=${date}&facility=${encodeURIComponent(code)}`),
      guest.get(`/api/slots/available?date=${date}&facility=${encodeURIComponent(`${DEMO_TENANT_ID}/default`)}`),
      guest.get(`/api/holidays?facility=${encodeURIComponent(code)}`),
      guest.post('/api/bookings/slot', { ...booking, facility: code }, { localAddress: nextAddress() }),
    ]);
    const after = await guest.get(`/api/slots/available?date=${date}&facility=${DEMO_FACILITY_LINK}`);
    // Assess
    expect(slots.status).toBe(200);
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    expect(answers[3].body.message).toMatch(/^This facility link is not valid/);
    expect(after.body.find((s: { id: string }) => s.id === slot.id).bookedCount).toBe(slot.bookedCount);
  });

  it("names the facility in the gate QR by its link, never by the tenant's or facility's id, and the code still opens", async () => {
    // Act
    const qr = await admin.get(`/api/facilities/${DEMO_FACILITY_ID}/qr-code`);
    const token = new URL(qr.body.checkinUrl).searchParams.get('t')!;
    const [linkId, expiry] = token.split('~');
    const opened = await new Client(api.url).get(`/api/checkins/qr-link?t=${encodeURIComponent(token)}`, {
      localAddress: nextAddress(),
    });
    // Assess
    expect(qr.status).toBe(200);
    // The signed-link scheme (functions/lib/signed-link.ts): the facility's link, an expiry, key and signature.
    expect(token.split('~')).toHaveLength(4);
    expect(linkId).toBe(DEMO_FACILITY_LINK);
    expect(parseInt(expiry!, 36) * 1000).toBeGreaterThan(Date.now());
    expect(linkId).not.toBe(DEMO_FACILITY_ID);
    expect(opened.status).toBe(200);
    expect(opened.body.facilityName).toBe(qr.body.facilityName);
  });
});
