// Waits for the machine to be quiet before a browser measure. Lighthouse and the interactions time a
// page on a CPU slowed 4x; what the bench itself left running (the database compacting after the
// warehouse load and the 500 bookings, the stream workers draining) would be charged to the page,
// four times over, and no phone has that load. Linux only (/proc/stat); elsewhere it does not wait.
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

const BUSY_BELOW = 0.25;
const SAMPLE_MS = 1000;
const MAX_SECONDS = 30;

function cpuTimes(): { busy: number; total: number } {
  // First line: "cpu  user nice system idle iowait irq softirq steal ..." (in clock ticks).
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

/** The share of all cores busy over the next `ms`. */
async function busyShare(ms: number): Promise<number> {
  const before = cpuTimes();
  await sleep(ms);
  const after = cpuTimes();
  return (after.busy - before.busy) / Math.max(1, after.total - before.total);
}

/**
 * Returns when the CPU was under 25 % busy for two samples of a second in a row, or after 30 s (then
 * the measure runs anyway, and the report says how busy the machine was).
 */
export async function untilQuiet(): Promise<{ waitedS: number; busyPct: number }> {
  if (!existsSync('/proc/stat')) return { waitedS: 0, busyPct: Number.NaN };
  const started = performance.now();
  let quietSamples = 0;
  let busy = 1;
  while (quietSamples < 2 && performance.now() - started < MAX_SECONDS * 1000) {
    busy = await busyShare(SAMPLE_MS);
    quietSamples = busy < BUSY_BELOW ? quietSamples + 1 : 0;
  }
  return { waitedS: Math.round((performance.now() - started) / 1000), busyPct: Math.round(busy * 100) };
}
