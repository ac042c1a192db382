// Registration end to end against s3rver and DynamoDB Local: presigned uploads, the server's own
// check of each document's bytes, pending accounts, admin approval and sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Client, startTestApi, type TestApi } from '../support/api';
import { PDF, pdfWith, uploadDocument } from '../support/uploads';
import { s3 } from '../../functions/lib/aws';
import { localOutbox } from '../../functions/messaging';
import { REQUIRED_DOCUMENTS } from '../../shared/contracts/users';

let api: TestApi;
let admin: Client;

beforeAll(async () => {
  api = await startTestApi();
  admin = new Client(api.url);
  await admin.signIn('admin');
});
afterAll(() => api.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1000, 0x90)]);

let ip = 10;
/** Uploads as the browser would, from this test's current address. */
const upload = (client: Client, documentType: string, bytes: Buffer, contentType = 'application/pdf') =>
  uploadDocument(client, documentType, bytes, contentType, `127.0.20.${ip}`);

const base = (email: string, over: Record<string, unknown> = {}) => ({
  email,
  firstName: 'Kiran',
  lastName: 'Rao',
  phoneNumber: '+91 98450 99999',
  password: 'Strong#Pass1',
  userType: 'external_user',
  role: 'driver',
  userCategory: 'external_user',
  ...over,
});

async function pendingObjects() {
  const res = await s3().send(new ListObjectsV2Command({ Bucket: process.env.UPLOADS_BUCKET!, Prefix: 'pending/' }));
  return res.KeyCount ?? 0;
}

