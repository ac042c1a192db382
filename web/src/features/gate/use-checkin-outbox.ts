// The device's outbox of check-ins made with a gate pass (issue #31), the gate screen's and the
// driver's own: read from IndexedDB (through React Query, which must not wait for a network to read
// the device) and sent whenever the network is there: on opening, on the browser's `online` event,
// every minute while online, and when the service worker's Background Sync asks. Only the signed-in
// user's own entries are listed and sent (issue #52.8): on a shared gate tablet another guard's stay
// sealed on the device, counted but not shown, until that guard signs in again.
import { useCallback, useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { onBackgroundSync } from '../../lib/background-sync';
import { browserIdle } from '../../lib/page-ready';
import { useOnline } from '../../lib/use-online';
import { useSession } from '../../lib/session';
import { GATE_OUTBOX, sendOutbox } from './api/gate-pass';
import { outboxQuery } from './device-queries';
import { isAuthor, type OutboxAuthor, type OutboxEntry } from './gate-store';

const SEND_MS = 60_000;

/**
 * Runs `task` every `everyMs` while online, the first time as soon as the browser is idle: once the
 * first screen is up on a page just opened (its requests and writes to the device's store do not
 * hold up the screen on a slow phone, issue #34), at once on a page long open.
 */
export function useWhileOnline(online: boolean, task: () => Promise<unknown>, everyMs: number) {
  useEffect(() => {
    if (!online) return;
    let stopped = false;
    void browserIdle().then(() => {
      if (!stopped) void task();
    });
    const timer = setInterval(() => void task(), everyMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [online, task, everyMs]);
}

const NO_ENTRIES: OutboxEntry[] = [];

/**
 * The signed-in user's check-ins in the outbox, kept sent; `reloadEntries` after queueing one. `author`
 * is null while nobody is signed in (nothing is sent then); `sealed` counts other users' entries waiting.
 */
export function useCheckinOutbox() {
  const online = useOnline();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;
  const tenantId = user?.tenantId ?? null;
  const author = useMemo<OutboxAuthor | null>(
    () => (userId && tenantId ? { userId, tenantId } : null),
    [userId, tenantId],
  );
  const all = useQuery(outboxQuery).data ?? NO_ENTRIES;
  const entries = useMemo(() => all.filter((e) => isAuthor(e, author)), [all, author]);
  const sealed = all.filter((e) => e.state === 'waiting' && !isAuthor(e, author)).length;
  const reloadEntries = useCallback(() => queryClient.invalidateQueries(outboxQuery), [queryClient]);
  const send = useCallback(async () => {
    if (!author) return false;
    const sent = await sendOutbox(author);
    await reloadEntries();
    return sent;
  }, [author, reloadEntries]);

  useWhileOnline(online && author !== null, send, SEND_MS);
  useEffect(() => onBackgroundSync(GATE_OUTBOX, send), [send]);

  return { online, author, entries, sealed, reloadEntries };
}
