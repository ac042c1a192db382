// Whether the API answers. `navigator.onLine` only says that the device has a network: a phone on a
// dead cell, a gate tablet behind a Wi-Fi with no way out, or a page the service worker opened while the
// network was gone (Chromium 150 then reports "online") all say "online" with nothing answering. Every
// API call (api-client.ts) notes whether an answer came: a call that could not reach the server makes
// the app offline until one does (use-checkin-outbox.ts asks again while it waits).
let reachable = true;
const listeners = new Set<() => void>();

/** Notes whether the last call reached the server (any HTTP answer) or failed on the network. */
export function noteReachable(answered: boolean): void {
  if (answered === reachable) return;
  reachable = answered;
  for (const listener of listeners) listener();
}

export const isReachable = (): boolean => reachable;

/** A network, and the server answering on it (the last call reached it). */
export const isOnline = (): boolean => navigator.onLine && reachable;

export function subscribeReachable(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
