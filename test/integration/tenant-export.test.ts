// A tenant takes its data with it (issue #36). Two organisations with data of their own: tenant A's
// admin asks for the whole-data export (asked twice while it runs: the same export), polls its
// progress to done, and downloads a .tar.gz (read here with the system's tar) holding JSON Lines and
// CSV for every record type of A, listed by hand, and A's files, with no id or text of B; the link
// is valid 24 hours from the end. Closing: the name must be typed, a closed tenant refuses its
// staff's sign-in with the closing text, the admin reopens within the grace, and once the grace has
// passed the closing worker leaves no item and no file of the tenant (a Scan in this test only).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { Client, startTestApi, type TestApi } from '../support/api';
import { invitationTokenSentTo, nextAddress, signUpOrganisation, type Organisation } from '../support/tenancy';
import { waitFor } from '../support/wait-for';
import { ddb, s3 } from '../../functions/lib/aws';
import { config } from '../../functions/lib/config';
import { tenantExport } from '../../functions/privacy/export';
import { eraseClosedTenants } from '../../functions/tenancy/closing';

let api: TestApi;
let a: Organisation;
let b: Organisation;
let staffEmail: string;
const tag = `${Date.now()}`;
const names = { carrierA: `Alpha Freight ${tag}`, carrierB: `Bravo Roadlines ${tag}` };
const files = { a: '', b: '' };

beforeAll(async () => {
  api = await startTestApi({ workers: ['privacy-tenant-export'] });
  // One after the other: each sign-in hashes a password, which a loaded machine does slowly.
  a = await signUpOrganisation(api.url);
  b = await signUpOrganisation(api.url);
  // Data of each: a carrier, a retention policy (A only), a check-in photo, and in A a second member of staff.
  expect((await a.admin.post('/api/carriers', carrier(names.carrierA))).status).toBe(201);
  expect((await b.admin.post('/api/carriers', carrier(names.carrierB))).status).toBe(201);
  const policy = {
    checkinPhotos: 10,
    licenceImages: 20,
    messageBodies: 5,
    fastagCrossings: 24,
    closedAppointments: 30,
  };
  expect((await a.admin.request('PUT', '/api/privacy/retention', { body: policy })).status).toBe(200);
  files.a = `checkin-photos/${a.tenantId}/c-1/arrival.jpg`;
  files.b = `checkin-photos/${b.tenantId}/c-2/arrival.jpg`;
  await putObject(files.a, 'photo of A');
  await putObject(files.b, 'photo of B');
  staffEmail = `ops.${tag}@example.in`;
  expect((await a.admin.post('/api/invitations', { email: staffEmail, role: 'operations' })).status).toBe(201);
  const token = await invitationTokenSentTo(staffEmail);
  const accepted = await new Client(api.url).post(
    '/api/invitations/accept',
    { token, firstName: 'Ravi', lastName: 'Menon', password: 'Docks2026!' },
    { localAddress: nextAddress() },
  );
  expect(accepted.status, accepted.text).toBe(200);
}, 180_000);
afterAll(async () => api?.close());

let exportId: string;
let finishedAt: string;

