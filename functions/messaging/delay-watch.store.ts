// The appointments the delay job watches: one item per booked appointment in the partition of the
// UTC day of its start (DELAYWATCH#<date>, across tenants and time zones, sorted by the start's
// instant), so each run reads only the appointments already started with a Query. Written by the notifier when it sees a booking or a
// reschedule; removed once the alert is raised or the appointment is no longer waited for.
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { transact } from '../lib/dynamo';

export interface DelayWatch {
  tenantId: string;
  appointmentId: string;
  /** The appointment's local start at its facility (to see that it has not moved meanwhile). */
  date: string;
  time: string;
  /** That start as an instant (ISO, UTC): what the job compares with its clock. */
  startsAt: string;
}

const watchKey = (w: Pick<DelayWatch, 'startsAt' | 'tenantId' | 'appointmentId'>) => ({
  PK: `DELAYWATCH#${w.startsAt.slice(0, 10)}`,
  SK: `${w.startsAt}#${w.tenantId}#${w.appointmentId}`,
});

export async function watchForDelay(w: DelayWatch): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...watchKey(w), ...w, expiresAt: Math.floor(Date.parse(w.startsAt) / 1000) + 3 * 86400 },
    }),
  );
}

/** The watched appointments of a UTC day (YYYY-MM-DD) that started at or before the instant `until` (ISO). */
export function startedWatches(utcDate: string, until: string): Promise<DelayWatch[]> {
  return watchesIn(utcDate, '0', until);
}

/** The watched appointments of a UTC day (YYYY-MM-DD) that start after `from` and at or before `until` (ISO). */
export function watchesStartingBetween(utcDate: string, from: string, until: string): Promise<DelayWatch[]> {
  return watchesIn(utcDate, `${from}#~`, until);
}

async function watchesIn(utcDate: string, afterSk: string, until: string): Promise<DelayWatch[]> {
  const items: DelayWatch[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await ddb().send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :after AND :until',
        ExpressionAttributeValues: { ':pk': `DELAYWATCH#${utcDate}`, ':after': afterSk, ':until': `${until}#~` },
        ExclusiveStartKey: start,
      }),
    );
    items.push(
      ...((res.Items ?? []) as DelayWatch[]).map(({ tenantId, appointmentId, date, time, startsAt }) => ({
        tenantId,
        appointmentId,
        date,
        time,
        startsAt,
      })),
    );
    start = res.LastEvaluatedKey;
  } while (start);
  // Watches written before startsAt existed (keyed by the local day and 'HH:mm') expire in 3 days; they
  // sort before every instant of the day, so they are skipped here rather than misread.
  return items.filter((w) => typeof w.startsAt === 'string');
}

export async function unwatch(w: DelayWatch): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: config.tableName, Key: watchKey(w) }));
}

/** Raises the alert (the given event item) and drops the watch in one transaction; false if raised before. */
type TransactItem = Parameters<typeof transact>[0][number];

export async function raiseDelay(w: DelayWatch, markerPut: TransactItem, eventPut: TransactItem): Promise<boolean> {
  try {
    await transact(
      [markerPut, eventPut, { Delete: { TableName: config.tableName, Key: watchKey(w) } }],
      () => new Error('already raised'),
    );
    return true;
  } catch (err) {
    if ((err as Error).message === 'already raised') return false;
    throw err;
  }
}
