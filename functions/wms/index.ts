// What other domains may use of wms (docs/architecture.md §1); nothing else of it is imported from outside.
// Demo data and the bench load a warehouse in bulk, then go through the real use cases.
export { bulkLoad, type BulkWarehouse } from './bulk-load';
export { adjustInventory } from './adjusting';
export { createCount } from './cycle-counts';
export { getZone } from './zone.store';
// The chaos run's reconciliation counts the stock against the receipts and moves (scripts/bench/chaos.ts).
export { adjustmentsSince, receiptsSince } from './movement.store';
