// Faults on demand in an integration test (functions/local/faults.ts, the switch `npm start` reads
// from FAULTS): installed on the test's own clients after startTestApi, switched on for the act only.
export interface Faults {
  /** Injects these kinds at these rates (at most `limits` of a kind), drawn from `seed`. */
  on: (rates: Record<string, number>, limits?: Record<string, number>, seed?: number) => void;
  off: () => void;
  /** The faults injected since they were switched on, by kind. */
  injected: () => Record<string, number>;
}

export async function useFaults(): Promise<Faults> {
  const faults = await import('../../functions/local/faults');
  await faults.installFaults();
  return {
    on: (rates, limits, seed = 55) => faults.switchFaults({ rates, limits, seed }),
    off: () => faults.switchFaults(null),
    injected: () => faults.injectedFaults(),
  };
}
