// Automatic re-planning's watch of unloads (functions/workers.ts 'planner-overruns', issue #58.2): every
// 5 minutes, at each facility that re-plans itself, a truck at work past its length re-plans the day once.
import { defineWorker } from '../lib/worker';
import { watchOverruns } from './replan';

export const { handler, worker } = defineWorker('planner-overruns', 'schedule', async () => {
  await watchOverruns();
});
