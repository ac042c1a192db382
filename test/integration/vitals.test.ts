// POST /api/vitals (the SPA's field web vitals, public) and GET /api/vitals (admins' p75 per route),
// through the real local HTTP path: what a report may carry (no personal data: a route pattern, never
// an address; no other field), refusals in both languages that record nothing, the tenant's figures
// apart from another tenant's, the public pages' shared, the per-address limit, and the 7-day window
// on India's calendar across midnight and the year's end. Expected figures are worked out by hand
// from the bins (LCP edges ... 1000, 1500, 2000, 2500, 3000, 3500, 4000, 5000 ms).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApi, type TestApi } from '../support/api';
import { signUpOrganisation } from '../support/tenancy';
import { recordVitals, vitalsFigures } from '../../functions/vitals/vitals';
import { awayFromWindowEnd, WITH_WINDOW_WAIT_MS } from '../support/windows';
import { VITALS_LIMIT } from '../../functions/vitals/vitals';

let api: TestApi;
let admin: Client;

beforeAll(async () => {
  api = await startTestApi();
  admin = new Client(api.url);
  await admin.signIn('admin');
});
afterAll(() => api.close());

let address = 10;
const nextAddress = () => `127.0.8.${address++}`;

type Metric = { name: string; value: number; rating: string };
const report = (route: string, device: string, ...metrics: Metric[]) => ({ route, device, metrics });
const lcp = (value: number, rating: string) => ({ name: 'LCP', value, rating });

async function send(client: Client, body: unknown, headers?: Record<string, string>) {
  return client.post('/api/vitals', body, { localAddress: nextAddress(), headers });
}

async function figures(client: Client) {
  const res = await client.get('/api/vitals');
  expect(res.status, res.text).toBe(200);
  return res.body as { from: string; to: string; routes: { route: string; device: string; metrics: any }[] };
}

const row = (f: Awaited<ReturnType<typeof figures>>, route: string, device: string) =>
  f.routes.find((r) => r.route === route && r.device === device);

describe('POST /api/vitals', () => {
  it("counts a signed-in user's page views for their tenant: p75 per route, per device class and for all", async () => {
    for (const [value, rating] of [
      [1200, 'good'],
      [1800, 'good'],
      [2600, 'needs-improvement'],
      [4200, 'poor'],
    ] as const) {
      const res = await send(admin, report('/scheduling', 'phone-slow', lcp(value, rating)));
      expect(res.status, res.text).toBe(204);
    }
    expect(
      (
        await send(
          admin,
          report(
            '/scheduling',
            'desktop',
            lcp(900, 'good'),
            { name: 'CLS', value: 0.02, rating: 'good' },
            {
              name: 'INP',
              value: 260,
              rating: 'needs-improvement',
            },
          ),
        )
      ).status,
    ).toBe(204);

    const f = await figures(admin);
    // phone-slow: 1200, 1800, 2600, 4200 -> the 3rd of 4 (2600) is in the bin up to 3000.
    expect(row(f, '/scheduling', 'phone-slow')?.metrics).toEqual({ LCP: { p75: 3000, count: 4, good: 0.5 } });
    expect(row(f, '/scheduling', 'desktop')?.metrics).toEqual({
      LCP: { p75: 1000, count: 1, good: 1 },
      INP: { p75: 300, count: 1, good: 0 },
      CLS: { p75: 0.025, count: 1, good: 1 },
    });
    // all: 900, 1200, 1800, 2600, 4200 -> the 4th of 5 (2600) is in the bin up to 3000; 3 of 5 good.
    expect(row(f, '/scheduling', 'all')?.metrics.LCP).toEqual({ p75: 3000, count: 5, good: 0.6 });
  });

  it("keeps a tenant's figures from another tenant's admin, and shows the public pages' to both", async () => {
    const other = await signUpOrganisation(api.url);
    expect((await send(other.admin, report('/yard', 'tablet', lcp(700, 'good')))).status).toBe(204);
    const visitor = new Client(api.url);
    expect((await send(visitor, report('/login', 'phone', lcp(3100, 'needs-improvement')))).status).toBe(204);

    const ours = await figures(admin);
    const theirs = await figures(other.admin);
    expect(row(theirs, '/yard', 'tablet')?.metrics.LCP).toEqual({ p75: 1000, count: 1, good: 1 });
    expect(row(ours, '/yard', 'tablet')).toBeUndefined();
    expect(row(theirs, '/scheduling', 'all')).toBeUndefined();
    for (const f of [ours, theirs]) expect(row(f, '/login', 'phone')?.metrics.LCP).toMatchObject({ p75: 3500 });
  });

  it('refuses an address, personal fields and broken values in English and Hindi, and records nothing', async () => {
    const before = await figures(admin);
    const visitor = new Client(api.url);
    const address = await send(visitor, report('/invite/3f9a1c2b', 'phone', lcp(1000, 'good')));
    expect(address.status).toBe(400);
    expect(address.body.errors).toEqual({ route: 'Route must be a screen of the app, not an address' });

    const personal = await send(visitor, {
      ...report('/login', 'phone', lcp(1000, 'good')),
      email: 'a@b.in',
      url: '/login?x=1',
    });
    expect(personal.status).toBe(400);
    expect(personal.body.errors).toEqual({ email: 'Unknown field "email"', url: 'Unknown field "url"' });

    const inMetric = await send(visitor, report('/login', 'phone', { ...lcp(1000, 'good'), userAgent: 'x' } as Metric));
    expect(inMetric.status).toBe(400);
    expect(Object.values(inMetric.body.errors)).toEqual(['Unknown field "userAgent"']);

    const broken = await send(visitor, { route: '/login', device: 'fridge', metrics: [] });
    expect(broken.body.errors).toEqual({
      device: 'Device class is not known',
      metrics: 'Metrics are required',
    });
    const twice = await send(visitor, report('/login', 'phone', lcp(1000, 'good'), lcp(1100, 'good')));
    expect(twice.body.errors).toEqual({ metrics: 'Each metric may be reported once' });
    const negative = await send(visitor, report('/login', 'phone', lcp(-1, 'good')));
    expect(Object.values(negative.body.errors)).toEqual(['Value must be 0 or more']);
    const huge = await send(visitor, report('/login', 'phone', lcp(10 * 60_000, 'poor')));
    expect(Object.values(huge.body.errors)).toEqual(['Value is out of range']);

    const hindi = await send(
      visitor,
      { route: '/invite/3f9a1c2b', device: 'fridge', metrics: [], phone: '9812300003' },
      {
        'accept-language': 'hi',
      },
    );
    expect(hindi.status).toBe(400);
    expect(hindi.body.errors).toEqual({
      route: 'रूट ऐप की कोई स्क्रीन होना चाहिए, कोई पता नहीं',
      device: 'डिवाइस श्रेणी ज्ञात नहीं है',
      metrics: 'मेट्रिक्स आवश्यक हैं',
      phone: 'अज्ञात फ़ील्ड "phone"',
    });
    expect(await figures(admin)).toEqual(before);
  });

  it(
    'limits one address to 120 reports in ten minutes',
    async () => {
      await awayFromWindowEnd(VITALS_LIMIT);
      const visitor = new Client(api.url);
      const localAddress = nextAddress();
      const body = report('/book', 'phone', lcp(1000, 'good'));
      for (let i = 0; i < 120; i++) {
        const res = await visitor.post('/api/vitals', body, { localAddress });
        expect(res.status, `report ${i + 1}`).toBe(204);
      }
      const refused = await visitor.post('/api/vitals', body, { localAddress, headers: { 'accept-language': 'hi' } });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('बहुत अधिक रिपोर्ट; बाद में फिर से प्रयास करें');
      expect(row(await figures(admin), '/book', 'phone')?.metrics.LCP.count).toBe(120);
    },
    WITH_WINDOW_WAIT_MS,
  );
});

