// What the app keeps on the device to work with no network (issue #31), in IndexedDB through `idb`:
// the driver's gate passes, the pass links opened on this phone (a guest's booking message or
// confirmation: the link opens its pass with no network) and the signed-in user (so the driver app and
// the gate open offline). The
// gate's own device state (pass kits, outbox) is the gate feature's (features/gate/gate-store.ts).
// Nothing here is a cached API answer for the service worker to serve: each is kept on purpose.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SessionUser } from '@shared/contracts/auth';
import type { GatePassView } from '@shared/contracts/gate-pass';
import type { GatePassClaims } from '@shared/gate-pass';

/** A gate pass kept for offline use, by its appointment. */
export interface SavedPass {
  appointmentId: string;
  token: string;
  claims: GatePassClaims;
  qrSvg: string;
  /** When this device saved it (ISO instant). */
  savedAt: string;
}

interface OfflineSchema extends DBSchema {
  passes: { key: string; value: SavedPass; indexes: { byExpiry: number } };
  session: { key: 'user'; value: SessionUser };
  /** A pass link's token -> the appointment whose pass it opened. */
  links: { key: string; value: string };
}

const VERSION = 2;

export function createOfflineStore(name: string) {
  let opened: Promise<IDBPDatabase<OfflineSchema>> | undefined;
  const db = () =>
    (opened ??= openDB<OfflineSchema>(name, VERSION, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) {
          database.createObjectStore('passes', { keyPath: 'appointmentId' }).createIndex('byExpiry', 'claims.exp');
          database.createObjectStore('session');
        }
        if (oldVersion < 2) database.createObjectStore('links');
      },
    }));
  const epoch = (now: Date) => Math.floor(now.getTime() / 1000);
  const saving = (pass: GatePassView, now: Date): SavedPass => ({
    appointmentId: pass.claims.apt,
    token: pass.token,
    claims: pass.claims,
    qrSvg: pass.qrSvg,
    savedAt: now.toISOString(),
  });

  return {
    /** Keeps an appointment's pass (replacing an older one of the same appointment). */
    async savePass(pass: GatePassView, now = new Date()): Promise<SavedPass> {
      const saved = saving(pass, now);
      await (await db()).put('passes', saved);
      return saved;
    },
    /** Keeps the pass a pass link opened, and which pass the link opens. */
    async saveLinkedPass(link: string, pass: GatePassView, now = new Date()): Promise<SavedPass> {
      const saved = saving(pass, now);
      const tx = (await db()).transaction(['passes', 'links'], 'readwrite');
      await Promise.all([
        tx.objectStore('passes').put(saved),
        tx.objectStore('links').put(saved.appointmentId, link),
        tx.done,
      ]);
      return saved;
    },
    /** The saved pass a link opened, unless it has expired since. */
    async linkedPass(link: string, now = new Date()): Promise<SavedPass | undefined> {
      const database = await db();
      const appointmentId = await database.get('links', link);
      const pass = appointmentId ? await database.get('passes', appointmentId) : undefined;
      return pass && pass.claims.exp > epoch(now) ? pass : undefined;
    },
    async pass(appointmentId: string): Promise<SavedPass | undefined> {
      return (await db()).get('passes', appointmentId);
    },
    /** The passes not yet expired, the soonest first; expired ones are deleted. */
    async currentPasses(now = new Date()): Promise<SavedPass[]> {
      const tx = (await db()).transaction('passes', 'readwrite');
      const index = tx.store.index('byExpiry');
      for await (const cursor of index.iterate(IDBKeyRange.upperBound(epoch(now)))) await cursor.delete();
      const current = await index.getAll(IDBKeyRange.lowerBound(epoch(now), true));
      await tx.done;
      return current.sort((a, b) => a.claims.nbf - b.claims.nbf || a.appointmentId.localeCompare(b.appointmentId));
    },
    async forgetPass(appointmentId: string): Promise<void> {
      await (await db()).delete('passes', appointmentId);
    },

    /** The signed-in user, remembered so the app opens with no network; another user's passes go. */
    async rememberUser(user: SessionUser): Promise<void> {
      const tx = (await db()).transaction(['session', 'passes', 'links'], 'readwrite');
      const previous = await tx.objectStore('session').get('user');
      if (previous && (previous.id !== user.id || previous.tenantId !== user.tenantId))
        await Promise.all([tx.objectStore('passes').clear(), tx.objectStore('links').clear()]);
      await tx.objectStore('session').put(user, 'user');
      await tx.done;
    },
    async rememberedUser(): Promise<SessionUser | null> {
      return (await (await db()).get('session', 'user')) ?? null;
    },
    /**
     * Signed out: the user and their passes are forgotten; queued check-ins stay until sent. With no user
     * remembered (a guest's phone, whose every visit is "signed out") the guest's saved passes stay.
     */
    async forgetUser(): Promise<void> {
      const tx = (await db()).transaction(['session', 'passes', 'links'], 'readwrite');
      if (!(await tx.objectStore('session').get('user'))) return void (await tx.done);
      await Promise.all([
        tx.objectStore('session').clear(),
        tx.objectStore('passes').clear(),
        tx.objectStore('links').clear(),
        tx.done,
      ]);
    },
  };
}

export type OfflineStore = ReturnType<typeof createOfflineStore>;

/** The app's one store on this device. */
export const offlineStore: OfflineStore = createOfflineStore('docksaathi-offline');
