// The gate's calls for passes (issue #31): the facility's pass kit (kept on the device) and the
// outbox of check-ins, sent whenever the network is there. The server applies each idempotency key
// once, so sending an entry again (a lost answer, two tabs, a retry) never makes a second check-in.
import type { GatePassCheckinInput, GatePassCheckinResult, GatePassKeysView } from '@shared/contracts/gate-pass';
import type { GatePassClaims } from '@shared/gate-pass';
import { api, apiRequest, ApiError } from '../../../lib/api-client';
import { requestBackgroundSync } from '../../../lib/background-sync';
import { isOnline } from '../../../lib/reachability';
import {
  isAuthor,
  moveOutboxEntry,
  pruneOutbox,
  putOutboxEntry,
  saveDeviceSettings,
  saveKit,
  waitingEntries,
  type OutboxAuthor,
  type OutboxEntry,
  type PassKit,
} from '../gate-store';

/**
 * The facilities a gate may stand at, under the facilities feature's own query key (one cache entry);
 * read here because facilities shows the gate's settings panel, so the gate may not import it back.
 */
export { facilityChoicesQuery } from './facility-choices';

/** Fetches and keeps the facility's keys and revocations; notes the device clock against the server's. */
export async function refreshKit(facilityId: string): Promise<PassKit> {
  const view = await api.get<GatePassKeysView>(`/api/gate/pass-keys?facilityId=${encodeURIComponent(facilityId)}`);
  const received = new Date();
  const kit: PassKit = { ...view, fetchedAt: received.toISOString() };
  await saveKit(kit);
  await saveDeviceSettings({ clockSkewMs: received.getTime() - new Date(view.serverTime).getTime() });
  return kit;
}

/** A refusal the guard must resolve (the pass, the appointment or the gate said no), not a passing outage. */
const isRefusal = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401;

type SendOutcome = 'synced' | 'conflict' | 'unreachable';

async function send(entry: OutboxEntry): Promise<SendOutcome> {
  const body: GatePassCheckinInput = {
    idempotencyKey: entry.idempotencyKey,
    token: entry.token,
    happenedAt: entry.happenedAt,
    facilityId: entry.facilityId,
    checksPending: entry.checksPending,
    // The server refuses it under anyone else's session (issue #52.8).
    queuedBy: entry.author?.userId,
  };
  try {
    // English on purpose: a conflict is kept and shown later in whatever language the screen has then.
    const result = await apiRequest<GatePassCheckinResult>('POST', '/api/checkins/gate-pass', body, {
      headers: { 'Accept-Language': 'en' },
    });
    await moveOutboxEntry(entry.idempotencyKey, 'waiting', {
      state: 'synced',
      checkinId: result.checkin.id,
      syncedAt: new Date().toISOString(),
    });
    return 'synced';
  } catch (err) {
    // No answer: the registry checks did not run at the gate either, so they are pending for this one too.
    if (!(err instanceof ApiError) && !entry.checksPending)
      await moveOutboxEntry(entry.idempotencyKey, 'waiting', { checksPending: true });
    if (!isRefusal(err)) return 'unreachable';
    const message = (err as ApiError).serverMessage ?? (err as ApiError).message;
    await moveOutboxEntry(entry.idempotencyKey, 'waiting', { state: 'conflict', message });
    return 'conflict';
  }
}

/** The gate outbox's name for Background Sync (web/src/lib/background-sync.ts). */
export const GATE_OUTBOX = 'gate';

let running: Promise<void> | null = null;

/** The author's waiting check-ins, oldest first: another user's stay sealed on the device until they sign in. */
const waitingOf = async (author: OutboxAuthor) =>
  (await waitingEntries()).filter((e) => isAuthor(e, author)).sort((a, b) => a.happenedAt.localeCompare(b.happenedAt));

/** Sends every check-in the signed-in `author` queued, oldest first; stops at the first one the network cannot carry. */
export function syncOutbox(author: OutboxAuthor): Promise<void> {
  running ??= (async () => {
    try {
      const waiting = await waitingOf(author);
      for (const entry of waiting)
        if ((await send(entry)) === 'unreachable') {
          await requestBackgroundSync(GATE_OUTBOX);
          break;
        }
      await pruneOutbox();
    } finally {
      running = null;
    }
  })();
  return running;
}

/**
 * A check-in with a pass (the gate's, or the driver's own): stored first (never lost), then sent if the
 * network allows. Answers the time it happened, the one the server records.
 */
export async function queueCheckin(
  token: string,
  pass: GatePassClaims,
  facilityId: string,
  author: OutboxAuthor,
): Promise<string> {
  const happenedAt = new Date().toISOString();
  await putOutboxEntry({
    author: { userId: author.userId, tenantId: author.tenantId },
    idempotencyKey: crypto.randomUUID().replace(/-/g, ''),
    token,
    facilityId,
    happenedAt,
    pass: { apt: pass.apt, ref: pass.ref, veh: pass.veh, day: pass.day, ws: pass.ws, we: pass.we, tz: pass.tz },
    state: 'waiting',
    // With no network the registry checks cannot run now: they run at sync, and a DENY then alerts.
    checksPending: !isOnline(),
  });
  if (isOnline()) await syncOutbox(author);
  else await requestBackgroundSync(GATE_OUTBOX);
  return happenedAt;
}

/** Sends the author's outbox; answers whether nothing of theirs is left waiting. */
export async function sendOutbox(author: OutboxAuthor): Promise<boolean> {
  await syncOutbox(author);
  return (await waitingOf(author)).length === 0;
}

/** A conflict sent again (after the guard fixed its cause), or closed as resolved. */
export async function retryConflict(key: string, author: OutboxAuthor): Promise<void> {
  if (await moveOutboxEntry(key, 'conflict', { state: 'waiting', message: undefined })) await syncOutbox(author);
}
export const resolveConflict = (key: string) =>
  moveOutboxEntry(key, 'conflict', { state: 'resolved', resolvedAt: new Date().toISOString() });