describe("the tenant's export", () => {
  it('is asked once: asked again while it runs, the same export answers', async () => {
    // Two asks at once (a double click, two admins): one export starts (202), the other is answered with it.
    const asks = await Promise.all([
      a.admin.post('/api/privacy/tenant-exports', {}),
      a.admin.post('/api/privacy/tenant-exports', {}),
    ]);
    expect(asks.map((r) => r.status).sort()).toEqual([200, 202]);
    expect(asks[0].body.id).toBe(asks[1].body.id);
    expect(asks[0].body).toMatchObject({ status: 'running', downloadUrl: null });
    exportId = asks[0].body.id;
    expect((await a.admin.get('/api/privacy/tenant-exports')).body.map((e: { id: string }) => e.id)).toEqual([
      exportId,
    ]);
  });

  it('shows progress to done, and its archive holds every record type of A and nothing of B', async () => {
    const done = await waitFor(
      async () => (await a.admin.get(`/api/privacy/tenant-exports/${exportId}`)).body,
      (e) => e.status === 'done',
      'the export to be done',
      60_000,
    );
    expect(done.recordsDone).toBe(done.recordsTotal);
    expect(done.typesDone).toHaveLength(done.typesTotal);
    expect(done.filesDone).toBe(1);
    expect(done.downloadUrl).toMatch(/^http/);
    finishedAt = done.finishedAt;

    const download = await fetch(done.downloadUrl);
    expect(download.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'tenant-export-'));
    writeFileSync(join(dir, 'export.tar.gz'), Buffer.from(await download.arrayBuffer()));
    execFileSync('tar', ['-xzf', 'export.tar.gz'], { cwd: dir });

    // Every record type A's actions wrote, by hand: sign-up (the tenant, its admin and login aliases,
    // the facility with its doors and public link), the carrier, the retention policy, the invitation and
    // the member it made, the audit trail, the export itself and its line in the access log.
    const types = readdirSync(join(dir, 'records'))
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => f.replace(/\.jsonl$/, ''));
    expect(types.sort()).toEqual(
      [
        'tenant',
        'user',
        'login',
        'facility',
        'dock-door',
        'facility-link',
        'carrier',
        'retention-policy',
        'invitation',
        'audit',
        'tenant-export',
        'privacy-access',
      ].sort(),
    );
    for (const type of types) expect(readdirSync(join(dir, 'records')), type).toContain(`${type}.csv`);

    const everything = types.map((t) => readFileSync(join(dir, 'records', `${t}.jsonl`), 'utf8')).join('\n');
    expect(everything).toContain(names.carrierA);
    expect(everything).toContain(a.tenantId);
    expect(everything).not.toContain(names.carrierB);
    expect(everything).not.toContain(b.tenantId);
    expect(everything).not.toContain(b.body.email);
    // Sign-in secrets are left out (the audit trail keeps only its own redaction mark).
    expect(everything).not.toMatch(/"passwordHash":"(?!\[redacted\])/);
    expect(everything).not.toContain('tokenHash');
    const csv = readFileSync(join(dir, 'records', 'carrier.csv'), 'utf8');
    expect(csv.split('\r\n')[0]).toContain('name');
    expect(csv).toContain(names.carrierA);

    expect(readFileSync(join(dir, 'files', files.a), 'utf8')).toBe('photo of A');
    expect(() => readFileSync(join(dir, 'files', files.b))).toThrow();
  });

  it('offers its download for 24 hours from its end, each link handed out in the access log', async () => {
    const user = (await a.admin.get('/api/auth/user')).body;
    const atEnd = await tenantExport(user, exportId, new Date(finishedAt));
    expect(new URL(atEnd.downloadUrl!).searchParams.get('X-Amz-Expires')).toBe('86400');
    expect(atEnd.downloadUntil).toBe(new Date(Date.parse(finishedAt) + 24 * 3600_000).toISOString());
    const expired = await tenantExport(user, exportId, new Date(Date.parse(finishedAt) + 24 * 3600_000));
    expect(expired).toMatchObject({ status: 'done', downloadUrl: null, downloadUntil: null });

    const log = await a.admin.get('/api/privacy/access-log');
    const actions = log.body.map((l: { action: string }) => l.action);
    expect(actions).toContain('tenant-exported');
    expect(actions).toContain('tenant-export-downloaded');
    expect((await b.admin.get('/api/privacy/access-log')).body).toEqual([]);
    // Another tenant's admin cannot read A's export.
    expect((await b.admin.get(`/api/privacy/tenant-exports/${exportId}`)).status).toBe(404);
  });
});

