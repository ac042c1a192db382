// The local outbox as a newcomer meets it: with `npm start`, the e-mail verification code of a new
// registration is printed to the console and listed at GET /api/dev/outbox (local emulator only), so
// "Verify email" can be finished without log flags; tests stay silent.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { ROUTES } from '../../shared/routes';

let api: TestApi;
let local: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  api = await startTestApi();
  // A second emulator on the same table, started the way the local stack starts it.
  const { startApiServer } = await import('../../functions/local/api-emulator');
  local = await startApiServer({ port: 0, devOutbox: true });
});
afterAll(async () => {
  await local.close();
  await api.close();
});
afterEach(async () => {
  const { onLocalMessage } = await import('../../functions/messaging');
  onLocalMessage(undefined);
  vi.restoreAllMocks();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);
let ip = 40;

/** Registers an external user with its two documents, as the registration form does. */
async function register(client: Client, email: string, phone: string) {
  ip++;
  const documents = [];
  for (const documentType of ['driving_license', 'aadhar_card']) {
    const res = await client.post(
      '/api/auth/register/uploads',
      { documentType, fileName: `${documentType}.png`, contentType: 'image/png', size: PNG.length },
      { localAddress: `127.0.30.${ip}` },
    );
    expect(res.status).toBe(201);
    const form = new FormData();
    for (const [k, v] of Object.entries(res.body.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }));
    expect([200, 201, 204]).toContain((await fetch(res.body.url, { method: 'POST', body: form })).status);
    documents.push({ documentType, uploadId: res.body.uploadId });
  }
  const userData = {
    email,
    firstName: 'Naya',
    lastName: 'Sadasya',
    phoneNumber: phone,
    password: 'Strong#Pass1',
    userType: 'external_user',
    role: 'driver',
    userCategory: 'external_user',
  };
  const res = await client.post(
    '/api/auth/register',
    {
      userData,
      variant: {
        driverLicense: 'MH1220200012345',
        aadharCard: '1234 5678 9012',
        vehicleNumber: 'MH12AB1234',
        vehicleType: 'Truck',
      },
      documents,
    },
    { localAddress: `127.0.30.${ip}` },
  );
  expect(res.status, res.text).toBe(201);
}

describe('local outbox', () => {
  it('prints the verification e-mail on the local console and lists it at /api/dev/outbox, so the code can be verified', async () => {
    // Prepare: the local stack's console.
    const { printOutgoingMessages } = await import('../../functions/local/outbox');
    const printed: string[] = [];
    printOutgoingMessages((line) => printed.push(line));
    const client = new Client(local.url);
    // Act
    await register(client, 'naya.sadasya@example.in', '+91 98450 77777');
    const outbox = await client.get('/api/dev/outbox');
    // Assess
    expect(outbox.status).toBe(200);
    const mail = outbox.body.find((m: { to: string }) => m.to === 'naya.sadasya@example.in');
    expect(mail).toMatchObject({ channel: 'email', subject: expect.stringContaining('verify your email') });
    expect(mail).not.toHaveProperty('PK');
    const code = /verification code is (\d{6})/.exec(mail.body)![1]!;
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('EMAIL to naya.sadasya@example.in');
    expect(printed[0]).toContain(`verification code is ${code}`);
    const verified = await client.post('/api/auth/verify-email', { email: 'naya.sadasya@example.in', code });
    expect(verified.status, verified.text).toBe(200);
  });

  it('lists the newest sent to one address with ?to=, however many went to others since', async () => {
    // Prepare: one e-mail to the address, then 60 to others (a broadcast beside a journey).
    const { putOutboxMessage } = await import('../../functions/messaging/outbox.store');
    const at = (i: number) => new Date(Date.UTC(2026, 11, 6, 9, 0, i)).toISOString();
    await putOutboxMessage(
      { channel: 'email', to: 'ek.hi@example.in', body: 'Pehla sandesh', sentAt: at(0) },
      new Date(),
    );
    for (let i = 1; i <= 60; i++)
      await putOutboxMessage(
        { channel: 'sms', to: `+9198450${String(i).padStart(5, '0')}`, body: 'Broadcast', sentAt: at(i) },
        new Date(),
      );
    const client = new Client(local.url);
    // Act
    const newest = await client.get('/api/dev/outbox');
    const toOne = await client.get('/api/dev/outbox?to=ek.hi%40example.in');
    const toNobody = await client.get('/api/dev/outbox?to=%2B919999999999');
    // Assess
    expect(newest.body).toHaveLength(50);
    expect(newest.body.some((m: { to: string }) => m.to === 'ek.hi@example.in')).toBe(false);
    expect(toOne.body).toEqual([
      { channel: 'email', to: 'ek.hi@example.in', subject: null, body: 'Pehla sandesh', sentAt: at(0) },
    ]);
    expect(toNobody.body).toEqual([]);
  });

  it('stays silent in tests and exists only in the local emulator, never in the route table', async () => {
    // Prepare
    const log = vi.spyOn(console, 'log');
    const write = vi.spyOn(process.stdout, 'write');
    // Act
    await register(new Client(api.url), 'chup.chaap@example.in', '+91 98450 66666');
    const onTestApi = await new Client(api.url).get('/api/dev/outbox');
    // Assess
    expect(log.mock.calls.flat().join(' ')).not.toContain('chup.chaap@example.in');
    expect(write.mock.calls.map((c) => String(c[0])).join('')).not.toContain('chup.chaap@example.in');
    expect(onTestApi.status).toBe(404);
    expect(ROUTES.some((r) => r.path.startsWith('/api/dev'))).toBe(false);
  });
});
