// Opening a gate QR link through the real local HTTP path (#14.5): verifying a token never writes,
// a token naming an unknown tenant is an invalid link, and the public route is rate limited per address.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { Client, startTestApi, type TestApi } from '../support/api';
import { ddb } from '../../functions/lib/aws';
import { tenantKeys } from '../../functions/tenancy';
import { DEMO_FACILITY_ID } from '../../functions/local/seed';
import { QR_LINK_LIMIT } from '../../functions/checkins/handler';
import { awayFromWindowEnd, WITH_WINDOW_WAIT_MS } from '../support/windows';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A well-formed token for any tenant, signed with a key the attacker made up. */
const forgedToken = (tenantId: string) => {
  const payload = Buffer.from(JSON.stringify({ t: tenantId, f: DEMO_FACILITY_ID, exp: 4102444800 })).toString(
    'base64url',
  );
  return `${payload}.${Buffer.from(randomUUID()).toString('base64url')}`;
};

const itemsOfTenant = async (tenantId: string) =>
  (
    await ddb().send(
      new QueryCommand({
        TableName: api.tableName,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': tenantKeys.key(tenantId).PK },
      }),
    )
  ).Items ?? [];

describe('GET /api/checkins/qr-link', () => {
  it('refuses forged tokens for random tenants as invalid links and writes no key for them', async () => {
    // Prepare
    const tenants = Array.from({ length: 8 }, () => `t${randomUUID().replace(/-/g, '').slice(0, 20)}`);
    // Act: in parallel, as an attacker would
    const answers = await Promise.all(
      tenants.map((t) =>
        new Client(api.url).get(`/api/checkins/qr-link?t=${forgedToken(t)}`, { localAddress: '127.0.7.1' }),
      ),
    );
    // Assess
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/not valid or has expired/);
    }
    for (const t of tenants) expect(await itemsOfTenant(t)).toEqual([]);
  });

  it('still opens a link the facility printed', async () => {
    const ops = new Client(api.url);
    await ops.signIn('operations');
    const qr = await ops.get('/api/facilities/default/qr-code');
    const res = await new Client(api.url).get(
      `/api/checkins/qr-link?t=${new URL(qr.body.checkinUrl).searchParams.get('t')}`,
      { localAddress: '127.0.7.2' },
    );
    expect(res.status).toBe(200);
    expect(res.body.facilityName).toBe('Bhiwandi Distribution Centre');
  });

  it(
    `refuses an address with 429 and Retry-After after ${QR_LINK_LIMIT.limit} links in the window, other addresses unaffected`,
    async () => {
      // Prepare
      await awayFromWindowEnd(QR_LINK_LIMIT);
      const guest = new Client(api.url);
      const open = (from: string) =>
        guest.get(`/api/checkins/qr-link?t=${forgedToken('demo')}`, { localAddress: from });
      // Act
      const within = await Promise.all(Array.from({ length: QR_LINK_LIMIT.limit }, () => open('127.0.7.3')));
      const over = await open('127.0.7.3');
      const elsewhere = await open('127.0.7.4');
      // Assess
      expect(within.every((r) => r.status === 400)).toBe(true);
      expect(over.status).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(over.body.message).toMatch(/Too many/);
      expect(elsewhere.status).toBe(400);
    },
    WITH_WINDOW_WAIT_MS,
  );
});
