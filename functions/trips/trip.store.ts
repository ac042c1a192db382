// The watched trips (issue #33): per appointment its state and estimate (TRIP), per vehicle its
// crossings, each stored once by FASTag's seqNo (FASTAG#<vehicle>, kept by the tenant's retention policy,
// 72 h by default), the vehicle's last
// call (the call budget and the answer cache), and per facility and plaza this tenant's history of
// crossing-to-check-in minutes.
import { config } from '../lib/config';
import { batchGet, getItem, isConditionalCheckFailed, queryPrefix, transact } from '../lib/dynamo';
import { ddb } from '../lib/aws';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { retentionExpiry } from '../lib/retention';
import { tenantPk } from '../lib/table';
import type { Crossing, NotSeenReason, TripView } from '../../shared/contracts/trips';

/** What the worker keeps of a trip beside its view: when to ask again, and whether history learnt from it. */
export interface Trip extends Omit<TripView, 'timeZone'> {
  tenantId: string;
  nextCallAt: string | null;
  /** Road km from the newest crossing (spaces the calls: fewer when far). */
  distanceKm: number | null;
  learnt: boolean;
}

const tripKey = (tenantId: string, appointmentId: string) => ({ PK: tenantPk(tenantId, 'TRIP'), SK: appointmentId });
const crossingKey = (tenantId: string, vehicle: string, seqNo: string) => ({
  PK: tenantPk(tenantId, 'FASTAG', vehicle),
  SK: `SEQ#${seqNo}`,
});
const callKey = (tenantId: string, vehicle: string) => ({ PK: tenantPk(tenantId, 'FASTAG', vehicle), SK: 'CALL' });
const historyKey = (tenantId: string, facilityId: string, plaza: string) => ({
  PK: tenantPk(tenantId, 'TRIPHISTORY', facilityId),
  SK: plaza,
});
/** The vehicle's last call: FASTag answers 72 hours of crossings; a day more covers tomorrow's appointments. */
const CROSSING_SECONDS = 4 * 86400;
/** The history of a plaza keeps its latest trips only: road works and new bypasses change the times. */
export const HISTORY_KEPT = 50;

export const getTrip = (tenantId: string, appointmentId: string) =>
  getItem<Trip>(tripKey(tenantId, appointmentId), true);

export const getTrips = (tenantId: string, appointmentIds: string[]) =>
  batchGet<Trip>(appointmentIds.map((id) => tripKey(tenantId, id)));

export async function saveTrip(trip: Trip): Promise<void> {
  // alertedAt is written only by the alert's own transaction (alertPuts), never overwritten here.
  const { alertedAt: _kept, ...rest } = trip;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(rest).map(([field, value]) => {
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    return `#${field} = :${field}`;
  });
  await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: tripKey(trip.tenantId, trip.appointmentId),
      UpdateExpression: `SET ${sets.join(', ')}, #entity = :entity`,
      ExpressionAttributeNames: { ...names, '#entity': 'entity' },
      ExpressionAttributeValues: { ...values, ':entity': 'trip' },
    }),
  );
}

/** The alert's marker on the trip: written once (the condition), in the transaction of the alert. */
export function alertMarkerUpdate(tenantId: string, appointmentId: string, now: Date) {
  return {
    Update: {
      TableName: config.tableName,
      Key: tripKey(tenantId, appointmentId),
      UpdateExpression: 'SET alertedAt = :at',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(alertedAt)',
      ExpressionAttributeValues: { ':at': now.toISOString() },
    },
  };
}

/** Marks a trip as having taught the history, once (false when it already had). */
export async function markLearnt(tenantId: string, appointmentId: string): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: tripKey(tenantId, appointmentId),
        UpdateExpression: 'SET learnt = :yes',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(learnt) OR learnt = :no)',
        ExpressionAttributeValues: { ':yes': true, ':no': false },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Stores each crossing not stored before (by seqNo); answers how many were new. */
export async function storeCrossings(
  tenantId: string,
  vehicle: string,
  crossings: readonly Crossing[],
  now: Date,
): Promise<number> {
  let added = 0;
  for (const c of crossings) {
    try {
      await ddb().send(
        new PutCommand({
          TableName: config.tableName,
          Item: {
            ...crossingKey(tenantId, vehicle, c.seqNo),
            entity: 'fastag-crossing',
            ...c,
            expiresAt: await retentionExpiry(tenantId, 'fastagCrossings', now.getTime()),
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      added += 1;
    } catch (err) {
      if (!isConditionalCheckFailed(err)) throw err;
    }
  }
  return added;
}

/** The vehicle's stored crossings (unordered). */
export const vehicleCrossings = (tenantId: string, vehicle: string) =>
  queryPrefix<Crossing & { expiresAt?: number }>(tenantPk(tenantId, 'FASTAG', vehicle), 'SEQ#', { consistent: true });

export interface VehicleCall {
  askedAt: string;
  /** Why the last answer gave no crossings (null: it gave some or none were asked for). */
  failure: NotSeenReason | null;
}

export const lastCall = (tenantId: string, vehicle: string) => getItem<VehicleCall>(callKey(tenantId, vehicle), true);

/**
 * Claims the vehicle's next call: written only if no call was made since `notBefore` (ISO), so two
 * workers, or two appointments of one truck, never ask twice inside the budget.
 */
export async function claimCall(tenantId: string, vehicle: string, now: Date, notBefore: string): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: config.tableName,
        Item: {
          ...callKey(tenantId, vehicle),
          entity: 'fastag-call',
          askedAt: now.toISOString(),
          failure: null,
          expiresAt: Math.floor(now.getTime() / 1000) + CROSSING_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR askedAt <= :notBefore',
        ExpressionAttributeValues: { ':notBefore': notBefore },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

export async function recordCallFailure(tenantId: string, vehicle: string, failure: NotSeenReason): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: config.tableName,
      Key: callKey(tenantId, vehicle),
      UpdateExpression: 'SET failure = :f',
      ExpressionAttributeValues: { ':f': failure },
    }),
  );
}

export async function plazaHistory(tenantId: string, facilityId: string): Promise<Map<string, number[]>> {
  const items = await queryPrefix<{ plaza: string; minutes: number[] }>(
    tenantPk(tenantId, 'TRIPHISTORY', facilityId),
    '',
  );
  return new Map(items.map((i) => [i.plaza, i.minutes]));
}

/** Adds one trip's minutes from each plaza to the facility's history (the latest HISTORY_KEPT per plaza). */
export async function learnHistory(
  tenantId: string,
  facilityId: string,
  samples: { plaza: string; minutes: number }[],
): Promise<void> {
  const known = await plazaHistory(tenantId, facilityId);
  const items = samples.map(({ plaza, minutes }) => ({
    Put: {
      TableName: config.tableName,
      Item: {
        ...historyKey(tenantId, facilityId, plaza),
        entity: 'trip-history',
        plaza,
        minutes: [...(known.get(plaza) ?? []), minutes].slice(-HISTORY_KEPT),
      },
    },
  }));
  for (let i = 0; i < items.length; i += 25) await transact(items.slice(i, i + 25), () => new Error('history'));
}

/** Tests and the demo seed a facility's history directly. */
export async function putHistory(tenantId: string, facilityId: string, plaza: string, minutes: number[]) {
  await ddb().send(
    new PutCommand({
      TableName: config.tableName,
      Item: { ...historyKey(tenantId, facilityId, plaza), entity: 'trip-history', plaza, minutes },
    }),
  );
}
