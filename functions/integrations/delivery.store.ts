// Outbound webhook deliveries: one item per (domain event, subscription), made once however often the
// stream hands the event over, with every attempt on it. A pending delivery is on its tenant's sparse
// GSI2 "due" list by its next attempt time; a tenant with pending deliveries has a marker in one
// registry partition, so the retry worker finds every tenant's due list with Queries on keys, never a
// Scan, and no tenant's backlog hides another's. Before calling the receiver an attempt takes a lease
// on the delivery (a conditional write with an expiry); the result is saved only under that lease.
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, isConditionalCheckFailed, queryAll, transact, withoutKeys } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import { BadRequestError } from '../lib/errors';
import type {
  WebhookAttemptTrigger,
  WebhookDeliveryAttempt,
  WebhookDeliveryLog,
  WebhookFailure,
} from '../../shared/contracts/integrations-webhooks';

export interface DeliveryAttempt {
  at: string;
  statusCode: number | null;
  durationMs: number;
  /** What went wrong, for the logs (the screens show `failure` in words). */
  error: string | null;
  failure: WebhookFailure | null;
  trigger: WebhookAttemptTrigger;
}

export interface DeliveryRecord {
  id: string;
  tenantId: string;
  systemId: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  /** The exact body sent (and signed) on every attempt. */
  payload: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: DeliveryAttempt[];
  nextAttemptAt: string | null;
  /** The attempt holding the delivery now, and until when (null when nobody does). */
  leaseId: string | null;
  leaseUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The key of a delivery, as a due list gives it. */
export type DeliveryKey = Pick<DeliveryRecord, 'tenantId' | 'eventId' | 'subscriptionId'>;

/** A tenant with pending deliveries, as its registry marker says. */
export interface DueTenant {
  tenantId: string;
  touchedAt: string;
}

const DUE_TENANTS = 'INTEGRATIONS#DELIVERY_DUE_TENANTS';

export const deliveryKeys = {
  key: (d: DeliveryKey) => ({
    PK: tenantPk(d.tenantId, 'INTEGRATIONS', 'DELIVERY'),
    SK: `${d.eventId}#${d.subscriptionId}`,
  }),
  bySubscription: (tenantId: string, subscriptionId: string) =>
    tenantPk(tenantId, 'INTEGRATIONS', 'WEBHOOK', subscriptionId, 'DELIVERY'),
  due: (tenantId: string) => tenantPk(tenantId, 'INTEGRATIONS', 'DELIVERY_DUE'),
  /** The subscription's delivery log: one item per attempt, newest last in key order. */
  attemptLog: (tenantId: string, subscriptionId: string) =>
    tenantPk(tenantId, 'INTEGRATIONS', 'WEBHOOK', subscriptionId, 'ATTEMPT'),
  dueTenant: (tenantId: string) => ({ PK: DUE_TENANTS, SK: tenantId }),
};

/**
 * Issue #52: a delivery keeps the event's payload (a driver's phone among it) as long as the domain event
 * itself is kept (14 days, functions/lib/events.ts), then the TTL deletes it; a pending one is given up
 * long before (the retries' schedule).
 */
export const DELIVERY_RETENTION_DAYS = 14;
const expiryOf = (createdAt: string) => Math.floor(Date.parse(createdAt) / 1000) + DELIVERY_RETENTION_DAYS * 86_400;

function toItem(d: DeliveryRecord) {
  return {
    expiresAt: expiryOf(d.createdAt),
    ...deliveryKeys.key(d),
    GSI1PK: deliveryKeys.bySubscription(d.tenantId, d.subscriptionId),
    GSI1SK: `${d.createdAt}#${d.eventId}`,
    ...(d.status === 'PENDING' && d.nextAttemptAt
      ? { GSI2PK: deliveryKeys.due(d.tenantId), GSI2SK: `${d.nextAttemptAt}#${d.eventId}#${d.subscriptionId}` }
      : {}),
    entity: 'integration-delivery',
    ...d,
  };
}

/** Puts the tenant on the registry (again): done with every write that leaves a delivery pending. */
const dueTenantTouch = (tenantId: string, at: string) => ({
  Update: {
    TableName: config.tableName,
    Key: deliveryKeys.dueTenant(tenantId),
    UpdateExpression: 'SET entity = :e, tenantId = :t, touchedAt = :at',
    ExpressionAttributeValues: { ':e': 'integration-delivery-due-tenant', ':t': tenantId, ':at': at },
  },
});

class NotWritten extends Error {}

async function writeIf(items: Parameters<typeof transact>[0]): Promise<boolean> {
  try {
    await transact(items, () => new NotWritten());
    return true;
  } catch (err) {
    if (err instanceof NotWritten) return false;
    throw err;
  }
}

/** Makes the delivery (leased by the fan-out's first attempt) unless the event was already fanned out to this subscription. */
export function createDelivery(d: DeliveryRecord): Promise<boolean> {
  return writeIf([
    { Put: { TableName: config.tableName, Item: toItem(d), ConditionExpression: 'attribute_not_exists(PK)' } },
    dueTenantTouch(d.tenantId, d.createdAt),
  ]);
}

/**
 * Leases a delivery that nobody holds until `until`: a due, pending one for the retry worker, or any
 * (`due: false`) for an attempt a person asked for (Resend). The delivery as it is now, or null when
 * it is held, done or not due (or gone).
 */
export async function leaseDelivery(
  key: DeliveryKey,
  leaseId: string,
  at: Date,
  until: Date,
  { due }: { due: boolean } = { due: true },
): Promise<DeliveryRecord | null> {
  const free = '(attribute_not_exists(leaseUntil) OR leaseUntil = :null OR leaseUntil < :at)';
  try {
    const res = await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: deliveryKeys.key(key),
        UpdateExpression: 'SET leaseId = :lease, leaseUntil = :until',
        ConditionExpression: due
          ? `#status = :pending AND nextAttemptAt <= :at AND ${free}`
          : `attribute_exists(PK) AND ${free}`,
        ...(due ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
        ExpressionAttributeValues: {
          ':lease': leaseId,
          ':until': until.toISOString(),
          ':at': at.toISOString(),
          ':null': null,
          ...(due ? { ':pending': 'PENDING' } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys<DeliveryRecord>(res.Attributes!);
  } catch (err) {
    if (isConditionalCheckFailed(err)) return null;
    throw err;
  }
}

export async function getDelivery(key: DeliveryKey): Promise<DeliveryRecord | null> {
  return getItem<DeliveryRecord>(deliveryKeys.key(key), true);
}

/** The delivery's newest attempt as a line of the delivery log. */
export function latestAttemptLine(d: DeliveryRecord): WebhookDeliveryAttempt {
  const a = d.attempts[d.attempts.length - 1]!;
  return {
    at: a.at,
    deliveryId: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    attempt: d.attempts.length,
    trigger: a.trigger,
    statusCode: a.statusCode,
    failure: a.failure,
    durationMs: a.durationMs,
  };
}

function attemptItem(d: DeliveryRecord) {
  const line = latestAttemptLine(d);
  return {
    PK: deliveryKeys.attemptLog(d.tenantId, d.subscriptionId),
    SK: `${line.at}#${d.eventId}#${String(line.attempt).padStart(4, '0')}`,
    entity: 'integration-delivery-attempt',
    ...line,
  };
}

/**
 * Saves the delivery after an attempt (its lease given back) with the attempt's line in the
 * subscription's delivery log, if the attempt still held the lease; `also` joins the transaction
 * (the audit record of an attempt a person asked for).
 */
export function saveDelivery(
  before: DeliveryRecord,
  after: DeliveryRecord,
  also: Parameters<typeof transact>[0] = [],
): Promise<boolean> {
  const put = {
    TableName: config.tableName,
    Item: toItem(after),
    ConditionExpression: 'leaseId = :mine',
    ExpressionAttributeValues: { ':mine': before.leaseId },
  };
  return writeIf([
    { Put: put },
    { Put: { TableName: config.tableName, Item: attemptItem(after) } },
    ...(after.status === 'PENDING' ? [dueTenantTouch(after.tenantId, after.updatedAt)] : []),
    ...also,
  ]);
}

const LOG_CURSOR_PROBLEM = 'This page link is not valid';

/** A page of the subscription's delivery log, newest attempt first. */
export async function listDeliveryAttempts(
  tenantId: string,
  subscriptionId: string,
  limit: number,
  cursor?: string | null,
): Promise<WebhookDeliveryLog> {
  const PK = deliveryKeys.attemptLog(tenantId, subscriptionId);
  let start: Record<string, unknown> | undefined;
  if (cursor) {
    const SK = (() => {
      try {
        return (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { SK?: unknown }).SK;
      } catch {
        return undefined;
      }
    })();
    if (typeof SK !== 'string') throw new BadRequestError(LOG_CURSOR_PROBLEM, { cursor: LOG_CURSOR_PROBLEM });
    start = { PK, SK };
  }
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': PK },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: start,
    }),
  );
  const last = res.LastEvaluatedKey as { SK: string } | undefined;
  return {
    data: (res.Items ?? []).map((item) => withoutKeys<WebhookDeliveryAttempt>(item)),
    nextCursor: last ? Buffer.from(JSON.stringify({ SK: last.SK })).toString('base64url') : null,
  };
}

/** The tenants on the registry. */
export async function listDueTenants(): Promise<DueTenant[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': DUE_TENANTS },
    ProjectionExpression: 'tenantId, touchedAt',
  });
  return items as unknown as DueTenant[];
}

