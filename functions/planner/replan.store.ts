// Automatic re-planning's own records (issue #58.2): per facility day, the re-plan in flight (one at a
// time: a change that comes while one is solving marks the day to be planned again once it is applied),
// and per appointment the marker that its unload's overrun was noticed (one re-plan per overrun).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { isConditionalCheckFailed, putIfAbsent } from '../lib/dynamo';
import { tenantPk } from '../lib/table';

const replanKey = (tenantId: string, facilityId: string, date: string) => ({
  PK: tenantPk(tenantId, 'PLANREPLAN'),
  SK: `${facilityId}#${date}`,
});
const overrunKey = (tenantId: string, appointmentId: string) => ({
  PK: tenantPk(tenantId, 'PLANOVERRUN'),
  SK: appointmentId,
});
/** A re-plan not released after this long (its worker died) no longer blocks the next. */
const STUCK_MS = 5 * 60_000;
const KEPT_SECONDS = 3 * 86400;
const expiry = (now: Date) => Math.floor(now.getTime() / 1000) + KEPT_SECONDS;

/**
 * Claims the facility day's re-plan: true when none is in flight; else the one in flight is told to
 * plan again when done (false).
 */
export async function claimReplan(tenantId: string, facilityId: string, date: string, now: Date): Promise<boolean> {
  const Key = replanKey(tenantId, facilityId, date);
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key,
        UpdateExpression: 'SET inFlightSince = :now, again = :no, entity = :entity, expiresAt = :exp',
        ConditionExpression: 'attribute_not_exists(inFlightSince) OR inFlightSince < :stuck',
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':no': false,
          ':entity': 'plan-replan',
          ':exp': expiry(now),
          ':stuck': new Date(now.getTime() - STUCK_MS).toISOString(),
        },
      }),
    );
    return true;
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key,
        UpdateExpression: 'SET again = :yes',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
    return false;
  }
}

/** Ends the facility day's re-plan in flight; answers whether a change came meanwhile (plan again). */
export async function releaseReplan(tenantId: string, facilityId: string, date: string): Promise<boolean> {
  const res = await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: replanKey(tenantId, facilityId, date),
      UpdateExpression: 'REMOVE inFlightSince SET again = :no',
      ExpressionAttributeValues: { ':no': false },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return res.Attributes?.again === true;
}

/** Marks the appointment's unload as noticed overrunning: true the first time only. */
export const markOverrun = (tenantId: string, appointmentId: string, now: Date) =>
  putIfAbsent({
    ...overrunKey(tenantId, appointmentId),
    entity: 'plan-overrun',
    at: now.toISOString(),
    expiresAt: expiry(now),
  });
