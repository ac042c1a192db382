// The small ones of issue #52.11, through the local HTTP path, from the attacker's side: an integration
// URL at an IPv6 transition address that carries a private IPv4 (6to4, Teredo, local-use NAT64,
// IPv4-compatible) is refused like the private address itself; an attacker rotating through the
// addresses of one IPv6 /64 is one client to the rate limits; and two tenants' idempotency records
// land in two partitions of the table, the tenant's own.
import dns from 'node:dns';
import { randomInt, randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { day } from '../support/appointments';
import { loopbackOnly } from '../support/loopback-only';
import { nextAddress, signUpOrganisation } from '../support/tenancy';
import { ddb } from '../../functions/lib/aws';
import { DEMO_TENANT_ID } from '../../functions/local/demo-ids';
import { awayFromWindowEnd, WITH_WINDOW_WAIT_MS } from '../support/windows';
import { SIGN_IN_CODE } from '../../functions/auth/sign-in-code';

let api: TestApi;
let admin: Client;
let ops: Client;

beforeAll(async () => {
  api = await startTestApi();
  admin = new Client(api.url);
  await admin.signIn('admin');
  ops = new Client(api.url);
  await ops.signIn('operations');
}, 180_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await api?.close();
});

describe('the outbound port and IPv6 transition addresses', () => {
  let net: ReturnType<typeof loopbackOnly>;
  beforeAll(() => {
    net = loopbackOnly();
    process.env.OUTBOUND_ALLOW_ADDRESSES = '';
    const real = dns.lookup;
    vi.spyOn(dns, 'lookup').mockImplementation(((
      name: string,
      options: dns.LookupAllOptions,
      callback: (e: null, a: dns.LookupAddress[]) => void,
    ) => {
      // A name whose only address is 6to4 for 10.0.0.8.
      if (name === 'tms.sixtofour.example') return callback(null, [{ address: '2002:a00:8::1', family: 6 }]);
      return (real as (...a: unknown[]) => void)(name, options, callback);
    }) as never);
  });
  afterAll(() => net?.restore());

  const save = (baseUrl: string, name: string) =>
    admin.post('/api/integrations/systems', {
      name,
      systemType: 'TMS',
      baseUrl,
      authType: 'API_KEY',
      authConfig: { apiKey: 'k-123456789012' },
    });

  // The URL as typed, and the address the answer names (the URL's own written form of it).
  it.each([
    ['6to4 of 127.0.0.1', '[2002:7f00:1::1]', '2002:7f00:1::1'],
    ['6to4 of 10.0.0.8', '[2002:a00:8::]', '2002:a00:8::'],
    ['Teredo with server 127.0.0.1', '[2001:0:7f00:1::1]', '2001:0:7f00:1::1'],
    ['Teredo with server 10.0.0.8', '[2001:0:a00:8:0:0:f5ff:fffe]', '2001:0:a00:8::f5ff:fffe'],
    ['local-use NAT64 of 10.0.0.1', '[64:ff9b:1::a00:1]', '64:ff9b:1::a00:1'],
    ['IPv4-compatible 127.0.0.1', '[::127.0.0.1]', '::7f00:1'],
    ['IPv4-compatible 10.0.0.1', '[::a00:1]', '::a00:1'],
  ])('refuses a system URL at %s, and saves nothing', async (label, host, shown) => {
    const name = `Evil ${label} ${randomUUID().slice(0, 6)}`;
    const res = await save(`http://${host}:8080/api`, name);
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe(`Refused: ${shown} is a private, loopback or link-local address`);
    expect(res.body.errors).toEqual({ baseUrl: res.body.message });
    const systems = await admin.get('/api/integrations/systems');
    expect(systems.body.map((s: { name: string }) => s.name)).not.toContain(name);
    expect(net.refused).toEqual([]);
  });

  it('refuses a name that resolves to 6to4 of a private address, in Hindi too', async () => {
    const res = await admin.post(
      '/api/integrations/systems',
      {
        name: `Evil name ${randomUUID().slice(0, 6)}`,
        systemType: 'TMS',
        baseUrl: 'https://tms.sixtofour.example/api',
        authType: 'API_KEY',
        authConfig: { apiKey: 'k-123456789012' },
      },
      { headers: { 'accept-language': 'hi' } },
    );
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors?.baseUrl).toBe('अस्वीकार: tms.sixtofour.example एक निजी, लूपबैक या लिंक-लोकल पते पर जाता है');
  });
});

