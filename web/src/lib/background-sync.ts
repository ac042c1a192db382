// Background Sync where the browser has it (issue #31): an outbox that queued something offline asks
// the browser to wake the service worker when the network returns (web/public/sw-background-sync.js),
// which asks the open pages to send it. Where SyncManager is absent nothing is registered and the
// outbox's own triggers (the `online` event, app start, every minute) send it as before.

/** The tag of an outbox; the service worker answers only tags with this prefix. */
const tagOf = (outbox: string) => `docksaathi-outbox:${outbox}`;

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks for a background sync of the outbox; silently nothing where the browser cannot. */
export async function requestBackgroundSync(outbox: string): Promise<void> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  const registration = (await navigator.serviceWorker.ready) as SyncRegistration;
  await registration.sync?.register(tagOf(outbox)).catch(() => undefined);
}

/**
 * Sends the outbox when the service worker asks; `send` answers whether nothing is left waiting (the
 * sync is then complete, else the browser tries again later). Answers the function that stops listening.
 */
export function onBackgroundSync(outbox: string, send: () => Promise<boolean>): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const listener = (event: MessageEvent) => {
    const data = event.data as { type?: string; tag?: string } | null;
    if (data?.type !== 'background-sync' || data.tag !== tagOf(outbox)) return;
    const answer = (sent: boolean) => event.ports[0]?.postMessage({ sent });
    send().then(answer, () => answer(false));
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
