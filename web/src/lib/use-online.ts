// Whether the app is online, for screens (lib/reachability.ts: the device has a network and the server
// answers), followed both ways: a failed call or the browser's `offline` makes it offline, and the
// browser's `online` or any answer makes it online again. While the browser says online and the server
// does not answer (a dead cell, or a page the service worker opened with no network: Chromium then says
// "online" and never fires `online` when the network returns), the server is asked again every few
// seconds, once for all the screens that watch.
import { useEffect, useSyncExternalStore } from 'react';
import { api } from './api-client';
import { isReachable, noteReachable, subscribeReachable } from './reachability';

/** While the browser says online and the server does not answer, how often it is asked again. */
const PROBE_MS = 5_000;

// The network as the browser's events last said it (a screen follows the events, not each read).
let network = navigator.onLine;
const listeners = new Set<() => void>();
const networkIs = (now: boolean) => () => {
  network = now;
  // A network is back: try at once rather than at the next ask (a failed call says offline again).
  if (now) noteReachable(true);
  for (const listener of listeners) listener();
};
addEventListener('online', networkIs(true));
addEventListener('offline', networkIs(false));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const stop = subscribeReachable(listener);
  return () => {
    listeners.delete(listener);
    stop();
  };
}

const online = () => network && isReachable();

let probe: ReturnType<typeof setInterval> | undefined;
let watchers = 0;

/** Asks the server again (reading the session changes nothing) while any screen waits for it. */
function useProbe(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    if (watchers++ === 0) probe = setInterval(() => void api.get('/api/auth/user').catch(() => undefined), PROBE_MS);
    return () => {
      if (--watchers === 0) clearInterval(probe);
    };
  }, [active]);
}

/** Online: a network, and the server answering on it. */
export function useOnline(): boolean {
  const isOnline = useSyncExternalStore(subscribe, online);
  useProbe(network && !isOnline);
  return isOnline;
}
