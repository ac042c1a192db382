// Whether this device can open the app with no network (issue #53): only then may a screen say that
// something is "saved for offline use". The app's service worker (web/vite.config.ts) becomes active
// only once it has cached the whole build, and the app's page (index.html, which opens every route) is
// then in its cache: until both, a reload with no network gets the browser's no-internet page, whatever
// IndexedDB holds. The worker is registered on every page's first load (web/src/app/installable-app.tsx);
// this waits for it, once for every screen that asks.
import { useEffect, useSyncExternalStore } from 'react';

/** 'saving' until the page is in the worker's cache; 'unavailable' where there is no service worker. */
export type AppShellState = 'saving' | 'saved' | 'unavailable';

/** The page every route of the app opens from (the worker's navigation fallback). */
const APP_PAGE = '/index.html';
const RECHECK_MS = 1_000;

// No worker in vite dev (the build's), nor where the browser has none.
let state: AppShellState =
  import.meta.env.PROD && 'serviceWorker' in navigator && 'caches' in window ? 'saving' : 'unavailable';
let watching = false;
const listeners = new Set<() => void>();

/** The worker is active (it precached the build when installing) and the app's page is in its cache. */
async function appPageCached(): Promise<boolean> {
  await navigator.serviceWorker.ready;
  // Workbox keys the page with its revision (`?__WB_REVISION__=`).
  return (await caches.match(APP_PAGE, { ignoreSearch: true })) !== undefined;
}

function watch(): void {
  if (watching || state !== 'saving') return;
  watching = true;
  const check = async () => {
    if (!(await appPageCached().catch(() => false))) return void setTimeout(() => void check(), RECHECK_MS);
    state = 'saved';
    for (const listener of listeners) listener();
  };
  void check();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Whether a reload with no network opens this page: 'saved' once the app's page is in the worker's cache. */
export function useAppShell(): AppShellState {
  useEffect(watch, []);
  return useSyncExternalStore(subscribe, () => state);
}
