// A small circuit breaker per tenant and source: after FAILURES answers in a row that were not had
// (timeouts, 5xx, garbage), the source is skipped for OPEN_MS, so a registry that is down costs the
// gate nothing but a HOLD naming it; the first call after that is a trial. Per Lambda instance.
export const BREAKER = { failures: 5, openMs: 30_000 };

const states = new Map<string, { failures: number; openUntil: number }>();

export function breakerOpen(key: string, now = Date.now()): number {
  const s = states.get(key);
  return s && s.openUntil > now ? s.openUntil - now : 0;
}

export function recordSuccess(key: string) {
  states.delete(key);
}

export function recordFailure(key: string, now = Date.now()) {
  const s = states.get(key) ?? { failures: 0, openUntil: 0 };
  s.failures += 1;
  if (s.failures >= BREAKER.failures) {
    s.openUntil = now + BREAKER.openMs;
    s.failures = 0;
  }
  states.set(key, s);
}

/** Tests start each case closed. */
export const resetBreakers = () => states.clear();