/** The keys of a tenant's pending deliveries due by the instant, oldest first. */
export async function listDueDeliveryKeys(tenantId: string, dueBy: Date, limit: number): Promise<DeliveryKey[]> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :due AND GSI2SK <= :by',
      ExpressionAttributeValues: { ':due': deliveryKeys.due(tenantId), ':by': `${dueBy.toISOString()}~` },
      ProjectionExpression: 'tenantId, eventId, subscriptionId',
      Limit: limit,
    }),
  );
  return (res.Items ?? []) as DeliveryKey[];
}

/**
 * Takes a tenant off the registry when it has no pending delivery left, unless it was touched since
 * `seen` (a delivery left pending meanwhile) or lately (the due list, an index, may lag behind).
 */
export async function forgetIdleTenant(tenant: DueTenant, touchedBefore: Date): Promise<void> {
  if (tenant.touchedAt >= touchedBefore.toISOString()) return;
  const pending = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :due',
      ExpressionAttributeValues: { ':due': deliveryKeys.due(tenant.tenantId) },
      ProjectionExpression: 'eventId',
      Limit: 1,
    }),
  );
  if (pending.Items?.length) return;
  await ddb()
    .send(
      new DeleteCommand({
        TableName: config.tableName,
        Key: deliveryKeys.dueTenant(tenant.tenantId),
        ConditionExpression: 'touchedAt = :seen',
        ExpressionAttributeValues: { ':seen': tenant.touchedAt },
      }),
    )
    .catch((err: unknown) => {
      if (!isConditionalCheckFailed(err)) throw err;
    });
}