describe('GET /api/vitals', () => {
  it('is for admins only', async () => {
    expect((await new Client(api.url).get('/api/vitals')).status).toBe(401);
    const operations = new Client(api.url);
    await operations.signIn('operations');
    expect((await operations.get('/api/vitals')).status).toBe(403);
  });

  it("counts a report on India's day and shows the last 7 days, across midnight and the year's end", async () => {
    const tenantId = `vitals-clock-${Date.now()}`;
    // 00:10 on 1 Jan 2027 in India (18:40 UTC on 31 Dec 2026) counts on 1 Jan.
    await recordVitals(
      report('/gate', 'phone', lcp(1400, 'good')) as never,
      { tenantId },
      '10.9.9.1',
      new Date('2026-12-31T18:40:00Z'),
    );
    // 23:50 on 31 Dec 2026 in India counts on 31 Dec.
    await recordVitals(
      report('/gate', 'phone', lcp(2400, 'good')) as never,
      { tenantId },
      '10.9.9.1',
      new Date('2026-12-31T18:20:00Z'),
    );
    const gate = (f: Awaited<ReturnType<typeof vitalsFigures>>) =>
      f.routes.find((r) => r.route === '/gate' && r.device === 'phone')?.metrics.LCP;

    // 23:59 on 6 Jan in India: 31 Dec to 6 Jan, both reports.
    const sixth = await vitalsFigures(tenantId, new Date('2027-01-06T18:29:00Z'));
    expect([sixth.from, sixth.to]).toEqual(['2026-12-31', '2027-01-06']);
    expect(gate(sixth)).toEqual({ p75: 2500, count: 2, good: 1 });
    // 00:01 on 7 Jan in India: 1 to 7 Jan, the report of 31 Dec has left the window.
    const seventh = await vitalsFigures(tenantId, new Date('2027-01-06T18:31:00Z'));
    expect([seventh.from, seventh.to]).toEqual(['2027-01-01', '2027-01-07']);
    expect(gate(seventh)).toEqual({ p75: 1500, count: 1, good: 1 });
  });
});
