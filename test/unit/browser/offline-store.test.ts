// The phone's offline store (web/src/lib/offline-store.ts) in a real browser's IndexedDB: the module is
// bundled as the SPA's build would and run in Chromium on a page of its own origin (Node has no
// IndexedDB). Passes are kept per appointment, an expired one is dropped at the facility's midnight,
// the signed-in user is remembered, and another user or a sign-out takes the passes away.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserModule, type BrowserModule } from '../../support/browser-module';
import type { GatePassView } from '../../../shared/contracts/gate-pass';
import type { SessionUser } from '../../../shared/contracts/auth';
import type { OfflineStore, SavedPass } from '../../../web/src/lib/offline-store';

const ORIGIN = 'http://offline-store.test';
let browser: BrowserModule;
let page: Page;

beforeAll(async () => {
  browser = await browserModule('web/src/lib/offline-store.ts', 'offline', ORIGIN);
}, 60_000);
afterAll(() => browser?.close());

let run = 0;
beforeEach(async () => {
  page = await browser.newPage();
  run += 1;
});

type Method = (...args: unknown[]) => Promise<unknown>;
/** Calls the store of database `db` in the page; Dates travel as 'date:<ISO>' strings. */
async function call<T>(db: string, method: keyof OfflineStore, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    async ({ db, method, args }) => {
      const { offline } = window as unknown as {
        offline: { createOfflineStore(name: string): Record<string, Method> };
      };
      const revived = args.map((a) => (typeof a === 'string' && a.startsWith('date:') ? new Date(a.slice(5)) : a));
      return offline.createOfflineStore(db)[method]!(...revived);
    },
    { db: `${db}-${run}`, method, args },
  ) as Promise<T>;
}
const at = (iso: string) => `date:${iso}`;

/** A pass as GET /api/appointments/{id}/gate-pass answers it (the claims that matter here). */
function passView(apt: string, day: string, nbfIso: string, expIso: string, token = `DSGP1.${apt}`): GatePassView {
  return {
    token,
    qrSvg: `<svg data-apt="${apt}"/>`,
    claims: {
      apt,
      ver: 0,
      ref: `REF-${apt}`,
      fac: 'fac-1',
      fnm: 'Bhiwandi Hub',
      tz: 'Asia/Kolkata',
      veh: 'MH04AB1234',
      day,
      ws: '09:00',
      we: '10:00',
      nbf: Date.parse(nbfIso) / 1000,
      exp: Date.parse(expIso) / 1000,
    },
  };
}
// 31 Dec 2026 in India: the pass opens at 07:00 IST and lapses at the facility's midnight, 00:00 IST on
// 1 Jan 2027 = 18:30 UTC on 31 Dec.
const newYearsEve = passView('apt-dec31', '2026-12-31', '2026-12-31T01:30:00Z', '2026-12-31T18:30:00Z');
// 1 Jan 2027: opens 07:00 IST (01:30 UTC), lapses 00:00 IST on 2 Jan (18:30 UTC on 1 Jan).
const newYearsDay = passView('apt-jan01', '2027-01-01', '2027-01-01T01:30:00Z', '2027-01-01T18:30:00Z');

const user = (id: string, tenantId = 't-1') => ({ id, tenantId, username: id, firstName: 'Sunil' }) as SessionUser;

