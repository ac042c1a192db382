// Rate limits count in fixed windows aligned to the epoch (functions/lib/throttle.ts): a test that fills
// one and then expects a refusal fails when its requests straddle a window's end (CI runs at any instant).

/** How long a test that calls awayFromWindowEnd may take: the suite's 30 s for its own requests, plus up
 * to a minute waiting for the next window (a test at the default timeout failed whenever it waited). */
export const WITH_WINDOW_WAIT_MS = 100_000;

/**
 * Waits for the next window when fewer than `needSeconds` are left of the current one, so that the
 * requests a test sends against `window`'s limit are all counted in one window.
 */
export async function awayFromWindowEnd(window: { windowSeconds: number }, needSeconds = 60): Promise<void> {
  const windowMs = window.windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < Math.min(needSeconds * 1000, windowMs / 2)) await new Promise((r) => setTimeout(r, left + 100));
}