describe('rate limits count an IPv6 client by its /64', () => {
  const SECRET = 'origin-secret-for-the-test';
  beforeAll(() => {
    process.env.ORIGIN_VERIFY_SECRET = SECRET;
  });
  afterAll(() => {
    delete process.env.ORIGIN_VERIFY_SECRET;
  });
  const mobile = () => `9${String(randomInt(100_000_000, 999_999_999))}`;
  // As CloudFront forwards a viewer: its address, with the proof that CloudFront forwarded it.
  const askFrom = (viewer: string) =>
    new Client(api.url).post(
      '/api/auth/mobile-code',
      { phoneNumber: mobile() },
      { headers: { 'x-viewer-address': viewer, 'x-origin-verify': SECRET } },
    );

  it(
    'limits an attacker rotating addresses inside one /64 as one client, and not the next /64',
    async () => {
      // Act: eleven requests for codes, each from another address of 2001:db8:52:1::/64 (limit 10 per 15 minutes).
      await awayFromWindowEnd(SIGN_IN_CODE.perAddress);
      const statuses = [];
      for (let i = 1; i <= 11; i++) statuses.push((await askFrom(`2001:db8:52:1:${i.toString(16)}::${i}`)).status);
      // Assess
      expect(statuses).toEqual([...Array(10).fill(200), 429]);
      const again = await askFrom('2001:db8:52:1:ffff:ffff:ffff:fffe');
      expect(again.status).toBe(429);
      expect(again.body.message).toBe('Too many codes were requested for this number. Please try again later.');
      // A neighbour in the next /64 is another client.
      expect((await askFrom('2001:db8:52:2::1')).status).toBe(200);
    },
    WITH_WINDOW_WAIT_MS,
  );
});

