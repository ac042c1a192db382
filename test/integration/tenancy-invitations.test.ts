// Invitations, one login in several hubs, and facility links through the real HTTP path (issue #18).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../functions/lib/aws';
import { Client, startTestApi, type TestApi } from '../support/api';
import { invitationTokenSentTo, nextAddress, signUpOrganisation, type Organisation } from '../support/tenancy';
import { TENANCY_TEXTS } from '../../shared/contracts/tenancy';
import { localOutbox } from '../../functions/messaging';
import { indiaDate } from '../support/dates';

let api: TestApi;
let org: Organisation;
beforeAll(async () => {
  api = await startTestApi();
  org = await signUpOrganisation(api.url);
});
afterAll(() => api.close());

const guest = () => new Client(api.url);
const accept = (body: Record<string, unknown>) =>
  guest().post('/api/invitations/accept', body, { localAddress: nextAddress() });

describe('invitations', () => {
  it('invites an operations user by e-mail who sets a password through the link and signs in to that hub only', async () => {
    const email = `ops.${Date.now()}@example.in`;
    const created = await org.admin.post('/api/invitations', { email, role: 'operations' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ email, role: 'operations', status: 'pending' });
    const token = await invitationTokenSentTo(email);

    const preview = await guest().post('/api/invitations/preview', { token }, { localAddress: nextAddress() });
    expect(preview.body).toEqual({
      tenantName: org.body.companyName,
      role: 'operations',
      email,
      phoneNumber: null,
      existingAccount: false,
    });
    expect(
      (await accept({ token, firstName: 'Ravi', lastName: 'Menon', password: 'short' })).body.errors?.password,
    ).toBe('Password must be at least 8 characters');
    const accepted = await accept({ token, firstName: 'Ravi', lastName: 'Menon', password: 'Docks2026!' });
    expect(accepted.status, accepted.text).toBe(200);

    // The link works once.
    const again = await accept({ token, firstName: 'Ravi', lastName: 'Menon', password: 'Docks2026!' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TENANCY_TEXTS.invitationUsed);

    const ops = new Client(api.url);
    const user = await ops.signIn(email, 'Docks2026!');
    expect(user).toMatchObject({ tenantId: org.tenantId, role: 'operations' });
    expect((await ops.get('/api/facilities')).body.map((f: { id: string }) => f.id)).toEqual([org.facilityId]);
    expect((await ops.get('/api/invitations')).status).toBe(403);
    const list = await org.admin.get('/api/invitations');
    expect(list.body.find((i: { email: string }) => i.email === email)?.status).toBe('accepted');
  });

  it('refuses forged, revoked and expired links with a clear message', async () => {
    expect(
      (await accept({ token: 'x'.repeat(43), firstName: 'A', lastName: 'B', password: 'Docks2026!' })).body.message,
    ).toBe(TENANCY_TEXTS.invitationInvalid);
    expect((await accept({ token: 'short', firstName: 'A', lastName: 'B', password: 'Docks2026!' })).status).toBe(400);

    const revokedEmail = `revoked.${Date.now()}@example.in`;
    const revoked = await org.admin.post('/api/invitations', { email: revokedEmail, role: 'spectator' });
    const revokedToken = await invitationTokenSentTo(revokedEmail);
    expect((await org.admin.request('DELETE', `/api/invitations/${revoked.body.id}`)).status).toBe(200);
    expect((await org.admin.request('DELETE', `/api/invitations/${revoked.body.id}`)).status).toBe(409);
    const refused = await accept({ token: revokedToken, firstName: 'A', lastName: 'B', password: 'Docks2026!' });
    expect(refused.status).toBe(410);
    expect(refused.body.message).toBe(TENANCY_TEXTS.invitationRevoked);

    const expiredEmail = `expired.${Date.now()}@example.in`;
    await org.admin.post('/api/invitations', { email: expiredEmail, role: 'spectator' });
    const expiredToken = await invitationTokenSentTo(expiredEmail);
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(expiredToken).digest('hex');
    await ddb().send(
      new UpdateCommand({
        TableName: api.tableName,
        Key: { PK: `INVITATION#${hash}`, SK: 'INVITATION' },
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const expired = await accept({ token: expiredToken, firstName: 'A', lastName: 'B', password: 'Docks2026!' });
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(TENANCY_TEXTS.invitationExpired);
    expect((await guest().post('/api/auth/login', { identifier: expiredEmail, password: 'Docks2026!' })).status).toBe(
      401,
    );
  });

  it('invites by mobile number through SMS', async () => {
    const created = await org.admin.post('/api/invitations', { phoneNumber: '98450 12399', role: 'yard_manager' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.phoneNumber).toBe('+919845012399');
    const token = await invitationTokenSentTo('+919845012399');
    expect((await localOutbox()).find((m) => m.to === '+919845012399')?.channel).toBe('sms');
    expect((await accept({ token, firstName: 'Kiran', lastName: 'Patil', password: 'Yard2026ok' })).status).toBe(200);
    expect((await new Client(api.url).signIn('9845012399', 'Yard2026ok')).role).toBe('yard_manager');
  });
});

describe('one login, several hubs', () => {
  it('adds the organisation to an existing login, which switches between its hubs; the session carries the tenant', async () => {
    // The demo's operations user is invited to the new organisation as yard manager.
    const demoOps = new Client(api.url);
    const home = await demoOps.signIn('operations');
    const invited = await org.admin.post('/api/invitations', {
      email: home.email ?? 'operations@demo',
      role: 'yard_manager',
    });
    const email = invited.body.email as string;
    expect(invited.status, invited.text).toBe(201);
    const token = await invitationTokenSentTo(email);
    expect(
      (await guest().post('/api/invitations/preview', { token }, { localAddress: nextAddress() })).body.existingAccount,
    ).toBe(true);
    expect((await accept({ token, password: 'wrong-password1' })).status).toBe(401);
    expect((await accept({ token, password: 'Demo@12345' })).status).toBe(200);

    const memberships = await demoOps.get('/api/tenancy/memberships');
    expect(memberships.body).toEqual([
      { tenantId: 'demo', tenantName: 'Demo Logistics Pvt Ltd', role: 'operations', current: true },
      { tenantId: org.tenantId, tenantName: org.body.companyName, role: 'yard_manager', current: false },
    ]);
    expect((await demoOps.post('/api/auth/switch-tenant', { tenantId: 'someone-else' })).status).toBe(404);

    const demoFacilities = (await demoOps.get('/api/facilities')).body.map((f: { id: string }) => f.id);
    const switched = await demoOps.post('/api/auth/switch-tenant', { tenantId: org.tenantId });
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body.user).toMatchObject({ tenantId: org.tenantId, role: 'yard_manager' });
    expect((await demoOps.get('/api/auth/user')).body).toMatchObject({ tenantId: org.tenantId, role: 'yard_manager' });
    expect((await demoOps.get('/api/facilities')).body.map((f: { id: string }) => f.id)).toEqual([org.facilityId]);
    // A yard manager may not manage facilities there, whatever the home role allows.
    expect(
      (
        await demoOps.post('/api/facilities', {
          name: 'X',
          address: 'Y',
          operatingHoursStart: '08:00',
          operatingHoursEnd: '18:00',
        })
      ).status,
    ).toBe(403);

    const back = await demoOps.post('/api/auth/switch-tenant', { tenantId: 'demo' });
    expect(back.body.user).toMatchObject({ tenantId: 'demo', role: 'operations' });
    expect((await demoOps.get('/api/facilities')).body.map((f: { id: string }) => f.id)).toEqual(demoFacilities);
  });

  it('ends the old session when switching', async () => {
    const client = new Client(api.url);
    await client.signIn('admin');
    const before = client.get.bind(client);
    const copy = new Client(api.url);
    (copy as unknown as { cookies: Map<string, string> }).cookies = new Map(
      (client as unknown as { cookies: Map<string, string> }).cookies,
    );
    expect((await client.post('/api/auth/switch-tenant', { tenantId: 'demo' })).status).toBe(200);
    expect((await copy.get('/api/auth/user')).status).toBe(401);
    expect((await before('/api/auth/user')).status).toBe(200);
  });
});

describe('facility links', () => {
  it('books a guest into the facility of the link, and only there', async () => {
    const link = (await org.admin.get(`/api/facilities/${org.facilityId}/link`)).body.token as string;
    expect((await org.admin.get(`/api/facilities/${org.facilityId}/link`)).body.token).toBe(link);
    const date = indiaDate(2);
    const slots = await guest().get(`/api/slots/available?date=${date}&facility=${link}`);
    expect(slots.status, slots.text).toBe(200);
    const slot = slots.body.find((s: { isAvailable: boolean }) => s.isAvailable);
    const booking = {
      ownerType: 'Driver',
      vehicleNumber: 'MH12TL4321',
      vehicleType: 'Truck',
      capacityTons: 10,
      driverName: 'Link Guest',
      driverLicense: 'MH1220200001',
      mobileNumber: '9845012345',
      expectedArrivalDate: `${date}T10:00:00.000Z`,
      slotId: slot.id,
      facility: link,
    };
    const booked = await guest().post('/api/bookings/slot', booking, { localAddress: nextAddress() });
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body.facilityName).toBe(org.body.facilityName);
    const mine = await org.admin.get(`/api/appointments?date=${date}`);
    expect(
      mine.body.some((a: { bookingReference: string }) => a.bookingReference === booked.body.confirmationCode),
    ).toBe(true);
    const demo = new Client(api.url);
    await demo.signIn('admin');
    expect(
      (await demo.get(`/api/appointments?date=${date}`)).body.some(
        (a: { bookingReference: string }) => a.bookingReference === booked.body.confirmationCode,
      ),
    ).toBe(false);

    expect((await guest().get(`/api/facility-links/not-a-real-link`)).status).toBe(404);
    expect((await guest().get(`/api/slots/available?date=${date}&facility=forgedlink123`)).body.message).toBe(
      TENANCY_TEXTS.linkInvalid,
    );
  });

  it('refuses a link of a deactivated facility', async () => {
    const link = (await org.admin.get(`/api/facilities/${org.facilityId}/link`)).body.token as string;
    await ddb().send(
      new UpdateCommand({
        TableName: api.tableName,
        Key: { PK: `TENANT#${org.tenantId}`, SK: `FACILITY#${org.facilityId}` },
        UpdateExpression: 'SET isActive = :f',
        ExpressionAttributeValues: { ':f': false },
      }),
    );
    try {
      const res = await guest().get(`/api/facility-links/${link}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(TENANCY_TEXTS.linkInvalid);
    } finally {
      await ddb().send(
        new UpdateCommand({
          TableName: api.tableName,
          Key: { PK: `TENANT#${org.tenantId}`, SK: `FACILITY#${org.facilityId}` },
          UpdateExpression: 'SET isActive = :t',
          ExpressionAttributeValues: { ':t': true },
        }),
      );
    }
  });

  it('refuses a registration without a facility link when no demo default is configured', async () => {
    const saved = process.env.GUEST_FACILITY;
    delete process.env.GUEST_FACILITY;
    try {
      const res = await guest().post(
        '/api/auth/register',
        {
          userData: {
            email: 'nolink@example.in',
            firstName: 'No',
            lastName: 'Link',
            password: 'Nolink2026',
            userType: 'external_user',
            role: 'driver',
            userCategory: 'external_user',
          },
          variant: {},
          documents: [],
        },
        { localAddress: nextAddress() },
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(TENANCY_TEXTS.registrationNeedsLink);
    } finally {
      process.env.GUEST_FACILITY = saved;
    }
  });
});
