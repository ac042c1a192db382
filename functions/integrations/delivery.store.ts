// Outbound webhook deliveries: one item per (domain event, subscription), made once however often the
// stream hands the event over, with every attempt on it. A pending delivery is on the sparse GSI2
// "due" list by its next attempt time, which the retry worker reads; it leaves the list once
// delivered or given up.
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { isConditionalCheckFailed, putIfAbsent, withoutKeys } from '../lib/dynamo';
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
  createdAt: string;
  updatedAt: string;
}

const DUE = 'WEBHOOK_DELIVERY_DUE';

export const deliveryKeys = {
  key: (d: Pick<DeliveryRecord, 'tenantId' | 'eventId' | 'subscriptionId'>) => ({ PK: tenantPk(d.tenantId, 'INTEGRATIONS', 'DELIVERY'), SK: `${d.eventId}#${d.subscriptionId}` }),
  bySubscription: (tenantId: string, subscriptionId: string) => tenantPk(tenantId, 'INTEGRATIONS', 'WEBHOOK', subscriptionId, 'DELIVERY'),
};

function toItem(d: DeliveryRecord) {
  return {
    ...deliveryKeys.key(d),
    GSI1PK: deliveryKeys.bySubscription(d.tenantId, d.subscriptionId),
    GSI1SK: `${d.createdAt}#${d.eventId}`,
    ...(d.status === 'PENDING' && d.nextAttemptAt ? { GSI2PK: DUE, GSI2SK: `${d.nextAttemptAt}#${d.tenantId}#${d.eventId}#${d.subscriptionId}` } : {}),
    entity: 'integration-delivery',
    ...d,
  };
}

/** Makes the delivery unless the event was already fanned out to this subscription. */
export function createDelivery(d: DeliveryRecord): Promise<boolean> {
  return putIfAbsent(toItem(d));
}

/** Saves the delivery after an attempt, if no other worker recorded one meanwhile. */
export async function saveDelivery(before: DeliveryRecord, after: DeliveryRecord): Promise<boolean> {
  try {
    await ddb().send(new PutCommand({ TableName: config.tableName, Item: toItem(after), ConditionExpression: 'updatedAt = :seen', ExpressionAttributeValues: { ':seen': before.updatedAt } }));
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Pending deliveries whose next attempt is due, oldest first, across tenants. */
export async function listDueDeliveries(nowIso: string, limit = 50): Promise<DeliveryRecord[]> {
  const res = await ddb().send(
    new QueryCommand({ TableName: config.tableName, IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :due AND GSI2SK <= :now', ExpressionAttributeValues: { ':due': DUE, ':now': `${nowIso}~` }, Limit: limit }),
  );
  return (res.Items ?? []).map((item) => withoutKeys<DeliveryRecord>(item));
}

/** The newest deliveries of a subscription first. */
export async function listDeliveries(tenantId: string, subscriptionId: string, limit = 20): Promise<DeliveryRecord[]> {
  const res = await ddb().send(
    new QueryCommand({ TableName: config.tableName, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': deliveryKeys.bySubscription(tenantId, subscriptionId) }, ScanIndexForward: false, Limit: limit }),
  );
  return (res.Items ?? []).map((item) => withoutKeys<DeliveryRecord>(item));
}
