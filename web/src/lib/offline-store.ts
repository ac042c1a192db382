// What the app keeps on the device to work with no network (issue #31), in IndexedDB through `idb`:
// the driver's gate passes and the signed-in user (so the driver app and the gate open offline). The
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
}

const VERSION = 1;

export function createOfflineStore(name: string) {
  let opened: Promise<IDBPDatabase<OfflineSchema>> | undefined;
  const db = () =>
    (opened ??= openDB<OfflineSchema>(name, VERSION, {
      upgrade(database) {
        database.createObjectStore('passes', { keyPath: 'appointmentId' }).createIndex('byExpiry', 'claims.exp');
        database.createObjectStore('session');
      },
    }));
  const epoch = (now: Date) => Math.floor(now.getTime() / 1000);

  return {
    /** Keeps an appointment's pass (replacing an older one of the same appointment). */
    async savePass(pass: GatePassView, now = new Date()): Promise<SavedPass> {
      const saved: SavedPass = {
        appointmentId: pass.claims.apt,
        token: pass.token,
        claims: pass.claims,
        qrSvg: pass.qrSvg,
        savedAt: now.toISOString(),
      };
      await (await db()).put('passes', saved);
      return saved;
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
      const tx = (await db()).transaction(['session', 'passes'], 'readwrite');
      const previous = await tx.objectStore('session').get('user');
      if (previous && (previous.id !== user.id || previous.tenantId !== user.tenantId))
        await tx.objectStore('passes').clear();
      await tx.objectStore('session').put(user, 'user');
      await tx.done;
    },
    async rememberedUser(): Promise<SessionUser | null> {
      return (await (await db()).get('session', 'user')) ?? null;
    },
    /** Signed out: the user and their passes are forgotten; queued check-ins stay until sent. */
    async forgetUser(): Promise<void> {
      const tx = (await db()).transaction(['session', 'passes'], 'readwrite');
      await Promise.all([tx.objectStore('session').clear(), tx.objectStore('passes').clear(), tx.done]);
    },
  };
}

export type OfflineStore = ReturnType<typeof createOfflineStore>;

/** The app's one store on this device. */
export const offlineStore: OfflineStore = createOfflineStore('docksaathi-offline');
