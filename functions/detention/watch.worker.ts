// The detention worker's schedule (functions/workers.ts 'detention-watch'): watch.ts at the event's time.
import { defineWorker } from '../lib/worker';
import { watchDetention } from './watch';

export const { handler, worker } = defineWorker('detention-watch', 'schedule', async (event) => {
  await watchDetention(new Date(event.time));
});
