// Fixture schedule worker: remembers each run's event.
import type { ScheduledEvent } from 'aws-lambda';
import { defineWorker } from '../../../functions/lib/worker';

export const runs: ScheduledEvent[] = [];

export const { worker, handler } = defineWorker('test-tick', 'schedule', async (event) => {
  runs.push(event);
});
