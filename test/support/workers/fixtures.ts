// Workers that exist only for the tests of the worker plumbing (defineWorker, the local scheduler
// and stream poller, the CDK wiring), one per trigger kind, registered like functions/workers.ts.
import type { WorkerDefinition } from '../../../functions/workers';

export const TICK_WORKER: WorkerDefinition = {
  name: 'test-tick',
  entry: 'test/support/workers/tick.worker.ts',
  trigger: { kind: 'schedule', expression: 'rate(5 minutes)' },
  access: null,
};

export const CHANGES_WORKER: WorkerDefinition = {
  name: 'test-changes',
  entry: 'test/support/workers/changes.worker.ts',
  trigger: { kind: 'stream', filter: { entities: ['appointment'] } },
  access: { table: 'read' },
};

export const INBOX_WORKER: WorkerDefinition = {
  name: 'test-inbox',
  entry: 'test/support/workers/inbox.worker.ts',
  trigger: { kind: 'queue' },
  access: { table: 'readWrite' },
};

export const FIXTURE_WORKERS = [TICK_WORKER, CHANGES_WORKER, INBOX_WORKER];
