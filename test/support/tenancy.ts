// Organisations signed up through the real HTTP path (POST /api/signup, the e-mail code from the local
// outbox, POST /api/signup/verify), for the tenancy tests and the cross-tenant isolation test.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { localOutbox } from '../../functions/messaging';
import { putTenantIfAbsent } from '../../functions/tenancy';
import { createFacility } from '../../functions/facilities';
import { createUser } from '../../functions/users';
import { hashPassword } from '../../functions/lib/passwords';
import { Client } from './api';

export const SIGNUP_PASSWORD = 'Trial@2026x';

let sequence = 0;
/** A distinct local address per sign-up, so the per-address sign-up limit is not what a test meets. */
export const nextAddress = () => `127.0.${40 + Math.floor(sequence / 200)}.${(sequence++ % 200) + 2}`;

export function signupBody(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  const digits = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  return {
    companyName: `Hub ${tag} Logistics`,
    gstin: '',
    firstName: 'Anita',
    lastName: 'Desai',
    email: `admin.${tag}@example.in`,
    phoneNumber: `9${digits}`,
    password: SIGNUP_PASSWORD,
    facilityName: `Hub ${tag} DC`,
    facilityCity: 'Pune',
    facilityState: 'Maharashtra',
    dockDoors: 4,
    ...overrides,
  };
}

/** The newest 6-digit code (the outbox lists newest first) e-mailed to the address. */
export async function codeSentTo(email: string): Promise<string> {
  const mails = (await localOutbox()).filter((m) => m.to === email && /code is \d{6}/.test(m.body));
  const code = /code is (\d{6})/.exec(mails[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${email}`);
  return code;
}

/** The newest invitation link sent to the address or number. */
export async function invitationTokenSentTo(to: string): Promise<string> {
  const messages = (await localOutbox()).filter((m) => m.to === to && /\/invite\//.test(m.body));
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(messages[0]?.body ?? '')?.[1];
  if (!token) throw new Error(`no invitation was sent to ${to}`);
  return token;
}

export interface Organisation {
  tenantId: string;
  facilityId: string;
  email: string;
  admin: Client;
  body: ReturnType<typeof signupBody>;
}

/** Signs an organisation up, verifies its admin's e-mail and signs the admin in. */
export async function signUpOrganisation(url: string, overrides: Record<string, unknown> = {}): Promise<Organisation> {
  const body = signupBody(overrides);
  const admin = new Client(url);
  const localAddress = nextAddress();
  const res = await admin.post('/api/signup', body, { localAddress });
  expect(res.status, res.text).toBe(201);
  const verified = await admin.post(
    '/api/signup/verify',
    { email: body.email, code: await codeSentTo(body.email) },
    { localAddress },
  );
  expect(verified.status, verified.text).toBe(200);
  const user = await admin.signIn(body.email, body.password);
  const facilities = await admin.get('/api/facilities');
  expect(facilities.status).toBe(200);
  return { tenantId: user.tenantId, facilityId: facilities.body[0].id, email: body.email, admin, body };
}

/** A second tenant, "Acme Warehousing", with one facility (acme-chakan) and its admin; signs `admin` in as that admin. */
export async function signInAsAcmeAdmin(admin: Client): Promise<void> {
  await putTenantIfAbsent({ id: 'acme', name: 'Acme Warehousing', createdAt: new Date().toISOString() });
  await createFacility(
    'acme',
    {
      name: 'Acme Chakan',
      address: 'MIDC Chakan',
      city: null,
      state: null,
      country: null,
      zipCode: null,
      contactEmail: null,
      contactPhone: null,
      operatingHoursStart: '09:00',
      operatingHoursEnd: '17:00',
      totalDockDoors: 2,
      timeZone: 'Asia/Kolkata',
      slotMinutes: 60,
      slotCapacity: 1,
    },
    null,
    { id: 'acme-chakan' },
  );
  await createUser(
    {
      tenantId: 'acme',
      username: 'acme-admin',
      email: 'admin@acme.in',
      phoneNumber: null,
      firstName: 'Acme',
      lastName: 'Admin',
      profileImageUrl: null,
      role: 'admin',
      extraRoles: [],
      userType: 'dockyard_employee',
      status: 'active',
      isVerified: true,
      passwordHash: await hashPassword('Acme@12345'),
    },
    null,
  );
  await admin.signIn('acme-admin', 'Acme@12345');
}
