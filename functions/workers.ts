// The asynchronous work of the product, beside the HTTP functions of the route table: every worker
// with its entry module, its trigger and the access it needs. The CDK stack (lib/workers.ts) makes
// one Lambda per worker with its trigger and grants; the local stack runs the same modules (a local
// scheduler for schedules, a DynamoDB Local stream poller for stream workers). A worker's module
// lives in its domain and exports `handler` made with `defineWorker` (functions/lib/worker.ts).
import type { FunctionAccess } from '../lib/access';

/** A DynamoDB change on the table: which kinds, of which items (the `entity` attribute). */
export interface StreamFilter {
  eventNames?: ('INSERT' | 'MODIFY' | 'REMOVE')[];
  entities?: string[];
}

export type WorkerTrigger =
  // Runs on a rate, e.g. 'rate(15 minutes)' (EventBridge rule deployed, the local scheduler locally).
  | { kind: 'schedule'; expression: `rate(${number} ${'minute' | 'minutes' | 'hour' | 'hours' | 'day' | 'days'})` }
  // Receives the table's changes (new and old images) in batches, filtered before it is invoked.
  | { kind: 'stream'; filter?: StreamFilter }
  // Receives messages from its own SQS queue (with a dead-letter queue) in batches.
  | { kind: 'queue' };

export type TriggerKind = WorkerTrigger['kind'];

export interface WorkerDefinition {
  /** kebab-case; the Lambda, its log group and its queue are named after it. */
  name: string;
  /** Module (from the repo's root) that exports `handler`, e.g. 'functions/messaging/deliver.worker.ts'. */
  entry: string;
  trigger: WorkerTrigger;
  /** What it may touch besides its trigger (reading its own stream or queue is granted with it). */
  access: FunctionAccess | null;
  /** Seconds one invocation may run (default 60). */
  timeoutSeconds?: number;
  /**
   * Packages installed beside the worker's bundle instead of bundled into it: HiGHS (`highs`) loads its
   * WebAssembly from its own folder by its module's URL, which a CommonJS bundle does not have.
   */
  nodeModules?: readonly string[];
}

const CHANGES = ['INSERT', 'MODIFY', 'REMOVE'] as const;

/**
 * The filter as Lambda event-filtering patterns (any one matches). A removed item has only its old
 * image, so its entity is read there; inserted and modified items are matched on their new image.
 */
export function streamFilterPatterns(filter: StreamFilter | undefined): Record<string, unknown>[] {
  if (!filter?.eventNames && !filter?.entities) return [];
  const names = filter.eventNames ?? [...CHANGES];
  if (!filter.entities) return [{ eventName: names }];
  const entity = { entity: { S: filter.entities } };
  const present = names.filter((n) => n !== 'REMOVE');
  return [
    ...(present.length ? [{ eventName: present, dynamodb: { NewImage: entity } }] : []),
    ...(names.includes('REMOVE') ? [{ eventName: ['REMOVE'], dynamodb: { OldImage: entity } }] : []),
  ];
}

/** The same filter applied to one stream record (the local stream poller). */
export function matchesStreamFilter(
  record: {
    eventName?: string;
    dynamodb?: { NewImage?: Record<string, { S?: string }>; OldImage?: Record<string, { S?: string }> };
  },
  filter: StreamFilter | undefined,
): boolean {
  const names: readonly string[] = filter?.eventNames ?? CHANGES;
  if (!record.eventName || !names.includes(record.eventName)) return false;
  if (!filter?.entities) return true;
  const image = record.eventName === 'REMOVE' ? record.dynamodb?.OldImage : record.dynamodb?.NewImage;
  const entity = image?.entity?.S;
  return entity !== undefined && filter.entities.includes(entity);
}

