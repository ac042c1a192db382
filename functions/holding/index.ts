// What other domains may use of holding (docs/architecture.md §1): nothing yet. Its routes are the queue
// and the holding area (shared/routes/holding.ts); its worker runs the call forward and its deadlines
// (functions/workers.ts 'holding-call-forward').
export {};