describe('offline store', () => {
  it('keeps a pass per appointment with the time it was saved, and a newer pass replaces it', async () => {
    const saved = await call<SavedPass>('a', 'savePass', newYearsEve, at('2026-12-30T14:05:00Z'));
    expect(saved).toEqual({
      appointmentId: 'apt-dec31',
      token: 'DSGP1.apt-dec31',
      claims: newYearsEve.claims,
      qrSvg: '<svg data-apt="apt-dec31"/>',
      savedAt: '2026-12-30T14:05:00.000Z',
    });
    expect(await call('a', 'pass', 'apt-dec31')).toEqual(saved);
    await call('a', 'savePass', { ...newYearsEve, token: 'DSGP1.rescheduled' }, at('2026-12-30T15:00:00Z'));
    const passes = await call<SavedPass[]>('a', 'currentPasses', at('2026-12-30T15:00:00Z'));
    expect(passes.map((p) => [p.appointmentId, p.token, p.savedAt])).toEqual([
      ['apt-dec31', 'DSGP1.rescheduled', '2026-12-30T15:00:00.000Z'],
    ]);
  });

  it("lists current passes soonest first, and drops a pass at its facility's midnight for good", async () => {
    await call('b', 'savePass', newYearsDay, at('2026-12-30T10:00:00Z'));
    await call('b', 'savePass', newYearsEve, at('2026-12-30T10:00:00Z'));
    const beforeMidnight = await call<SavedPass[]>('b', 'currentPasses', at('2026-12-31T18:29:59Z'));
    expect(beforeMidnight.map((p) => p.appointmentId)).toEqual(['apt-dec31', 'apt-jan01']);
    const atMidnight = await call<SavedPass[]>('b', 'currentPasses', at('2026-12-31T18:30:00Z'));
    expect(atMidnight.map((p) => p.appointmentId)).toEqual(['apt-jan01']);
    // Deleted, not just hidden: asking with an earlier clock does not bring it back.
    expect(await call('b', 'pass', 'apt-dec31')).toBeUndefined();
  });

  it('keeps what it saved across a reload of the page', async () => {
    await call('c', 'savePass', newYearsEve, at('2026-12-30T10:00:00Z'));
    await call('c', 'rememberUser', user('u-1'));
    await page.reload();
    expect(((await call<SavedPass>('c', 'pass', 'apt-dec31')) ?? { token: null }).token).toBe('DSGP1.apt-dec31');
    expect(await call<SessionUser>('c', 'rememberedUser')).toMatchObject({ id: 'u-1', firstName: 'Sunil' });
  });

  it("remembers the signed-in user; another user (or tenant) on the phone does not see the first one's passes", async () => {
    expect(await call('d', 'rememberedUser')).toBeNull();
    await call('d', 'rememberUser', user('u-1'));
    await call('d', 'savePass', newYearsEve, at('2026-12-30T10:00:00Z'));
    await call('d', 'rememberUser', user('u-1'));
    expect(await call('d', 'pass', 'apt-dec31')).toBeDefined();
    await call('d', 'rememberUser', user('u-1', 't-2'));
    expect(await call('d', 'pass', 'apt-dec31')).toBeUndefined();
    await call('d', 'savePass', newYearsEve, at('2026-12-30T10:00:00Z'));
    await call('d', 'rememberUser', user('u-2', 't-2'));
    expect(await call('d', 'pass', 'apt-dec31')).toBeUndefined();
    expect(await call<SessionUser>('d', 'rememberedUser')).toMatchObject({ id: 'u-2', tenantId: 't-2' });
  });

  it('forgets the user and their passes at sign-out, and one pass when it is no longer issued', async () => {
    await call('e', 'rememberUser', user('u-1'));
    await call('e', 'savePass', newYearsEve, at('2026-12-30T10:00:00Z'));
    await call('e', 'savePass', newYearsDay, at('2026-12-30T10:00:00Z'));
    await call('e', 'forgetPass', 'apt-dec31');
    const left = await call<SavedPass[]>('e', 'currentPasses', at('2026-12-30T10:00:00Z'));
    expect(left.map((p) => p.appointmentId)).toEqual(['apt-jan01']);
    await call('e', 'forgetUser');
    expect(await call('e', 'rememberedUser')).toBeNull();
    expect(await call('e', 'currentPasses', at('2026-12-30T10:00:00Z'))).toEqual([]);
  });

  it('a pass link opens the pass it saved, across a reload, until the pass lapses at the facility midnight', async () => {
    const link = 'AbCdEfGhIjKlMnOp.0123456789abcdefghijkl';
    await call('f', 'saveLinkedPass', link, newYearsEve, at('2026-12-30T14:05:00Z'));
    await page.reload();
    expect(await call<SavedPass>('f', 'linkedPass', link, at('2026-12-31T18:29:59Z'))).toMatchObject({
      appointmentId: 'apt-dec31',
      token: 'DSGP1.apt-dec31',
      savedAt: '2026-12-30T14:05:00.000Z',
    });
    expect(await call('f', 'linkedPass', link, at('2026-12-31T18:30:00Z'))).toBeUndefined();
    expect(
      await call('f', 'linkedPass', 'ZZZZEfGhIjKlMnOp.0123456789abcdefghijkl', at('2026-12-30T15:00:00Z')),
    ).toBeUndefined();
  });

  it("a guest's phone (no user ever signed in) keeps its linked passes when the session check says signed out", async () => {
    const link = 'AbCdEfGhIjKlMnOp.0123456789abcdefghijkl';
    await call('g', 'saveLinkedPass', link, newYearsDay, at('2026-12-30T10:00:00Z'));
    await call('g', 'forgetUser');
    expect(await call<SavedPass>('g', 'linkedPass', link, at('2026-12-31T10:00:00Z'))).toMatchObject({
      appointmentId: 'apt-jan01',
    });
    // A driver who signed in and out on the phone takes every pass with them, linked ones too.
    await call('g', 'rememberUser', user('u-1'));
    await call('g', 'forgetUser');
    expect(await call('g', 'linkedPass', link, at('2026-12-31T10:00:00Z'))).toBeUndefined();
    expect(await call('g', 'currentPasses', at('2026-12-31T10:00:00Z'))).toEqual([]);
  });
});