describe('closing the tenant', () => {
  it('needs the name typed as shown; then refuses the staff sign-in and lets the admin reopen', async () => {
    const wrong = await a.admin.post('/api/tenancy/close', { tenantName: 'Some other hub' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.tenantName).toBe('Type the organisation name exactly as shown to confirm');
    expect((await a.admin.get('/api/tenancy/closing')).body).toEqual({ closedAt: null, erasesAt: null });

    const closed = await a.admin.post('/api/tenancy/close', { tenantName: a.body.companyName });
    expect(closed.status, closed.text).toBe(200);
    const closedAt = Date.parse(closed.body.closedAt);
    expect(Date.parse(closed.body.erasesAt) - closedAt).toBe(30 * 86_400_000);

    const staff = await new Client(api.url).post('/api/auth/login', { identifier: staffEmail, password: 'Docks2026!' });
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe(
      'This organisation is closed. Its administrator can reopen it until its data is erased.',
    );
    const hindi = await new Client(api.url).post(
      '/api/auth/login',
      { identifier: staffEmail, password: 'Docks2026!' },
      { headers: { 'accept-language': 'hi' } },
    );
    expect(hindi.body.message).toBe('यह संगठन बंद है। इसका डेटा मिटाए जाने तक इसका व्यवस्थापक इसे फिर से खोल सकता है।');
    // While closed, nothing changes but reopening (and the export).
    expect((await a.admin.post('/api/carriers', carrier(`Late ${tag}`))).status).toBe(402);
    // The other tenant is not touched.
    expect((await b.admin.get('/api/tenancy/closing')).body.closedAt).toBeNull();

    const reopened = await a.admin.post('/api/tenancy/reopen', {});
    expect(reopened.status, reopened.text).toBe(200);
    expect(
      (await new Client(api.url).post('/api/auth/login', { identifier: staffEmail, password: 'Docks2026!' })).status,
    ).toBe(200);
  });

  it('erases every item and file of the tenant once the grace has passed, and nothing of another', async () => {
    const closed = await a.admin.post('/api/tenancy/close', { tenantName: a.body.companyName });
    expect(closed.status).toBe(200);
    const closedAt = Date.parse(closed.body.closedAt);

    // One millisecond before the 30 days are up: nothing is erased.
    expect(await eraseClosedTenants(new Date(closedAt + 30 * 86_400_000 - 1))).toEqual([]);
    expect(await itemsOf(a.tenantId)).not.toHaveLength(0);

    const erased = await eraseClosedTenants(new Date(closedAt + 30 * 86_400_000));
    expect(erased.map((e) => e.tenantId)).toEqual([a.tenantId]);
    // What stays is the erasure's own report, named by the tenant's id only.
    const left = await itemsOf(a.tenantId);
    expect(left).toEqual([
      expect.objectContaining({ PK: 'ERASED-TENANTS', SK: a.tenantId, entity: 'erased-tenant-report', objects: 2 }),
    ]);
    expect(Object.keys(left[0]!).sort()).toEqual(
      ['PK', 'SK', 'closedAt', 'entity', 'erasedAt', 'items', 'objects'].sort(),
    );
    expect(await exists(files.a)).toBe(false);
    expect(await exists(`exports/${a.tenantId}/${exportId}.tar.gz`)).toBe(false);
    expect(await itemsOf(b.tenantId)).not.toHaveLength(0);
    expect(await exists(files.b)).toBe(true);
    expect((await b.admin.get('/api/carriers')).body.map((c: { name: string }) => c.name)).toContain(names.carrierB);
    const gone = await new Client(api.url).post('/api/auth/login', { identifier: staffEmail, password: 'Docks2026!' });
    expect(gone.status).toBe(401);
  });
});

const carrier = (name: string) => ({ name, contactPhone: '9823456710', serviceTypes: ['FTL'] });

const putObject = (key: string, body: string) =>
  s3().send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, Body: body, ContentType: 'image/jpeg' }));

const exists = (key: string) =>
  s3()
    .send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }))
    .then(() => true)
    .catch(() => false);

/** Every item that names the tenant anywhere in its keys or attributes (a Scan, in this test only). */
async function itemsOf(tenantId: string): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb().send(new ScanCommand({ TableName: config.tableName, ExclusiveStartKey: start }));
    found.push(...(res.Items ?? []).filter((item) => JSON.stringify(item).includes(tenantId)));
    start = res.LastEvaluatedKey;
  } while (start);
  return found;
}