describe('idempotency records per tenant', () => {
  const guest = (link: string, slotId: string) => ({
    ownerType: 'Driver',
    vehicleNumber: 'MH15GA2901',
    vehicleType: 'Truck',
    capacityTons: 7.5,
    driverName: 'Sunita Pawar',
    driverLicense: 'MH1520190033333',
    mobileNumber: `+91 98${String(randomInt(0, 1e8)).padStart(8, '0')}`,
    expectedArrivalDate: new Date().toISOString(),
    slotId,
    facility: link,
  });
  const recordsIn = async (pk: string) =>
    (
      await ddb().send(
        new QueryCommand({
          TableName: api.tableName,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ConsistentRead: true,
        }),
      )
    ).Items ?? [];

  it("puts two tenants' records, under one client key, each in its tenant's partition", async () => {
    // Prepare: a facility of the demo tenant and a new tenant's, each with its booking link.
    const created = await ops.post('/api/facilities', {
      name: `Idem Hub ${randomUUID().slice(0, 6)}`,
      address: 'Plot 7, MIDC Ambad',
      city: 'Nashik',
      state: 'Maharashtra',
      zipCode: '422010',
      operatingHoursStart: '08:00',
      operatingHoursEnd: '18:00',
      timeZone: 'Asia/Kolkata',
      slotMinutes: 60,
      slotCapacity: 2,
    });
    expect(created.status, created.text).toBe(201);
    const demoLink = (await ops.get(`/api/facilities/${created.body.id}/link`)).body.token as string;
    const org = await signUpOrganisation(api.url);
    const orgLink = (await org.admin.get(`/api/facilities/${org.facilityId}/link`)).body.token as string;
    const headers = { 'idempotency-key': `same-key-${randomUUID()}` };
    // Act: one guest booking at each, with the same Idempotency-Key.
    const atDemo = await new Client(api.url).post('/api/bookings/slot', guest(demoLink, `${day(4)}_1100`), {
      headers,
      localAddress: nextAddress(),
    });
    const atOrg = await new Client(api.url).post('/api/bookings/slot', guest(orgLink, `${day(4)}_1100`), {
      headers,
      localAddress: nextAddress(),
    });
    // Assess: two bookings, a record in each tenant's own partition, none in the shared one.
    expect([atDemo.status, atOrg.status], atDemo.text + atOrg.text).toEqual([201, 201]);
    expect(atOrg.body.confirmationCode).not.toBe(atDemo.body.confirmationCode);
    const demoRecords = await recordsIn(`TENANT#${DEMO_TENANT_ID}#IDEMPOTENCY`);
    const orgRecords = await recordsIn(`TENANT#${org.tenantId}#IDEMPOTENCY`);
    expect(demoRecords.map((r) => r.status)).toEqual(['COMPLETED']);
    expect(orgRecords.map((r) => r.status)).toEqual(['COMPLETED']);
    expect(String(orgRecords[0]!.SK)).toMatch(/^guest-booking#/);
    expect(orgRecords[0]!.SK).not.toBe(demoRecords[0]!.SK);
    expect(await recordsIn('IDEMPOTENCY')).toEqual([]);
    // A retry at the new tenant answers its own booking, not the demo's.
    const retry = await new Client(api.url).post('/api/bookings/slot', guest(orgLink, `${day(4)}_1100`), {
      headers,
      localAddress: nextAddress(),
    });
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe('This booking request was already used for a different booking');
  });

  it('still answers from a record of before the change (PK IDEMPOTENCY) until it expires', async () => {
    // Prepare: a completed record as the shared partition held it before #52.
    const { IdempotencyConfig } = await import('@aws-lambda-powertools/idempotency');
    const { DynamoDBPersistenceLayer } = await import('@aws-lambda-powertools/idempotency/dynamodb');
    const { idempotent } = await import('../../functions/lib/idempotency');
    const old = new DynamoDBPersistenceLayer({
      tableName: api.tableName,
      keyAttr: 'PK',
      sortKeyAttr: 'SK',
      staticPkValue: 'IDEMPOTENCY',
      expiryAttr: 'expiresAt',
      awsSdkV3Client: ddb(),
    });
    old.configure({
      config: new IdempotencyConfig({
        eventKeyJmesPath: 'key',
        payloadValidationJmesPath: 'payload',
        expiresAfterSeconds: 3600,
      }),
      keyPrefix: 'legacy-test',
    });
    const key = `t1:${randomUUID()}`;
    await old.saveSuccess({ key, payload: { truck: 'MH12AB1234' } }, 'booked before');
    let runs = 0;
    const book = idempotent(
      async (payload: { truck: string }) => {
        runs++;
        return `booked ${payload.truck}`;
      },
      { operation: 'legacy-test', expiresAfterSeconds: 3600, reusedKeyMessage: 'Key reused', tenantOf: () => 't1' },
    );
    // Act + Assess: the old answer, the use case not run; another request under the key is a conflict.
    await expect(book(key, { truck: 'MH12AB1234' }, undefined)).resolves.toBe('booked before');
    expect(runs).toBe(0);
    await expect(book(key, { truck: 'KA01XY9999' }, undefined)).rejects.toThrow('Key reused');
    // A new key is recorded in the tenant's partition.
    await expect(book(`t1:${randomUUID()}`, { truck: 'MH12AB1234' }, undefined)).resolves.toBe('booked MH12AB1234');
    expect((await recordsIn('TENANT#t1#IDEMPOTENCY')).map((r) => r.status)).toEqual(['COMPLETED']);
  });
});
