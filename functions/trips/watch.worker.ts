// The trip watch's schedule (functions/workers.ts 'trips-watch'): watch.ts at the event's time.
import { defineWorker } from '../lib/worker';
import { watchTrips } from './watch';

export const { handler, worker } = defineWorker('trips-watch', 'schedule', async (event) => {
  await watchTrips(new Date(event.time));
});
