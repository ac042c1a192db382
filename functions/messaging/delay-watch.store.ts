// The appointments the delay job watches: one item per booked appointment in the partition of its
// day (DELAYWATCH#<date>, across tenants, sorted by start time), so each run reads only the
// appointments already started with a Query. Written by the notifier when it sees a booking or a
// reschedule; removed once the alert is raised or the appointment is no longer waited for.
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { transact } from '../lib/dynamo';

export interface DelayWatch {
  tenantId: string;
  appointmentId: string;
  date: string;
  time: string;
}

const watchKey = (w: DelayWatch) => ({ PK: `DELAYWATCH#${w.date}`, SK: `${w.time}#${w.tenantId}#${w.appointmentId}` });

export async function watchForDelay(w: DelayWatch): Promise<void> {
  await ddb().send(new PutCommand({ TableName: config.tableName, Item: { ...watchKey(w), ...w, expiresAt: Math.floor(Date.parse(`${w.date}T00:00:00Z`) / 1000) + 3 * 86400 } }));
}

/** The watched appointments of a day that started at or before `untilTime` ('HH:mm'). */
export async function startedWatches(date: string, untilTime: string): Promise<DelayWatch[]> {
  const items: DelayWatch[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb().send(
      new QueryCommand({ TableName: config.tableName, KeyConditionExpression: 'PK = :pk AND SK <= :until', ExpressionAttributeValues: { ':pk': `DELAYWATCH#${date}`, ':until': `${untilTime}#~` }, ExclusiveStartKey: start }),
    );
    items.push(...((res.Items ?? []) as DelayWatch[]).map(({ tenantId, appointmentId, date: d, time }) => ({ tenantId, appointmentId, date: d, time })));
    start = res.LastEvaluatedKey;
  } while (start);
  return items;
}

export async function unwatch(w: DelayWatch): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: config.tableName, Key: watchKey(w) }));
}

/** Raises the alert (the given event item) and drops the watch in one transaction; false if raised before. */
type TransactItem = Parameters<typeof transact>[0][number];

export async function raiseDelay(w: DelayWatch, markerPut: TransactItem, eventPut: TransactItem): Promise<boolean> {
  try {
    await transact([markerPut, eventPut, { Delete: { TableName: config.tableName, Key: watchKey(w) } }], () => new Error('already raised'));
    return true;
  } catch (err) {
    if ((err as Error).message === 'already raised') return false;
    throw err;
  }
}
