// The device's outbox of check-ins made with a gate pass (issue #31), the gate screen's and the
// driver's own: read from IndexedDB (through React Query, which must not wait for a network to read
// the device) and sent whenever the network is there: on opening, on the browser's `online` event,
// every minute while online, and when the service worker's Background Sync asks.
import { useCallback, useEffect, useState } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { onBackgroundSync } from '../../lib/background-sync';
import { GATE_OUTBOX, sendOutbox } from './api/gate-pass';
import { outboxEntries, type OutboxEntry } from './gate-store';

const SEND_MS = 60_000;

const outboxQuery = queryOptions({
  networkMode: 'always',
  staleTime: Infinity,
  queryKey: ['gate-device', 'outbox'],
  queryFn: outboxEntries,
});

function useOnline(): boolean {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** Runs `task` now and every `everyMs` while online. */
export function useWhileOnline(online: boolean, task: () => Promise<unknown>, everyMs: number) {
  useEffect(() => {
    if (!online) return;
    const first = setTimeout(() => void task(), 0);
    const timer = setInterval(() => void task(), everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [online, task, everyMs]);
}

/** The outbox's check-ins, kept sent; `reloadEntries` after queueing one. */
export function useCheckinOutbox() {
  const online = useOnline();
  const queryClient = useQueryClient();
  const entries: OutboxEntry[] = useQuery(outboxQuery).data ?? [];
  const reloadEntries = useCallback(() => queryClient.invalidateQueries(outboxQuery), [queryClient]);
  const send = useCallback(async () => {
    const sent = await sendOutbox();
    await reloadEntries();
    return sent;
  }, [reloadEntries]);

  useWhileOnline(online, send, SEND_MS);
  useEffect(() => onBackgroundSync(GATE_OUTBOX, send), [send]);

  return { online, entries, reloadEntries };
}
