// What the gate's device keeps in IndexedDB (issue #31), so the gate works with no network: each
// facility's pass kit (public keys and revocations, with when they were fetched), the outbox of
// check-ins waiting to sync, and the device's own settings (its facility, the revocation age warning).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { GatePassKeysView } from '@shared/contracts/gate-pass';
import type { GatePassClaims } from '@shared/gate-pass';

/** A facility's keys and revocations as the device last fetched them. */
export interface PassKit extends GatePassKeysView {
  /** When the device received the list (its own clock). */
  fetchedAt: string;
}

/** Who queued a check-in (issue #52.8): the signed-in user and their tenant. */
export interface OutboxAuthor {
  userId: string;
  tenantId: string;
}

/**
 * A check-in made at the gate: waiting to sync (checks pending when the device was offline),
 * synced (the server holds it), or a conflict the server refused, kept until the guard resolves it.
 * It belongs to the user who queued it: on a shared tablet it is sent, shown and settled only while
 * that user is signed in (an entry queued before #52.8 has no author and is sent by nobody).
 */
export interface OutboxEntry {
  author?: OutboxAuthor;
  idempotencyKey: string;
  token: string;
  facilityId: string;
  happenedAt: string;
  checksPending: boolean;
  pass: Pick<GatePassClaims, 'apt' | 'ref' | 'veh' | 'day' | 'ws' | 'we' | 'tz'>;
  state: 'waiting' | 'synced' | 'conflict' | 'resolved';
  /** The server's refusal (English; shown through the server-message catalogue). */
  message?: string;
  checkinId?: string;
  syncedAt?: string;
  /** When the guard closed a conflict as resolved. */
  resolvedAt?: string;
}

/** A settled check-in (synced, or a conflict the guard resolved) stays listed on the device this long... */
export const SETTLED_KEEP_MS = 24 * 3600_000;
/** ...and at most this many of them, the latest settled, so the device's storage does not grow without end. */
export const SETTLED_KEEP_COUNT = 200;

export interface GateDeviceSettings {
  facilityId: string | null;
  /** Revocations older than this are flagged as a risk (issue #31: default 30 minutes). */
  revocationMaxAgeMinutes: number;
  /** Device clock minus the server's, from the Date header of the last API answer. */
  clockSkewMs: number | null;
}

export const DEFAULT_GATE_SETTINGS: GateDeviceSettings = {
  facilityId: null,
  revocationMaxAgeMinutes: 30,
  clockSkewMs: null,
};

interface GateDb extends DBSchema {
  kits: { key: string; value: PassKit };
  outbox: { key: string; value: OutboxEntry; indexes: { byState: string } };
  settings: { key: string; value: GateDeviceSettings };
}

const DB_NAME = 'docksaathi-gate';
const SETTINGS_KEY = 'device';
let opened: Promise<IDBPDatabase<GateDb>> | null = null;

function db() {
  opened ??= openDB<GateDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('kits', { keyPath: 'facilityId' });
      database.createObjectStore('outbox', { keyPath: 'idempotencyKey' }).createIndex('byState', 'state');
      database.createObjectStore('settings');
    },
  });
  return opened;
}

export const savedKit = async (facilityId: string) => (await db()).get('kits', facilityId);
export const savedKits = async () => (await db()).getAll('kits');
export const saveKit = async (kit: PassKit) => void (await (await db()).put('kits', kit));

export async function deviceSettings(): Promise<GateDeviceSettings> {
  return { ...DEFAULT_GATE_SETTINGS, ...(await (await db()).get('settings', SETTINGS_KEY)) };
}

/** The device's settings and the kit of the facility it guards (null when none is saved), read in one transaction. */
export async function deviceState(): Promise<{ settings: GateDeviceSettings; kit: PassKit | null }> {
  const tx = (await db()).transaction(['settings', 'kits']);
  const settings = { ...DEFAULT_GATE_SETTINGS, ...(await tx.objectStore('settings').get(SETTINGS_KEY)) };
  const kit = settings.facilityId ? ((await tx.objectStore('kits').get(settings.facilityId)) ?? null) : null;
  return { settings, kit };
}

export async function saveDeviceSettings(change: Partial<GateDeviceSettings>): Promise<GateDeviceSettings> {
  const next = { ...(await deviceSettings()), ...change };
  await (await db()).put('settings', next, SETTINGS_KEY);
  return next;
}

export const outboxEntries = async () =>
  (await (await db()).getAll('outbox')).sort((a, b) => b.happenedAt.localeCompare(a.happenedAt));
export const waitingEntries = async () => (await db()).getAllFromIndex('outbox', 'byState', 'waiting');
export const putOutboxEntry = async (entry: OutboxEntry) => void (await (await db()).put('outbox', entry));

/** Changes an entry only if it is still in the state `from` (another tab or sync may have moved it). */
export async function moveOutboxEntry(
  key: string,
  from: OutboxEntry['state'],
  change: Partial<OutboxEntry>,
): Promise<boolean> {
  const tx = (await db()).transaction('outbox', 'readwrite');
  const entry = await tx.store.get(key);
  if (!entry || entry.state !== from) {
    await tx.done;
    return false;
  }
  await tx.store.put({ ...entry, ...change });
  await tx.done;
  return true;
}

/** When an entry was settled; null while it still needs the network or the guard. */
function settledAt(e: OutboxEntry): number | null {
  if (e.state === 'synced') return Date.parse(e.syncedAt ?? e.happenedAt);
  if (e.state === 'resolved') return Date.parse(e.resolvedAt ?? e.happenedAt);
  return null;
}

/**
 * Drops settled check-ins older than SETTLED_KEEP_MS and any beyond the latest SETTLED_KEEP_COUNT;
 * waiting ones and open conflicts are never dropped. Answers how many went.
 */
export async function pruneOutbox(now = new Date()): Promise<number> {
  const tx = (await db()).transaction('outbox', 'readwrite');
  const settled = (await tx.store.getAll())
    .map((entry) => ({ entry, at: settledAt(entry) }))
    .filter((s): s is { entry: OutboxEntry; at: number } => s.at !== null)
    .sort((a, b) => b.at - a.at);
  const dropped = settled.filter((s, i) => i >= SETTLED_KEEP_COUNT || now.getTime() - s.at > SETTLED_KEEP_MS);
  await Promise.all(dropped.map((s) => tx.store.delete(s.entry.idempotencyKey)));
  await tx.done;
  return dropped.length;
}

/** Whether the entry was queued by this user of this tenant. */
export const isAuthor = (entry: OutboxEntry, author: OutboxAuthor | null): boolean =>
  Boolean(author && entry.author?.userId === author.userId && entry.author.tenantId === author.tenantId);
