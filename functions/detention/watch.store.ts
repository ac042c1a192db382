// The detention worker's list of trucks on site (watch.ts), one partition per tenant: an item per
// checked-in truck, added when the worker first sees its check-in and marked done (kept three days, then
// expired by the table's TTL) once its detention events and figures have gone, so the worker reads the
// trucks it still watches with one key Query and never takes a done truck up again.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { putIfAbsent, queryAll, withoutKeys } from '../lib/dynamo';
import { tenantPk } from '../lib/table';

export interface WatchedTruck {
  appointmentId: string;
  facilityId: string;
  /** The check-in's instant. */
  checkInTime: string;
  /** When the worker was done with it (its events and figures written). */
  doneAt?: string;
}

const DONE_KEPT_SECONDS = 3 * 24 * 3600;

const key = (tenantId: string, appointmentId: string) => ({
  PK: tenantPk(tenantId, 'DETENTIONWATCH'),
  SK: `TRUCK#${appointmentId}`,
});

/** Every truck on the tenant's list, done or not: one Query. */
export async function listWatched(tenantId: string): Promise<WatchedTruck[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :truck)',
    ExpressionAttributeValues: { ':pk': key(tenantId, '').PK, ':truck': 'TRUCK#' },
    ConsistentRead: true,
  });
  return items.map((i) => {
    const {
      tenantId: _t,
      expiresAt: _e,
      ...truck
    } = withoutKeys<WatchedTruck & { tenantId: string; expiresAt?: number }>(i);
    return truck;
  });
}

/** Puts a truck on the list, unless it is there (or was, and is done). */
export async function watchTruck(tenantId: string, truck: WatchedTruck): Promise<boolean> {
  return putIfAbsent({ ...key(tenantId, truck.appointmentId), entity: 'detention-watch', tenantId, ...truck });
}

/** Marks the truck done; the item expires three days later. */
export async function doneWatching(tenantId: string, appointmentId: string, now: Date): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: key(tenantId, appointmentId),
      UpdateExpression: 'SET doneAt = :at, expiresAt = :expires',
      ExpressionAttributeValues: {
        ':at': now.toISOString(),
        ':expires': Math.floor(now.getTime() / 1000) + DONE_KEPT_SECONDS,
      },
    }),
  );
}
