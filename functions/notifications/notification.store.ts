// The live notifications feed of a tenant (dashboard list and bell): written in the same
// transaction as the change it reports, newest first, kept 30 days.
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { withoutKeys } from '../lib/dynamo';
import { tenantPk } from '../lib/table';

export interface Notification {
  id: string;
  type: 'appointment' | 'checkin' | 'yard' | 'reschedule' | 'issue';
  title: string;
  message: string;
  sentAt: string;
}

const RETENTION_SECONDS = 30 * 24 * 3600;
const pk = (tenantId: string) => tenantPk(tenantId, 'NOTIFICATIONS');
/** The feed's partition, for an erasure's rewrite (erase-person.ts). */
export const notificationsPartition = pk;

export function notificationPut(tenantId: string, n: Omit<Notification, 'id' | 'sentAt'>, now = new Date()) {
  const id = randomUUID();
  const sentAt = now.toISOString();
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        PK: pk(tenantId),
        SK: `${sentAt}#${id}`,
        id,
        sentAt,
        ...n,
        expiresAt: Math.floor(now.getTime() / 1000) + RETENTION_SECONDS,
      },
    },
  };
}

export async function listNotifications(tenantId: string, limit = 50): Promise<Notification[]> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': pk(tenantId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map((i) => {
    const { expiresAt: _e, ...rest } = withoutKeys<Notification & { expiresAt: number }>(i);
    return rest;
  });
}