describe('registration', () => {
  it('registers an external user with two documents, pending until an admin approves; then the user signs in', async () => {
    // Prepare
    const client = new Client(api.url);
    ip++;
    const documents = [
      { documentType: 'driving_license', uploadId: await upload(client, 'driving_license', PDF) },
      { documentType: 'aadhar_card', uploadId: await upload(client, 'aadhar_card', PNG, 'image/png') },
    ];
    // Act
    const res = await client.post(
      '/api/auth/register',
      {
        userData: base('kiran.rao@example.in'),
        variant: {
          driverLicense: 'KA0320200012345',
          aadharCard: '1234 5678 9012',
          vehicleNumber: 'KA03AB1234',
          vehicleType: 'Truck',
        },
        documents,
      },
      { localAddress: `127.0.20.${ip}` },
    );
    // Assess
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ requiresEmailVerification: true, user: { status: 'pending' } });
    expect(await pendingObjects()).toBe(0);
    const mail = (await localOutbox()).find((m) => m.to === 'kiran.rao@example.in');
    expect(mail?.body).toMatch(/verification code is \d{6}/);

    const pendingLogin = new Client(api.url);
    const me = await pendingLogin.signIn('kiran.rao@example.in', 'Strong#Pass1');
    expect(me).toMatchObject({ status: 'pending', permissions: [] });
    expect((await pendingLogin.get('/api/appointments/upcoming')).status).toBe(403);

    const pending = (await admin.get('/api/admin/pending-registrations')).body;
    const applicant = pending.find((u: { email: string }) => u.email === 'kiran.rao@example.in');
    expect(applicant).toMatchObject({
      isVerified: false,
      userType: 'external_user',
      vehicleNumber: 'KA03AB1234',
      documents: [
        expect.objectContaining({ documentType: 'driving_license', contentType: 'application/pdf' }),
        expect.objectContaining({ documentType: 'aadhar_card', contentType: 'image/png' }),
      ],
    });
    const doc = await admin.get(`/api/admin/users/${applicant.id}/documents/driving_license`);
    expect(doc.status).toBe(200);
    const file = await fetch(doc.body.url);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    expect((await new Client(api.url).post(`/api/admin/approve-user/${applicant.id}`)).status).toBe(401);
    const ops = new Client(api.url);
    await ops.signIn('operations');
    expect((await ops.post(`/api/admin/approve-user/${applicant.id}`)).status).toBe(403);
    const approved = await admin.post(`/api/admin/approve-user/${applicant.id}`);
    expect(approved.body).toMatchObject({ status: 'active', isVerified: true });
    expect((await admin.post(`/api/admin/approve-user/${applicant.id}`)).status).toBe(409);
    expect((await localOutbox()).some((m) => m.channel === 'sms' && /approved/.test(m.body))).toBe(true);

    const after = new Client(api.url);
    expect((await after.signIn('kiran.rao@example.in', 'Strong#Pass1')).permissions).toContain('appointments:book');
  });

  it('refuses a missing required document with the spec text', async () => {
    const client = new Client(api.url);
    ip++;
    const res = await client.post(
      '/api/auth/register',
      {
        userData: base('missing@example.in', {
          userType: 'internal_user',
          role: 'vendor_supplier',
          userCategory: 'internal_user',
        }),
        variant: { companyName: 'Acme Traders', gstin: '27AAACA1234A1Z5' },
        documents: [{ documentType: 'gst_certificate', uploadId: await upload(client, 'gst_certificate', PDF) }],
      },
      { localAddress: `127.0.20.${ip}` },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `Please upload: ${REQUIRED_DOCUMENTS.internal_user
        .filter((d) => d.type !== 'gst_certificate')
        .map((d) => d.label)
        .join(', ')}`,
    );
    expect(
      (await admin.get('/api/auth/users')).body.some((u: { email: string }) => u.email === 'missing@example.in'),
    ).toBe(false);
    expect(await pendingObjects()).toBe(0);
  });

  it('refuses a .pdf that is really an executable, and removes it', async () => {
    const client = new Client(api.url);
    ip++;
    const documents = [
      { documentType: 'driving_license', uploadId: await upload(client, 'driving_license', EXE) },
      { documentType: 'aadhar_card', uploadId: await upload(client, 'aadhar_card', PDF) },
    ];
    const res = await client.post(
      '/api/auth/register',
      { userData: base('exe@example.in'), variant: { driverLicense: 'X1', aadharCard: '123456789012' }, documents },
      { localAddress: `127.0.20.${ip}` },
    );
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Only PDF, PNG, and JPEG files are allowed');
    expect(await pendingObjects()).toBe(0);
    expect((await admin.get('/api/auth/users')).body.some((u: { email: string }) => u.email === 'exe@example.in')).toBe(
      false,
    );
  });

  it('refuses a 6 MB file before and after upload', async () => {
    const client = new Client(api.url);
    ip++;
    const asked = await client.post(
      '/api/auth/register/uploads',
      { documentType: 'aadhar_card', fileName: 'big.pdf', contentType: 'application/pdf', size: 6 * 1024 * 1024 },
      { localAddress: `127.0.20.${ip}` },
    );
    expect(asked.status).toBe(400);
    expect(asked.body.errors.size).toBe('File size must be less than 5MB');
    // The local S3 does not enforce the policy's size range; the server's own check does.
    const big = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const id = await upload(client, 'aadhar_card', big);
    const res = await client.post(
      '/api/auth/register',
      {
        userData: base('big@example.in'),
        variant: { driverLicense: 'X1', aadharCard: '123456789012' },
        documents: [
          { documentType: 'driving_license', uploadId: await upload(client, 'driving_license', PDF) },
          { documentType: 'aadhar_card', uploadId: id },
        ],
      },
      { localAddress: `127.0.20.${ip}` },
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File size must be less than 5MB');
  });

  it.each([
    [{ userData: base('bad'), variant: {}, documents: [] }, 'userData.email', 'Please enter a valid email address'],
    [
      { userData: base('a@b.in', { firstName: '' }), variant: {}, documents: [] },
      'userData.firstName',
      'First name is required',
    ],
    [
      { userData: base('a@b.in', { password: 'short' }), variant: {}, documents: [] },
      'userData.password',
      'Password must be at least 8 characters',
    ],
    [
      { userData: base('a@b.in', { role: 'admin' }), variant: {}, documents: [] },
      'userData.role',
      'Role must be one of driver, truck_owner, transporter_company, freight_forwarder',
    ],
    [
      { userData: base('a@b.in'), variant: { driverLicense: 'X', aadharCard: '1234' }, documents: [] },
      'aadharCard',
      'Aadhar number must be at least 12 digits',
    ],
    [
      {
        userData: base('a@b.in', { userType: 'internal_user', role: 'tenant_operator', userCategory: 'internal_user' }),
        variant: { companyName: 'A', gstin: 'SHORT' },
        documents: [],
      },
      'gstin',
      'GSTIN must be at least 15 characters',
    ],
    [
      {
        userData: base('a@b.in', {
          userType: 'dockyard_employee',
          role: 'yard_manager',
          userCategory: 'dockyard_employee',
        }),
        variant: { employeeId: '', corporateEmail: 'x' },
        documents: [],
      },
      'employeeId',
      'Employee ID is required',
    ],
  ])('refuses %j: %s', async (body, field, message) => {
    ip++;
    const res = await new Client(api.url).post('/api/auth/register', body, { localAddress: `127.0.20.${ip}` });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it('lets exactly one of an approval and a rejection sent at the same moment decide', async () => {
    const client = new Client(api.url);
    ip++;
    const documents = [
      { documentType: 'driving_license', uploadId: await upload(client, 'driving_license', PDF) },
      { documentType: 'aadhar_card', uploadId: await upload(client, 'aadhar_card', PDF) },
    ];
    const created = await client.post(
      '/api/auth/register',
      {
        userData: base('race@example.in', { phoneNumber: '' }),
        variant: { driverLicense: 'X', aadharCard: '123456789012' },
        documents,
      },
      { localAddress: `127.0.20.${ip}` },
    );
    const id = created.body.user.id;
    const [approved, rejected] = await Promise.all([
      admin.post(`/api/admin/approve-user/${id}`),
      admin.post(`/api/admin/reject-user/${id}`, {}),
    ]);
    expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
    const decided = (await admin.get('/api/auth/users')).body.find((u: { id: string }) => u.id === id);
    expect(decided.status).toBe(approved.status === 200 ? 'active' : 'rejected');
  });

  it('answers a registration with a registered email like a fresh one, creates nothing and tells the owner', async () => {
    // Prepare
    const client = new Client(api.url);
    ip++;
    const docs = async () => [
      { documentType: 'driving_license', uploadId: await upload(client, 'driving_license', PDF) },
      { documentType: 'aadhar_card', uploadId: await upload(client, 'aadhar_card', PDF) },
    ];
    const register = async (email: string, phoneNumber: string) =>
      client.post(
        '/api/auth/register',
        {
          userData: base(email, { phoneNumber }),
          variant: { driverLicense: 'X', aadharCard: '123456789012' },
          documents: await docs(),
        },
        { localAddress: `127.0.20.${ip}` },
      );
    const first = await register('twice@example.in', '');
    expect(first.status).toBe(201);
    const usersBefore = (await admin.get('/api/auth/users')).body.length;
    // Act
    const again = await register('Twice@Example.in', '');
    const fresh = await register('once@example.in', '');
    // Assess: the same status and body shape as a fresh registration
    expect(again.status).toBe(fresh.status);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect({ ...again.body, user: { ...again.body.user, id: 'x', username: 'x' } }).toEqual({
      ...fresh.body,
      user: { ...fresh.body.user, id: 'x', username: 'x' },
    });
    expect(again.body.user.id).not.toBe(first.body.user.id);
    expect((await admin.get('/api/auth/users')).body.length).toBe(usersBefore + 1);
    expect(await pendingObjects()).toBe(0);
    const mail = (await localOutbox()).filter((m) => m.to === 'twice@example.in');
    expect(mail[0]?.body).toMatch(
      /^Someone tried to create a new DockSaathi account with your email address\. No account was created/,
    );
    expect(mail.filter((m) => /verification code/.test(m.body))).toHaveLength(1);
    // The first registration is untouched: rejecting it works and it still cannot sign in.
    const rejected = await admin.post(`/api/admin/reject-user/${first.body.user.id}`, {});
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Admin decision' });
    expect(
      (await new Client(api.url).post('/api/auth/login', { identifier: 'twice@example.in', password: 'Strong#Pass1' }))
        .status,
    ).toBe(401);
  });

  it('answers a registration with a registered mobile number like a fresh one and tells both people by e-mail', async () => {
    // Prepare: the demo driver holds +91 98000 00004
    const client = new Client(api.url);
    ip++;
    const documents = [
      { documentType: 'driving_license', uploadId: await upload(client, 'driving_license', PDF) },
      { documentType: 'aadhar_card', uploadId: await upload(client, 'aadhar_card', PDF) },
    ];
    // Act
    const res = await client.post(
      '/api/auth/register',
      {
        userData: base('new.phone@example.in', { phoneNumber: '98000 00004' }),
        variant: { driverLicense: 'X', aadharCard: '123456789012' },
        documents,
      },
      { localAddress: `127.0.20.${ip}` },
    );
    // Assess
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Your account has been created and is pending verification.',
      requiresEmailVerification: true,
      user: { status: 'pending' },
    });
    expect(
      (await admin.get('/api/auth/users')).body.some((u: { email: string }) => u.email === 'new.phone@example.in'),
    ).toBe(false);
    expect(await pendingObjects()).toBe(0);
    const outbox = await localOutbox();
    expect(outbox.find((m) => m.to === 'new.phone@example.in')?.body).toMatch(
      /could not be completed: the mobile number you entered belongs to another account/,
    );
    expect(outbox.find((m) => m.to === 'driver@demo.docksaathi.in')?.body).toMatch(
      /^Someone tried to create a new DockSaathi account with your mobile number/,
    );
  });

  it.each([
    [
      'has no cross-reference pointer or end marker',
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20)]),
    ],
    [
      'carries a web page after its header',
      pdfWith('<html><body><script>alert(document.cookie)</script></body></html>'),
    ],
    [
      'carries a ZIP archive after its header',
      pdfWith(Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 7)])),
    ],
  ])('refuses a PDF that %s, keeping none of the uploads and no account', async (_, bytes) => {
    // Prepare
    const client = new Client(api.url);
    ip++;
    const documents = [
      { documentType: 'driving_license', uploadId: await upload(client, 'driving_license', PDF) },
      { documentType: 'aadhar_card', uploadId: await upload(client, 'aadhar_card', bytes) },
    ];
    // Act
    const res = await client.post(
      '/api/auth/register',
      {
        userData: base(`polyglot${ip}@example.in`, { phoneNumber: '' }),
        variant: { driverLicense: 'X1', aadharCard: '123456789012' },
        documents,
      },
      { localAddress: `127.0.20.${ip}` },
    );
    // Assess
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      message:
        'The Aadhar Card PDF is damaged or carries other content (a web page or an archive). Please upload the original PDF document.',
      errors: { aadhar_card: 'Invalid File Type' },
    });
    expect(await pendingObjects()).toBe(0);
    expect(
      (await admin.get('/api/auth/users')).body.some((u: { email: string }) => u.email === `polyglot${ip}@example.in`),
    ).toBe(false);
  });
});
