// A run of the retry worker (docs/decisions.md, Integrations): every tenant with pending deliveries
// gets its due ones read (at most PER_TENANT_PER_RUN), and they are attempted round-robin over the
// tenants, PARALLEL at once overall and at most PER_TENANT_PARALLEL of one tenant, so a tenant whose
// receiver hangs holds two slots for its timeout while every other tenant's deliveries go on. Each
// attempt first takes the delivery's lease; a delivery held by an overlapping run is skipped.
// New attempts start only within RUN_BUDGET_MS; what is left, the next run (a minute later) takes.
import { randomUUID } from 'node:crypto';
import { logger } from '../lib/logger';
import { attemptDelivery, DELIVERY_LEASE_MS } from './deliveries';
import {
  forgetIdleTenant,
  leaseDelivery,
  listDueDeliveryKeys,
  listDueTenants,
  type DeliveryKey,
} from './delivery.store';

export const RUN_LIMITS = { perTenantPerRun: 10, parallel: 10, perTenantParallel: 2, budgetMs: 45_000 };
/** A registry marker younger than this stays even when its tenant's due list looks empty (the index may lag). */
const IDLE_GRACE_MS = 5 * 60_000;

/**
 * Works through queues round-robin: the next item comes from the queue after the last one served
 * that has items and fewer than `perQueue` in flight; at most `parallel` at once; none started after
 * `until` (a wall-clock instant).
 */
export function serveRoundRobin<T>(
  queues: T[][],
  work: (item: T) => Promise<void>,
  limits: { parallel: number; perQueue: number; until: number },
): Promise<void> {
  const inFlight = queues.map(() => 0);
  let cursor = 0;
  let running = 0;
  return new Promise<void>((resolve) => {
    const pick = (): number => {
      for (let step = 0; step < queues.length; step++) {
        const i = (cursor + step) % queues.length;
        if (queues[i]!.length && inFlight[i]! < limits.perQueue) {
          cursor = i + 1;
          return i;
        }
      }
      return -1;
    };
    const next = () => {
      while (running < limits.parallel && Date.now() < limits.until) {
        const i = pick();
        if (i < 0) break;
        const item = queues[i]!.shift()!;
        inFlight[i]!++;
        running++;
        void work(item).finally(() => {
          inFlight[i]!--;
          running--;
          next();
        });
      }
      if (running === 0) resolve();
    };
    next();
  });
}

/** Attempts the pending deliveries due by `dueBy` (the run's scheduled time); the number attempted. */
export async function retryDueDeliveries(dueBy: Date): Promise<number> {
  const started = Date.now();
  // The run's clock starts at its scheduled time and runs on with the wall clock.
  const clock = () => new Date(dueBy.getTime() + (Date.now() - started));
  const tenants = await listDueTenants();
  const queues: DeliveryKey[][] = [];
  for (let i = 0; i < tenants.length; i += RUN_LIMITS.parallel) {
    queues.push(
      ...(await Promise.all(
        tenants
          .slice(i, i + RUN_LIMITS.parallel)
          .map((t) => listDueDeliveryKeys(t.tenantId, dueBy, RUN_LIMITS.perTenantPerRun)),
      )),
    );
  }
  const idle = tenants.filter((_, i) => queues[i]!.length === 0);
  let attempted = 0;
  await serveRoundRobin(
    queues,
    async (key) => {
      try {
        const at = clock();
        const leased = await leaseDelivery(key, randomUUID(), at, new Date(at.getTime() + DELIVERY_LEASE_MS));
        if (!leased) return;
        attempted++;
        await attemptDelivery(leased);
      } catch (err) {
        // Its lease runs out and a later run tries again; the other deliveries go on.
        logger.error('webhook delivery attempt failed', {
          tenantId: key.tenantId,
          eventId: key.eventId,
          subscriptionId: key.subscriptionId,
          err: err instanceof Error ? err.message : String(err),
        });
      }
    },
    { parallel: RUN_LIMITS.parallel, perQueue: RUN_LIMITS.perTenantParallel, until: started + RUN_LIMITS.budgetMs },
  );
  await Promise.all(idle.map((t) => forgetIdleTenant(t, new Date(clock().getTime() - IDLE_GRACE_MS))));
  return attempted;
}
