// The local stand-in for the EventBridge rules of schedule workers: runs each job on its rate, with
// the event a scheduled rule sends. A run still going when the next one is due skips that one.
import { randomUUID } from 'node:crypto';
import type { ScheduledEvent } from 'aws-lambda';
import { LOCAL_REGION } from './services';

const UNIT_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** The period of a `rate(n unit)` expression in milliseconds. */
export function rateMilliseconds(expression: string): number {
  const match = /^rate\((\d+) (minute|hour|day)s?\)$/.exec(expression.trim());
  const amount = Number(match?.[1]);
  if (!match || !(amount > 0))
    throw new Error(`Unsupported schedule expression "${expression}": use rate(<n> minute(s)|hour(s)|day(s))`);
  return amount * UNIT_MS[match[2]!]!;
}

export function scheduledEvent(rule: string, at = new Date()): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: at.toISOString(),
    region: LOCAL_REGION,
    resources: [`arn:aws:events:${LOCAL_REGION}:000000000000:rule/${rule}`],
    detail: {},
  };
}

export interface ScheduledJob {
  name: string;
  expression: string;
  run: (event: ScheduledEvent) => Promise<unknown>;
}

/** Starts every job on its rate; the first run is one period after the start, as with a new rule. */
export function startScheduler(jobs: ScheduledJob[], onError: (job: string, err: unknown) => void) {
  const running = new Map<string, Promise<unknown>>();
  const timers = jobs.map((job) =>
    setInterval(() => {
      if (running.has(job.name)) return;
      const run = job
        .run(scheduledEvent(job.name))
        .catch((err) => onError(job.name, err))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }, rateMilliseconds(job.expression)),
  );
  return {
    /** Stops the timers and waits for the runs in progress. */
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
