// S3's faults (issue #55), injected by the local stack's switch (functions/local/faults.ts) at the
// product's S3 client, on the real local HTTP path of a registration with documents: a call S3
// answered SlowDown once is retried by the SDK; when S3 keeps failing, the applicant is told the
// service is busy (503), no account is made, and their uploads stay for the retry that then succeeds
// (not "please upload again": the documents were never missing).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { useFaults, type Faults } from '../support/faults';
import { PDF, uploadDocument } from '../support/uploads';

let api: TestApi;
let admin: Client;
let faults: Faults;

beforeAll(async () => {
  api = await startTestApi();
  faults = await useFaults();
  admin = new Client(api.url);
  await admin.signIn('admin');
});
afterEach(() => faults.off());
afterAll(() => api?.close());

const BUSY = 'The service is busy right now. Please try again in a few seconds.';

let ip = 60;
/** A driver's registration with both documents uploaded (faults off while uploading). */
async function application(email: string, phoneNumber: string) {
  const client = new Client(api.url);
  const from = `127.0.21.${++ip}`;
  const documents = [
    {
      documentType: 'driving_license',
      uploadId: await uploadDocument(client, 'driving_license', PDF, 'application/pdf', from),
    },
    {
      documentType: 'aadhar_card',
      uploadId: await uploadDocument(client, 'aadhar_card', PDF, 'application/pdf', from),
    },
  ];
  const body = {
    userData: {
      email,
      firstName: 'Meena',
      lastName: 'Kulkarni',
      phoneNumber,
      password: 'Strong#Pass1',
      userType: 'external_user',
      role: 'driver',
      userCategory: 'external_user',
    },
    variant: {
      driverLicense: 'MH1220210012345',
      aadharCard: '2345 6789 0123',
      vehicleNumber: 'MH12S30001',
      vehicleType: 'Truck',
    },
    documents,
  };
  return { register: () => client.post('/api/auth/register', body, { localAddress: from }) };
}

const pendingApplicants = async () =>
  ((await admin.get('/api/admin/pending-registrations')).body as { email: string }[]).map((u) => u.email);

describe('S3 faults at the SDK client', () => {
  it('a document check S3 answered SlowDown once is retried: the applicant is registered', async () => {
    const { register } = await application('meena.k1@example.in', '+91 98450 77771');
    faults.on({ 's3.throttle': 1 }, { 's3.throttle': 1 });
    const res = await register();
    expect(faults.injected()).toEqual({ 's3.throttle': 1 });
    expect(res.status, res.text).toBe(201);
    expect(await pendingApplicants()).toContain('meena.k1@example.in');
  });

  it('when S3 keeps failing the applicant is told it is busy and nothing is made; the same application then goes through', async () => {
    // Prepare
    const { register } = await application('meena.k2@example.in', '+91 98450 77772');
    faults.on({ 's3.error': 1 });
    // Act
    const refused = await register();
    faults.off();
    // Assess: busy, no account, and the uploads are still there for the retry.
    expect(refused.status, refused.text).toBe(503);
    expect(refused.body).toEqual({ message: BUSY });
    expect(await pendingApplicants()).not.toContain('meena.k2@example.in');
    const again = await register();
    expect(again.status, again.text).toBe(201);
    expect(await pendingApplicants()).toContain('meena.k2@example.in');
  });

  it('the uploads of an application S3 answered busy stay for its retry, also when S3 could delete them', async () => {
    // Prepare: only the document checks fail (every attempt of both); deletes would go through.
    const { register } = await application('meena.k3@example.in', '+91 98450 77773');
    faults.on({ 's3.error': 1 }, { 's3.error': 6 });
    // Act
    const refused = await register();
    faults.off();
    const again = await register();
    // Assess
    expect(refused.status, refused.text).toBe(503);
    expect(again.status, again.text).toBe(201);
    expect(await pendingApplicants()).toContain('meena.k3@example.in');
  });
});