/** The newest deliveries of a subscription first. */
export async function listDeliveries(tenantId: string, subscriptionId: string, limit = 20): Promise<DeliveryRecord[]> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': deliveryKeys.bySubscription(tenantId, subscriptionId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map((item) => withoutKeys<DeliveryRecord>(item));
}

/** The deliveries of one event (one per subscription), read by key: an erasure's copies of its payload. */
export function deliveriesOfEvent(tenantId: string, eventId: string): Promise<DeliveryRecord[]> {
  return queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :event)',
    ExpressionAttributeValues: {
      ':pk': deliveryKeys.key({ tenantId, eventId, subscriptionId: '' }).PK,
      ':event': `${eventId}#`,
    },
  }).then((items) => items.map((i) => withoutKeys<DeliveryRecord>(i)));
}

/**
 * An erasure's rewrite of a delivery's payload (issue #52), written only if the delivery is as it was
 * read and no attempt holds it; false otherwise (the caller reads it again).
 */
export function saveErasedDelivery(before: DeliveryRecord, after: DeliveryRecord): Promise<boolean> {
  return writeIf([
    {
      Put: {
        TableName: config.tableName,
        Item: toItem(after),
        ConditionExpression:
          'updatedAt = :seen AND (attribute_not_exists(leaseUntil) OR attribute_type(leaseUntil, :null) OR leaseUntil < :now)',
        ExpressionAttributeValues: { ':seen': before.updatedAt, ':null': 'NULL', ':now': new Date().toISOString() },
      },
    },
  ]);
}
