// Outbound webhook deliveries: one item per (domain event, subscription), made once however often the
// stream hands the event over, with every attempt on it. A pending delivery is on its tenant's sparse
// GSI2 "due" list by its next attempt time; a tenant with pending deliveries has a marker in one
// registry partition, so the retry worker finds every tenant's due list with Queries on keys, never a
// Scan, and no tenant's backlog hides another's. Before calling the receiver an attempt takes a lease
// on the delivery (a conditional write with an expiry); the result is saved only under that lease.
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { isConditionalCheckFailed, queryAll, transact, withoutKeys } from '../lib/dynamo';
import { tenantPk } from '../lib/table';

export interface DeliveryAttempt {
  at: string;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
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
  dueTenant: (tenantId: string) => ({ PK: DUE_TENANTS, SK: tenantId }),
};

function toItem(d: DeliveryRecord) {
  return {
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
 * Leases a due, pending delivery that nobody holds, until `until`; the delivery as it is now, or null
 * when it is held, done, not due, or gone.
 */
export async function leaseDelivery(
  key: DeliveryKey,
  leaseId: string,
  at: Date,
  until: Date,
): Promise<DeliveryRecord | null> {
  try {
    const res = await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: deliveryKeys.key(key),
        UpdateExpression: 'SET leaseId = :lease, leaseUntil = :until',
        ConditionExpression:
          '#status = :pending AND nextAttemptAt <= :at AND (attribute_not_exists(leaseUntil) OR leaseUntil = :null OR leaseUntil < :at)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':lease': leaseId,
          ':until': until.toISOString(),
          ':pending': 'PENDING',
          ':at': at.toISOString(),
          ':null': null,
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

/** Saves the delivery after an attempt (its lease given back), if the attempt still held the lease. */
export async function saveDelivery(before: DeliveryRecord, after: DeliveryRecord): Promise<boolean> {
  const put = {
    TableName: config.tableName,
    Item: toItem(after),
    ConditionExpression: 'leaseId = :mine',
    ExpressionAttributeValues: { ':mine': before.leaseId },
  };
  if (after.status === 'PENDING') return writeIf([{ Put: put }, dueTenantTouch(after.tenantId, after.updatedAt)]);
  try {
    await ddb().send(new PutCommand(put));
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
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
