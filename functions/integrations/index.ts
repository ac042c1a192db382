// What other parts may use of integrations (docs/architecture.md §1): the local stack's scheduler
// hooks. Nothing else of it is imported from outside.
export { useLocalSyncScheduler, type SyncScheduler } from './schedules';
export { runScheduledSync } from './scheduled-sync';
export { listActiveSystemsAllTenants } from './system.store';
// The outbound HTTP call with its SSRF guard and timeout, also used by the gate's ULIP client (#21).
export { callExternal, ExternalCallError, publicAddressProblem } from './outbound-http';