// No production worker yet: the first ones come with messaging and the integrations (their issues).
// The plumbing is proven by the fixture workers of test/support/workers.
export const WORKERS: readonly WorkerDefinition[] = [
  // The dashboard's and analytics' read model: day counters per facility from appointment and check-in changes.
  {
    name: 'day-figures',
    entry: 'functions/insights/day-figures.worker.ts',
    trigger: { kind: 'stream', filter: { entities: ['appointment', 'checkin'] } },
    access: { table: 'readWrite' },
  },
  // Outbound webhooks: each domain event to its subscriptions (attempted at once), and the retries with backoff.
  // Their KMS grant (subscription secrets) comes from lib/integrations.ts.
  {
    name: 'integrations-webhooks',
    entry: 'functions/integrations/webhook-fanout.worker.ts',
    trigger: { kind: 'stream', filter: { eventNames: ['INSERT'], entities: ['domain-event'] } },
    access: { table: 'readWrite' },
    timeoutSeconds: 120,
  },
  {
    name: 'integrations-webhook-retries',
    entry: 'functions/integrations/webhook-retry.worker.ts',
    trigger: { kind: 'schedule', expression: 'rate(1 minute)' },
    access: { table: 'readWrite' },
    timeoutSeconds: 300,
  },
  // Messaging (issue #15): every domain event to the bus once; the driver notifier (SMS/WhatsApp/voice, sends
  // retried then failed over); the delay job. Their KMS and provider grants come from lib/messaging.ts.
  {
    name: 'event-forwarder',
    entry: 'functions/messaging/event-forwarder.worker.ts',
    trigger: { kind: 'stream', filter: { eventNames: ['INSERT'], entities: ['domain-event'] } },
    access: { table: 'readWrite', events: true },
  },
  {
    name: 'messaging-notifier',
    entry: 'functions/messaging/notifier.worker.ts',
    trigger: { kind: 'stream', filter: { eventNames: ['INSERT'], entities: ['domain-event'] } },
    access: { table: 'readWrite', messaging: true },
    timeoutSeconds: 120,
  },
  {
    name: 'messaging-delay-alerts',
    entry: 'functions/messaging/delay-alerts.worker.ts',
    trigger: { kind: 'schedule', expression: 'rate(5 minutes)' },
    access: { table: 'readWrite' },
  },
  // Reminders (issue #32): each scheduled appointment's driver once, at the facility's lead time before the start.
  {
    name: 'messaging-reminders',
    entry: 'functions/messaging/reminders.worker.ts',
    trigger: { kind: 'schedule', expression: 'rate(5 minutes)' },
    access: { table: 'readWrite', messaging: true },
    timeoutSeconds: 120,
  },
  // Gate compliance (issue #21): a new booking's vehicle and e-way bill checked against ULIP in the background,
  // its hint on the appointment. The KMS grant (the tenant's sealed ULIP password) comes from lib/platform.ts.
  {
    name: 'gate-booking-hints',
    entry: 'functions/gate/booking-hint.worker.ts',
    trigger: { kind: 'stream', filter: { eventNames: ['INSERT'], entities: ['appointment'] } },
    access: { table: 'readWrite' },
    timeoutSeconds: 60,
  },
  // Where is my truck (issue #33): FASTag crossings of today's and tomorrow's watched trucks, their
  // estimates, and the late-truck alert with its driver message. KMS (ULIP password, reslot key) in lib/platform.ts.
  {
    name: 'trips-watch',
    entry: 'functions/trips/watch.worker.ts',
    trigger: { kind: 'schedule', expression: 'rate(5 minutes)' },
    access: { table: 'readWrite', messaging: true },
    timeoutSeconds: 300,
  },
  // Retention by each tenant's policy (issue #36): files past it deleted, old message bodies deleted, closed
  // appointments' personal fields masked, and a report per tenant and run.
  {
    name: 'privacy-retention',
    entry: 'functions/privacy/retention.worker.ts',
    trigger: { kind: 'schedule', expression: 'rate(1 day)' },
    access: { table: 'readWrite', uploads: 'readWrite' },
    timeoutSeconds: 900,
  },
  // The tenant's whole-data export (issue #36): each export asked for, built into its archive in the bucket.
  // It reads every item of the tenant with a Scan filtered to it (functions/lib/tenant-items.ts says why).
  {
    name: 'privacy-tenant-export',
    entry: 'functions/privacy/export.worker.ts',
    trigger: { kind: 'stream', filter: { eventNames: ['INSERT'], entities: ['tenant-export'] } },
    access: { table: 'readWrite', uploads: 'readWrite', scan: true },
    timeoutSeconds: 900,
  },
  // A driver's erasure (issue #52): each request the admin accepted carried out from its stored cursor, then completed.
  {
    name: 'privacy-erasure',
    entry: 'functions/privacy/erasure.worker.ts',
    trigger: { kind: 'stream', filter: { eventNames: ['MODIFY'], entities: ['erasure-request'] } },
    access: { table: 'readWrite', uploads: 'readWrite' },
    timeoutSeconds: 900,
  },
  // Closed tenants (issue #36): each one whose 30-day grace has ended erased, items and files, once a day.
  {
    name: 'tenancy-closing',
    entry: 'functions/tenancy/closing.worker.ts',
    trigger: { kind: 'schedule', expression: 'rate(1 day)' },
    access: { table: 'readWrite', uploads: 'readWrite', scan: true },
    timeoutSeconds: 900,
  },
  // Sign-in codes (issue #52): the SMS of a code asked for, sent from the code's item (the request only
  // writes it, alike for numbers held or not). The KMS grant (the sealed code) comes from lib/platform.ts.
  {
    name: 'auth-sign-in-codes',
    entry: 'functions/auth/sign-in-code.worker.ts',
    trigger: { kind: 'stream', filter: { eventNames: ['INSERT', 'MODIFY'], entities: ['sign-in-code'] } },
    access: { table: 'readWrite', messaging: true },
  },
  // WhatsApp and SMS conversations (issue #56): each message recorded by the webhook (or an inbound SMS recorded by
  // messaging) answered one at a time per number and tenant, in order; the replies sent through messaging.
  // Its KMS grant (the hubs' provider secrets) comes from lib/messaging.ts.
  {
    name: 'chat-inbox',
    entry: 'functions/chat/inbox.worker.ts',
    trigger: { kind: 'stream', filter: { eventNames: ['INSERT'], entities: ['chat-inbound', 'sms-inbound'] } },
    access: { table: 'readWrite', messaging: true },
    timeoutSeconds: 180,
  },
  // Dwell and detention (issue #57): the trucks on site assessed every 5 minutes, detention.started sent once a
  // truck's free time has passed and detention.closed (with its figures for the dashboard) once it has left.
  {
    name: 'detention-watch',
    entry: 'functions/detention/watch.worker.ts',
    trigger: { kind: 'schedule', expression: 'rate(5 minutes)' },
    access: { table: 'readWrite' },
    timeoutSeconds: 300,
  },
  // The door plan (issue #58.2): each proposal staff ask for solved by the MILP solver (HiGHS, WebAssembly: bundled
  // here, never in an HTTP function), greedy past its time limit, its result written on the proposal.
  {
    name: 'planner-proposals',
    entry: 'functions/planner/solve.worker.ts',
    trigger: { kind: 'stream', filter: { eventNames: ['INSERT'], entities: ['plan-proposal'] } },
    access: { table: 'readWrite' },
    timeoutSeconds: 60,
    nodeModules: ['highs'],
  },
  // Automatic re-planning (issue #58.2), at the facilities that turned it on: a trip's new ETA that makes its
  // truck late or early, and every 5 minutes an unload past its length, ask for a proposal of the day (solved by
  // 'planner-proposals', which applies it to the trucks still on their way).
  {
    name: 'planner-replan',
    entry: 'functions/planner/replan.worker.ts',
    trigger: { kind: 'stream', filter: { eventNames: ['INSERT', 'MODIFY'], entities: ['trip'] } },
    access: { table: 'readWrite' },
    timeoutSeconds: 60,
  },
  {
    name: 'planner-overruns',
    entry: 'functions/planner/overrun.worker.ts',
    trigger: { kind: 'schedule', expression: 'rate(5 minutes)' },
    access: { table: 'readWrite' },
    timeoutSeconds: 120,
  },
  // Yard moves as tasks (issue #58.4): a door given to (or released by) a truck whose trailer is dropped in the
  // yard makes its spot -> door (door -> spot) move for yard staff.
  {
    name: 'yard-tasks',
    entry: 'functions/yard/tasks.worker.ts',
    trigger: { kind: 'stream', filter: { eventNames: ['MODIFY'], entities: ['appointment'] } },
    access: { table: 'readWrite' },
  },
  // The holding area's call forward (issue #58.3), every minute over the facilities that turned it on: a door that
  // freed goes to the next driver in holding, called with a deadline; a called driver past it is skipped, the next called.
  // A schedule, not the stream: it reads only those facilities, where a stream worker would wake for every event.
  {
    name: 'holding-call-forward',
    entry: 'functions/holding/call-forward.worker.ts',
    trigger: { kind: 'schedule', expression: 'rate(1 minute)' },
    access: { table: 'readWrite', messaging: true },
    timeoutSeconds: 120,
  },
  // Standing appointments (issue #32): every active series booked ahead to today plus 8 weeks, once a day.
  {
    name: 'series-horizon',
    entry: 'functions/series/horizon.worker.ts',
    trigger: { kind: 'schedule', expression: 'rate(1 day)' },
    access: { table: 'readWrite' },
    timeoutSeconds: 300,
  },
];
