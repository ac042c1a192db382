// What other parts may use of integrations (docs/architecture.md §1): the local stack's scheduler
// hooks. Nothing else of it is imported from outside.
export { useLocalSyncScheduler, type SyncScheduler } from './schedules';
export { runScheduledSync } from './scheduled-sync';
export { listActiveSystemsAllTenants } from './system.store';
// A driver's erasure (issue #52): the copies of the person in webhook deliveries, by the ids of the events about them.
export { eraseFromWebhookDeliveries } from './erase-person';
// The chaos run's reconciliation counts a subscription's deliveries (scripts/bench/chaos.ts).
export { listDeliveries } from './delivery.store';
