// Tenancy figures for `npm run bench` (issue #18): organisation sign-up (one transaction of ~18 items,
// plus the password hash) and its e-mail verification, one after another; and the session lookup every
// request makes, at home and as a member of another tenant (one more GetItem for the membership).
import type { BenchSection } from './section';
import { percentiles } from './measure';

const SIGNUPS = 10;
const LOOKUPS = 200;

export const tenancyBench: BenchSection = async ({ base, operations }) => {
  const { localOutbox } = await import('../../functions/messaging');
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
  const signups: number[] = [];
  const verifications: number[] = [];
  let adminCookie = '';
  let tenantId = '';
  const started = performance.now();
  for (let i = 0; i < SIGNUPS; i++) {
    const tag = `${Date.now().toString(36)}${i}`;
    const email = `bench.${tag}@example.in`;
    const body = {
      companyName: `Bench ${tag}`,
      firstName: 'Bench',
      lastName: 'Admin',
      email,
      phoneNumber: `9${String(Date.now() + i).slice(-9)}`,
      password: 'Bench2026x',
      facilityName: `Bench DC ${tag}`,
      facilityCity: 'Pune',
      facilityState: 'Maharashtra',
      dockDoors: 4,
    };
    let t = performance.now();
    const res = await post('/api/signup', body);
    if (res.status !== 201) throw new Error(`sign-up: HTTP ${res.status} ${await res.text()}`);
    signups.push(performance.now() - t);
    const code = /code is (\d{6})/.exec((await localOutbox(20)).find((m) => m.to === email)?.body ?? '')?.[1];
    t = performance.now();
    const verified = await post('/api/signup/verify', { email, code });
    if (verified.status !== 200) throw new Error(`verify: HTTP ${verified.status}`);
    verifications.push(performance.now() - t);
    if (i === 0) {
      const login = await post('/api/auth/login', { identifier: email, password: body.password });
      adminCookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      tenantId = ((await login.json()) as { user: { tenantId: string } }).user.tenantId;
    }
  }
  const elapsed = (performance.now() - started) / 1000;

  // The demo's operations user joins the first organisation, then looks itself up at home and there.
  const me = (await operations('GET', '/api/auth/user')) as { email: string };
  const invited = await fetch(`${base}/api/invitations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: adminCookie },
    body: JSON.stringify({ email: me.email, role: 'spectator' }),
  });
  if (invited.status !== 201) throw new Error(`invite: HTTP ${invited.status}`);
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(
    (await localOutbox(20)).find((m) => m.to === me.email)?.body ?? '',
  )?.[1];
  const accepted = await post('/api/invitations/accept', { token, password: 'Demo@12345' });
  if (!accepted.ok) throw new Error(`accept: HTTP ${accepted.status} ${await accepted.text()}`);
  const login = await post('/api/auth/login', { identifier: me.email, password: 'Demo@12345' });
  const home = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const lookups = async (cookie: string) => {
    const times: number[] = [];
    const t0 = performance.now();
    for (let i = 0; i < LOOKUPS; i++) {
      const t = performance.now();
      const r = await fetch(`${base}/api/auth/user`, { headers: { cookie } });
      if (!r.ok)
        throw new Error(`session lookup: HTTP ${r.status} ${await r.text()} (cookie ${cookie.slice(0, 30)}...)`);
      await r.text();
      times.push(performance.now() - t);
    }
    return percentiles(times, (performance.now() - t0) / 1000, 1);
  };
  const atHome = await lookups(home);
  // Switching replaces the session (the home cookie stops working), so the home figures come first.
  const away = (await post('/api/auth/switch-tenant', { tenantId }, home)).headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const asMember = await lookups(away);
  const s = percentiles(signups, elapsed, 1);
  const v = percentiles(verifications, elapsed, 1);
  const ms = (x: number) => Number(x.toFixed(1));
  return {
    title: `Tenancy: ${SIGNUPS} sign-ups one at a time, ${LOOKUPS} session lookups each way`,
    rows: [
      { path: 'POST /api/signup (atomic creation)', n: s.count, p50: ms(s.p50), p95: ms(s.p95), max: ms(s.max) },
      { path: 'POST /api/signup/verify (trial start)', n: v.count, p50: ms(v.p50), p95: ms(v.p95), max: ms(v.max) },
      {
        path: 'GET /api/auth/user, home tenant',
        n: atHome.count,
        p50: ms(atHome.p50),
        p95: ms(atHome.p95),
        max: ms(atHome.max),
      },
      {
        path: 'GET /api/auth/user, member of another tenant',
        n: asMember.count,
        p50: ms(asMember.p50),
        p95: ms(asMember.p95),
        max: ms(asMember.max),
      },
    ],
  };
};
