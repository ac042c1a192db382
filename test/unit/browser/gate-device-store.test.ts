// What the gate device keeps in IndexedDB. Its outbox does not grow without end (issue #31): synced and
// resolved check-ins go a day after they settled, and only the latest 200 settled ones stay; a check-in
// still waiting to sync or an open conflict is never dropped, however old. Its settings are read with
// the kit of the facility they name (issue #34: the gate screen renders once with both). Run in
// Chromium's IndexedDB (Node has none), the module bundled as the SPA's build would.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserModule, type BrowserModule } from '../../support/browser-module';
import type { GateDeviceSettings, OutboxEntry, PassKit } from '../../../web/src/features/gate/gate-store';

const ORIGIN = 'http://gate-outbox.test';
let browser: BrowserModule;
let page: Page;

beforeAll(async () => {
  browser = await browserModule('web/src/features/gate/gate-store.ts', 'gate', ORIGIN);
}, 60_000);
afterAll(() => browser?.close());

beforeEach(async () => {
  // A new context per test: an empty IndexedDB.
  page = await browser.newPage();
});

type Gate = {
  putOutboxEntry(e: OutboxEntry): Promise<void>;
  pruneOutbox(now: Date): Promise<number>;
  outboxEntries(): Promise<OutboxEntry[]>;
  saveKit(kit: PassKit): Promise<void>;
  saveDeviceSettings(change: Partial<GateDeviceSettings>): Promise<GateDeviceSettings>;
  deviceState(): Promise<{ settings: GateDeviceSettings; kit: PassKit | null }>;
};

async function put(entries: OutboxEntry[]) {
  await page.evaluate(async (list) => {
    const { gate } = window as unknown as { gate: Gate };
    for (const e of list) await gate.putOutboxEntry(e);
  }, entries);
}
const prune = (nowIso: string) =>
  page.evaluate((now) => (window as unknown as { gate: Gate }).gate.pruneOutbox(new Date(now)), nowIso);
const keys = async () =>
  (await page.evaluate(() => (window as unknown as { gate: Gate }).gate.outboxEntries()))
    .map((e) => e.idempotencyKey)
    .sort();

function entry(
  key: string,
  state: OutboxEntry['state'],
  happenedAt: string,
  more: Partial<OutboxEntry> = {},
): OutboxEntry {
  return {
    idempotencyKey: key,
    token: `DSGP1.${key}`,
    facilityId: 'fac-1',
    happenedAt,
    checksPending: false,
    pass: {
      apt: key,
      ref: `REF-${key}`,
      veh: 'MH04AB1234',
      day: '2026-12-31',
      ws: '09:00',
      we: '10:00',
      tz: 'Asia/Kolkata',
    },
    state,
    ...more,
  };
}

describe('gate outbox pruning', () => {
  it('drops what settled more than 24 h ago and keeps waiting check-ins and open conflicts of any age', async () => {
    await put([
      // Synced at 23:59 IST on 31 Dec (18:29 UTC): 24 h later is 23:59 IST on 1 Jan.
      entry('synced-old', 'synced', '2026-12-31T18:20:00Z', { syncedAt: '2026-12-31T18:29:00Z' }),
      // Happened long ago offline, synced only an hour before: it counts from its sync.
      entry('synced-late', 'synced', '2026-12-30T04:00:00Z', { syncedAt: '2027-01-01T17:30:00Z' }),
      entry('resolved-old', 'resolved', '2026-12-30T04:00:00Z', { resolvedAt: '2026-12-31T10:00:00Z' }),
      entry('resolved-new', 'resolved', '2026-12-29T04:00:00Z', { resolvedAt: '2027-01-01T12:00:00Z' }),
      entry('waiting-old', 'waiting', '2026-12-20T04:00:00Z'),
      entry('conflict-old', 'conflict', '2026-12-20T04:00:00Z', { message: 'This appointment was cancelled' }),
    ]);

    // 23:58:59 IST on 1 Jan: nothing is a full day old yet but resolved-old (resolved 15:30 IST on 31 Dec).
    expect(await prune('2027-01-01T18:28:59Z')).toBe(1);
    expect(await keys()).toEqual(['conflict-old', 'resolved-new', 'synced-late', 'synced-old', 'waiting-old']);
    // 00:00:01 IST on 2 Jan: synced-old was synced 24 h and 1 s before.
    expect(await prune('2027-01-01T18:30:01Z')).toBe(1);
    expect(await keys()).toEqual(['conflict-old', 'resolved-new', 'synced-late', 'waiting-old']);
    // Years later, the waiting check-in and the open conflict are still there.
    expect(await prune('2030-02-28T00:00:00Z')).toBe(2);
    expect(await keys()).toEqual(['conflict-old', 'waiting-old']);
  });

  it('keeps only the latest 200 settled check-ins, however recent the rest', async () => {
    const base = Date.parse('2028-02-29T06:00:00Z');
    const synced = Array.from({ length: 205 }, (_, i) =>
      entry(`s${String(i).padStart(3, '0')}`, 'synced', new Date(base + i * 60_000).toISOString(), {
        syncedAt: new Date(base + i * 60_000 + 5_000).toISOString(),
      }),
    );
    await put([...synced, entry('waiting-1', 'waiting', '2028-02-29T05:00:00Z')]);
    // Ten minutes after the last sync: every one is recent, five are too many.
    expect(await prune('2028-02-29T09:35:00Z')).toBe(5);
    const left = await keys();
    expect(left).toHaveLength(201);
    expect(left).toContain('waiting-1');
    // The five that synced first are the ones gone.
    for (const gone of ['s000', 's001', 's002', 's003', 's004']) expect(left).not.toContain(gone);
    expect(left).toContain('s005');
    expect(left).toContain('s204');
  });
});

describe("the device's settings and its facility's kit", () => {
  const kit = (facilityId: string): PassKit => ({
    facilityId,
    facilityName: `Hub ${facilityId}`,
    timeZone: 'Asia/Kolkata',
    keys: [],
    revocations: [],
    serverTime: '2026-12-31T18:30:00Z',
    fetchedAt: '2026-12-31T18:30:01Z',
  });
  const state = () => page.evaluate(() => (window as unknown as { gate: Gate }).gate.deviceState());

  it('answers the defaults and no kit on a new device', async () => {
    expect(await state()).toEqual({
      settings: { facilityId: null, revocationMaxAgeMinutes: 30, clockSkewMs: null },
      kit: null,
    });
  });

  it("answers the kit of the facility the settings name, and no other facility's", async () => {
    await page.evaluate(
      async ([a, b]) => {
        await (window as unknown as { gate: Gate }).gate.saveKit(a!);
        await (window as unknown as { gate: Gate }).gate.saveKit(b!);
        await (window as unknown as { gate: Gate }).gate.saveDeviceSettings({
          facilityId: 'fac-2',
          revocationMaxAgeMinutes: 45,
        });
      },
      [kit('fac-1'), kit('fac-2')],
    );
    expect(await state()).toEqual({
      settings: { facilityId: 'fac-2', revocationMaxAgeMinutes: 45, clockSkewMs: null },
      kit: kit('fac-2'),
    });
    // A facility with no kit saved yet (chosen offline): the settings, and no kit.
    await page.evaluate(() => (window as unknown as { gate: Gate }).gate.saveDeviceSettings({ facilityId: 'fac-3' }));
    expect(await state()).toEqual({
      settings: { facilityId: 'fac-3', revocationMaxAgeMinutes: 45, clockSkewMs: null },
      kit: null,
    });
  });
});
