// The circuit breaker every call out of the platform shares (outbound HTTP per caller and host, the
// gate's registry sources per tenant and source): after BREAKER.failures failures in a row the key is
// not tried for BREAKER.openMs, so a receiver or registry that is down costs a request nothing but a
// clear answer; the first call after that is a trial. State is per Lambda instance.
export const BREAKER = { failures: 5, openMs: 30_000 };

export interface CircuitBreaker {
  /** How long the key stays open (ms); 0 when it may be called. */
  openFor(key: string, now?: number): number;
  /** What a call under the key gave: a success closes it, a failure counts towards opening it. */
  record(key: string, failed: boolean, now?: number): void;
  /** Tests start each case with every key closed. */
  reset(): void;
}

export function circuitBreaker(): CircuitBreaker {
  const states = new Map<string, { failures: number; openUntil: number }>();
  return {
    openFor(key, now = Date.now()) {
      const state = states.get(key);
      return state && state.openUntil > now ? state.openUntil - now : 0;
    },
    record(key, failed, now = Date.now()) {
      if (!failed) return void states.delete(key);
      const state = states.get(key) ?? { failures: 0, openUntil: 0 };
      state.failures += 1;
      if (state.failures >= BREAKER.failures) Object.assign(state, { failures: 0, openUntil: now + BREAKER.openMs });
      states.set(key, state);
    },
    reset: () => states.clear(),
  };
}
