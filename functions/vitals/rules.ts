// The histogram a day's bucket keeps of each metric (one counter per bin, added to atomically), and
// the 75th percentile read back from it. The bins are finest around the thresholds the browser rates
// by (LCP 2.5 s / 4 s, INP 200 / 500 ms, CLS 0.1 / 0.25), and an edge sits on each of them.
import type { VitalMetric } from '../../shared/contracts/vitals';

/** Upper edges of the bins (a value falls in the first bin whose edge it does not pass); one more bin past the last. */
export const BIN_EDGES: Record<VitalMetric, readonly number[]> = {
  LCP: [500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10_000, 15_000],
  INP: [50, 100, 150, 200, 250, 300, 400, 500, 700, 1000, 2000],
  CLS: [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.5, 1],
};

export function binOf(metric: VitalMetric, value: number): number {
  const edges = BIN_EDGES[metric];
  const i = edges.findIndex((edge) => value <= edge);
  return i === -1 ? edges.length : i;
}

/** Bin counts added together (several days, several device classes). */
export function addHistograms(histograms: readonly (readonly number[])[]): number[] {
  const sum: number[] = [];
  for (const h of histograms) h.forEach((n, i) => (sum[i] = (sum[i] ?? 0) + n));
  return sum;
}

/**
 * The 75th percentile of a histogram: the upper edge of the bin that holds the 75th-percentile
 * value (a value past the last edge answers the last edge: "more than"). Null when it is empty.
 */
export function p75Of(metric: VitalMetric, histogram: readonly number[]): { p75: number; count: number } | null {
  const count = histogram.reduce((s, n) => s + (n ?? 0), 0);
  if (!count) return null;
  const edges = BIN_EDGES[metric];
  const rank = Math.ceil(count * 0.75);
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i] ?? 0;
    if (seen >= rank) return { p75: edges[Math.min(i, edges.length - 1)]!, count };
  }
  return { p75: edges[edges.length - 1]!, count };
}
