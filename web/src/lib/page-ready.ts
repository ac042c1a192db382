// When work that the first paint does not need may start, so that its downloads do not compete with
// the first screen's code and data on a slow phone network (issue #34).

/** Resolves once the page's own resources have loaded (the `load` event), at once if that is past. */
export function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => addEventListener('load', () => resolve(), { once: true }));
}

/** Waits at most this long for an idle moment: a page that keeps the browser busy still gets its turn. */
const IDLE_TIMEOUT_MS = 3000;

/** Resolves after the page has loaded, when the browser is next idle. */
export async function browserIdle(): Promise<void> {
  await pageLoaded();
  await new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}
