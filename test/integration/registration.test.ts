// Registration end to end against s3rver and DynamoDB Local: presigned uploads, the server's own
// check of each document's bytes, pending accounts, admin approval and sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Client, startTestApi, type TestApi } from '../support/api';
import { s3 } from '../../functions/lib/aws';
import { localOutbox } from '../../functions/lib/messaging';
import { REQUIRED_DOCUMENTS } from '../../shared/contracts/registration';

let api: TestApi;
let admin: Client;

beforeAll(async () => {
  api = await startTestApi();
  admin = new Client(api.url);
  await admin.signIn('admin');
});
afterAll(() => api.close());

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1000, 0x90)]);

let ip = 10;
/** Asks for a presigned POST and uploads the bytes to it as the browser would. */
async function upload(client: Client, documentType: string, bytes: Buffer, contentType = 'application/pdf') {
  // A client that lies about the size is caught by the server's own check after the upload.
  const declared = Math.min(bytes.length, 1024);
  const res = await client.post('/api/auth/register/uploads', { documentType, fileName: `${documentType}.pdf`, contentType, size: declared }, { localAddress: `127.0.20.${ip}` });
  expect(res.status).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(res.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  const put = await fetch(res.body.url, { method: 'POST', body: form });
  expect([200, 201, 204]).toContain(put.status);
  return res.body.uploadId as string;
}

const base = (email: string, over: Record<string, unknown> = {}) => ({ email, firstName: 'Kiran', lastName: 'Rao', phoneNumber: '+91 98450 99999', password: 'Strong#Pass1', userType: 'external_user', role: 'driver', userCategory: 'external_user', ...over });

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
    const res = await client.post('/api/auth/register', { userData: base('kiran.rao@example.in'), variant: { driverLicense: 'KA0320200012345', aadharCard: '1234 5678 9012', vehicleNumber: 'KA03AB1234', vehicleType: 'Truck' }, documents }, { localAddress: `127.0.20.${ip}` });
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
    expect(applicant).toMatchObject({ isVerified: false, userType: 'external_user', vehicleNumber: 'KA03AB1234', documents: [expect.objectContaining({ documentType: 'driving_license', contentType: 'application/pdf' }), expect.objectContaining({ documentType: 'aadhar_card', contentType: 'image/png' })] });
    const doc = await admin.get(`/api/admin/users/${applicant.id}/documents/driving_license`);
    expect(doc.status).toBe(200);
    const file = await fetch(doc.body.url);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');

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
    const res = await client.post('/api/auth/register', { userData: base('missing@example.in', { userType: 'internal_user', role: 'vendor_supplier', userCategory: 'internal_user' }), variant: { companyName: 'Acme Traders', gstin: '27AAACA1234A1Z5' }, documents: [{ documentType: 'gst_certificate', uploadId: await upload(client, 'gst_certificate', PDF) }] }, { localAddress: `127.0.20.${ip}` });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Please upload: ${REQUIRED_DOCUMENTS.internal_user.filter((d) => d.type !== 'gst_certificate').map((d) => d.label).join(', ')}`);
    expect((await admin.get('/api/auth/users')).body.some((u: { email: string }) => u.email === 'missing@example.in')).toBe(false);
    expect(await pendingObjects()).toBe(0);
  });

  it('refuses a .pdf that is really an executable, and removes it', async () => {
    const client = new Client(api.url);
    ip++;
    const documents = [
      { documentType: 'driving_license', uploadId: await upload(client, 'driving_license', EXE) },
      { documentType: 'aadhar_card', uploadId: await upload(client, 'aadhar_card', PDF) },
    ];
    const res = await client.post('/api/auth/register', { userData: base('exe@example.in'), variant: { driverLicense: 'X1', aadharCard: '123456789012' }, documents }, { localAddress: `127.0.20.${ip}` });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Only PDF, PNG, and JPEG files are allowed');
    expect(await pendingObjects()).toBe(0);
    expect((await admin.get('/api/auth/users')).body.some((u: { email: string }) => u.email === 'exe@example.in')).toBe(false);
  });

  it('refuses a 6 MB file before and after upload', async () => {
    const client = new Client(api.url);
    ip++;
    const asked = await client.post('/api/auth/register/uploads', { documentType: 'aadhar_card', fileName: 'big.pdf', contentType: 'application/pdf', size: 6 * 1024 * 1024 }, { localAddress: `127.0.20.${ip}` });
    expect(asked.status).toBe(400);
    expect(asked.body.errors.size).toBe('File size must be less than 5MB');
    // The local S3 does not enforce the policy's size range; the server's own check does.
    const big = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const id = await upload(client, 'aadhar_card', big);
    const res = await client.post('/api/auth/register', { userData: base('big@example.in'), variant: { driverLicense: 'X1', aadharCard: '123456789012' }, documents: [{ documentType: 'driving_license', uploadId: await upload(client, 'driving_license', PDF) }, { documentType: 'aadhar_card', uploadId: id }] }, { localAddress: `127.0.20.${ip}` });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File size must be less than 5MB');
  });

  it.each([
    [{ userData: base('bad'), variant: {}, documents: [] }, 'userData.email', 'Please enter a valid email address'],
    [{ userData: base('a@b.in', { firstName: '' }), variant: {}, documents: [] }, 'userData.firstName', 'First name is required'],
    [{ userData: base('a@b.in', { password: 'short' }), variant: {}, documents: [] }, 'userData.password', 'Password must be at least 8 characters'],
    [{ userData: base('a@b.in', { role: 'admin' }), variant: {}, documents: [] }, 'userData.role', 'Role must be one of driver, truck_owner, transporter_company, freight_forwarder'],
    [{ userData: base('a@b.in'), variant: { driverLicense: 'X', aadharCard: '1234' }, documents: [] }, 'aadharCard', 'Aadhar number must be at least 12 digits'],
    [{ userData: base('a@b.in', { userType: 'internal_user', role: 'tenant_admin', userCategory: 'internal_user' }), variant: { companyName: 'A', gstin: 'SHORT' }, documents: [] }, 'gstin', 'GSTIN must be at least 15 characters'],
    [{ userData: base('a@b.in', { userType: 'dockyard_employee', role: 'yard_manager', userCategory: 'dockyard_employee' }), variant: { employeeId: '', corporateEmail: 'x' }, documents: [] }, 'employeeId', 'Employee ID is required'],
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
    const created = await client.post('/api/auth/register', { userData: base('race@example.in', { phoneNumber: '' }), variant: { driverLicense: 'X', aadharCard: '123456789012' }, documents }, { localAddress: `127.0.20.${ip}` });
    const id = created.body.user.id;
    const [approved, rejected] = await Promise.all([admin.post(`/api/admin/approve-user/${id}`), admin.post(`/api/admin/reject-user/${id}`, {})]);
    expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
    const decided = (await admin.get('/api/auth/users')).body.find((u: { id: string }) => u.id === id);
    expect(decided.status).toBe(approved.status === 200 ? 'active' : 'rejected');
  });

  it('refuses a duplicate email with 409 and rejects with the default reason', async () => {
    const client = new Client(api.url);
    ip++;
    const docs = async () => [
      { documentType: 'driving_license', uploadId: await upload(client, 'driving_license', PDF) },
      { documentType: 'aadhar_card', uploadId: await upload(client, 'aadhar_card', PDF) },
    ];
    const first = await client.post('/api/auth/register', { userData: base('twice@example.in', { phoneNumber: '' }), variant: { driverLicense: 'X', aadharCard: '123456789012' }, documents: await docs() }, { localAddress: `127.0.20.${ip}` });
    expect(first.status).toBe(201);
    const again = await client.post('/api/auth/register', { userData: base('twice@example.in', { phoneNumber: '' }), variant: { driverLicense: 'X', aadharCard: '123456789012' }, documents: await docs() }, { localAddress: `127.0.20.${ip}` });
    expect(again.status).toBe(409);
    expect(await pendingObjects()).toBe(0);
    const rejected = await admin.post(`/api/admin/reject-user/${first.body.user.id}`, {});
    expect(rejected.body).toMatchObject({ status: 'rejected', rejectionReason: 'Admin decision' });
    expect((await new Client(api.url).post('/api/auth/login', { identifier: 'twice@example.in', password: 'Strong#Pass1' })).status).toBe(401);
  });
});
