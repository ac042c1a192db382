// The local stand-in for the systems' EventBridge Scheduler schedules: schedules registered at run time
// (a system created, edited, deactivated or deleted) on timers in this process, restored on start for
// the active systems already in the table. A run still going when the next is due skips that one,
// as with the worker schedules (scheduler.ts).
import {
  listActiveSystemsAllTenants,
  runScheduledSync,
  useLocalSyncScheduler,
  type SyncScheduler,
} from '../integrations';

export interface LocalSyncSchedulesOptions {
  /** Multiplies every period (tests use a small factor so a 60 s schedule fires in a moment). */
  timeScale?: number;
  onError: (systemId: string, err: unknown) => void;
}

export async function startLocalSyncSchedules(options: LocalSyncSchedulesOptions) {
  const timeScale = options.timeScale ?? 1;
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  const scheduler: SyncScheduler = {
    async put({ tenantId, id, syncFrequency }) {
      clearInterval(timers.get(id));
      const tick = () => {
        if (running.has(id)) return;
        const run = runScheduledSync(tenantId, id)
          .catch((err) => options.onError(id, err))
          .finally(() => running.delete(id));
        running.set(id, run);
      };
      timers.set(id, setInterval(tick, Math.max(10, syncFrequency * 1000 * timeScale)));
    },
    async remove({ id }) {
      clearInterval(timers.get(id));
      timers.delete(id);
    },
  };
  useLocalSyncScheduler(scheduler);
  for (const system of await listActiveSystemsAllTenants()) await scheduler.put(system);
  return {
    /** The ids of the systems with a schedule. */
    scheduled: () => [...timers.keys()],
    stop: async () => {
      useLocalSyncScheduler(null);
      for (const timer of timers.values()) clearInterval(timer);
      timers.clear();
      await Promise.all(running.values());
    },
  };
}
