// Time slots and holidays of a facility. Slots are generated from the facility's hours and slot
// length; a SLOT#<date>#<start> item exists only once a slot is booked, blocked or resized, and
// then carries its bookedCount (changed only by conditional writes) and overrides. A DAYBOOKINGS#<date>
// item counts the day's bookings (staff and guest): a holiday is written only while it is 0 (or
// absent), and every booking only while the day is no holiday, so the two can never both land.
import { GetCommand, QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { auditPut, type Actor } from '../lib/audit';
import { counterMove } from '../lib/counters';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { isConditionalCheckFailed, queryPrefix, transact } from '../lib/dynamo';
import { ConflictError } from '../lib/errors';
import { facilityKeys } from './facility.store';
import type { SlotRecord } from '../../shared/contracts/slots';

export type { SlotRecord };

export const slotKeys = {
  key: (tenantId: string, facilityId: string, date: string, startTime: string) => ({
    PK: facilityKeys.partition(tenantId, facilityId),
    SK: `SLOT#${date}#${startTime}`,
  }),
  holiday: (tenantId: string, facilityId: string, date: string) => ({
    PK: facilityKeys.partition(tenantId, facilityId),
    SK: `HOLIDAY#${date}`,
  }),
  dayBookings: (tenantId: string, facilityId: string, date: string) => ({
    PK: facilityKeys.partition(tenantId, facilityId),
    SK: `DAYBOOKINGS#${date}`,
  }),
};

type TransactItem = Parameters<typeof transact>[0][number];

export const HOLIDAY_CLOSED = 'The facility is closed on this date (holiday)';

/**
 * Counts a booking onto (1) or off (-1: cancelled, or moved to another day) a facility day; taking
 * it off never goes below zero (a booking made before the day counter existed was never counted).
 */
export function dayBookingsUpdate(tenantId: string, facilityId: string, date: string, delta: 1 | -1): TransactItem {
  if (delta === -1)
    return counterMove({ key: slotKeys.dayBookings(tenantId, facilityId, date), counters: { bookingCount: -1 } });
  return {
    Update: {
      TableName: config.tableName,
      Key: slotKeys.dayBookings(tenantId, facilityId, date),
      UpdateExpression: 'SET facilityId = :f, bookingDate = :d ADD #count :delta',
      ExpressionAttributeNames: { '#count': 'bookingCount' },
      ExpressionAttributeValues: { ':delta': delta, ':f': facilityId, ':d': date },
    },
  };
}

/**
 * The items every booking of a facility day carries: the day is no holiday (first; it is the one
 * that can fail, with HOLIDAY_CLOSED) and the day's booking count goes up.
 */
export function bookedDayItems(tenantId: string, facilityId: string, date: string): TransactItem[] {
  return [notHolidayCheck(tenantId, facilityId, date), dayBookingsUpdate(tenantId, facilityId, date, 1)];
}

/**
 * The transaction item that takes one place in a slot (never beyond its capacity, never in a
 * blocked slot), or gives one back (delta -1, never below zero: a place taken before the slot
 * counted it was never counted).
 */
export function slotPlaceUpdate(
  tenantId: string,
  facilityId: string,
  slot: { slotDate: string; startTime: string; endTime: string; capacity: number },
  delta: 1 | -1 = 1,
): Parameters<typeof transact>[0][number] {
  const key = slotKeys.key(tenantId, facilityId, slot.slotDate, slot.startTime);
  if (delta === -1) return counterMove({ key, counters: { bookedCount: -1 } });
  return {
    Update: {
      TableName: config.tableName,
      Key: key,
      UpdateExpression:
        'SET #booked = if_not_exists(#booked, :zero) + :one, #cap = if_not_exists(#cap, :cap), #blocked = if_not_exists(#blocked, :false), facilityId = :f, slotDate = :d, startTime = :s, endTime = :e',
      ConditionExpression:
        '(attribute_not_exists(#booked) OR #booked < #cap) AND (attribute_not_exists(#blocked) OR #blocked = :false)',
      ExpressionAttributeNames: { '#booked': 'bookedCount', '#cap': 'capacity', '#blocked': 'isBlocked' },
      ExpressionAttributeValues: {
        ':zero': 0,
        ':one': 1,
        ':cap': slot.capacity,
        ':false': false,
        ':f': facilityId,
        ':d': slot.slotDate,
        ':s': slot.startTime,
        ':e': slot.endTime,
      },
    },
  };
}

export function listSlotRecords(tenantId: string, facilityId: string, date: string) {
  return queryPrefix<SlotRecord>(facilityKeys.partition(tenantId, facilityId), `SLOT#${date}#`, { consistent: true });
}

export async function updateSlot(
  tenantId: string,
  slot: Omit<SlotRecord, 'bookedCount' | 'isBlocked'> & { isBlocked?: boolean },
  changes: { isBlocked?: boolean; capacity?: number },
  actor: Actor,
  now = new Date(),
): Promise<SlotRecord> {
  const key = slotKeys.key(tenantId, slot.facilityId, slot.slotDate, slot.startTime);
  // Every attribute through a name placeholder: 'capacity' is a DynamoDB reserved word.
  const values: Record<string, unknown> = {
    facilityId: slot.facilityId,
    slotDate: slot.slotDate,
    startTime: slot.startTime,
    endTime: slot.endTime,
    capacity: changes.capacity ?? slot.capacity,
    isBlocked: changes.isBlocked ?? slot.isBlocked ?? false,
    updatedAt: now.toISOString(),
  };
  // Only the overrides the edit carries are written; the other keeps what is stored (a concurrent
  // edit of it is not undone), or the generated value when the slot has no item yet.
  const carried = (field: 'capacity' | 'isBlocked') => changes[field] !== undefined;
  const sets = [
    ...Object.keys(values).map((k) =>
      (k === 'capacity' || k === 'isBlocked') && !carried(k) ? `#${k} = if_not_exists(#${k}, :${k})` : `#${k} = :${k}`,
    ),
    '#bookedCount = if_not_exists(#bookedCount, :zero)',
  ];
  await transact(
    [
      {
        Update: {
          TableName: config.tableName,
          Key: key,
          UpdateExpression: `SET ${sets.join(', ')}`,
          // A slot can never hold fewer places than it has bookings.
          ConditionExpression: carried('capacity')
            ? 'attribute_not_exists(#bookedCount) OR #bookedCount <= :capacity'
            : undefined,
          ExpressionAttributeNames: Object.fromEntries(
            [...Object.keys(values), 'bookedCount'].map((k) => [`#${k}`, k]),
          ),
          ExpressionAttributeValues: {
            ...Object.fromEntries(Object.entries(values).map(([k, v]) => [`:${k}`, v])),
            ':zero': 0,
          },
        },
      },
      auditPut(
        {
          tenantId,
          actor,
          action: 'slot.updated',
          entityType: 'slot',
          entityId: `${slot.facilityId}/${slot.slotDate}_${slot.startTime}`,
          before: { ...slot },
          after: { ...changes },
        },
        now,
      ),
    ],
    () =>
      new ConflictError('Capacity cannot be below the bookings already made for this slot', {
        capacity: 'Capacity cannot be below the bookings already made for this slot',
      }),
  );
  const res = await ddb().send(new GetCommand({ TableName: config.tableName, Key: key, ConsistentRead: true }));
  const item = res.Item as SlotRecord;
  return {
    facilityId: item.facilityId,
    slotDate: item.slotDate,
    startTime: item.startTime,
    endTime: item.endTime,
    capacity: item.capacity,
    bookedCount: item.bookedCount,
    isBlocked: item.isBlocked,
  };
}

/** The transaction item that holds only while the date is not a holiday of the facility. */
export function notHolidayCheck(tenantId: string, facilityId: string, date: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: config.tableName,
      Key: slotKeys.holiday(tenantId, facilityId, date),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** The dates of a facility holding a day booking count or a slot record (what a recount starts from). */
export async function listCountedDates(tenantId: string, facilityId: string): Promise<string[]> {
  const partition = facilityKeys.partition(tenantId, facilityId);
  const [days, slots] = await Promise.all([
    queryPrefix<{ bookingDate: string }>(partition, 'DAYBOOKINGS#'),
    queryPrefix<SlotRecord>(partition, 'SLOT#'),
  ]);
  return [...new Set([...days.map((d) => d.bookingDate), ...slots.map((s) => s.slotDate)])].sort();
}

/**
 * Whether a booking was ever counted on one of the facility's days: its appointments (cancelled ones
 * too) name the facility, so it cannot be deleted (remove-facility.ts). One item read at most.
 */
export async function hasCountedBookings(tenantId: string, facilityId: string): Promise<boolean> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': facilityKeys.partition(tenantId, facilityId), ':sk': 'DAYBOOKINGS#' },
      Limit: 1,
      ConsistentRead: true,
    }),
  );
  return (res.Items?.length ?? 0) > 0;
}

/** The day's booking count as stored (null: no counter yet), read before the bookings it counts. */
export async function readDayBookings(tenantId: string, facilityId: string, date: string): Promise<number | null> {
  const res = await ddb().send(
    new GetCommand({
      TableName: config.tableName,
      Key: slotKeys.dayBookings(tenantId, facilityId, date),
      ConsistentRead: true,
    }),
  );
  return (res.Item?.bookingCount as number | undefined) ?? null;
}

/** Whether a recounted value was written: only over the value it replaces, so a booking landing meanwhile is never lost. */
async function writeRecount(update: UpdateCommandInput): Promise<boolean> {
  try {
    await ddb().send(new UpdateCommand(update));
    return true;
  } catch (err) {
    if (isConditionalCheckFailed(err)) return false;
    throw err;
  }
}

/** Sets the day's booking count to its recount, if it still holds `seen` (null: no counter). */
export function setDayBookings(
  tenantId: string,
  facilityId: string,
  date: string,
  seen: number | null,
  count: number,
): Promise<boolean> {
  return writeRecount({
    TableName: config.tableName,
    Key: slotKeys.dayBookings(tenantId, facilityId, date),
    UpdateExpression: 'SET #count = :count, facilityId = :f, bookingDate = :d',
    ConditionExpression: seen === null ? 'attribute_not_exists(#count)' : '#count = :seen',
    ExpressionAttributeNames: { '#count': 'bookingCount' },
    ExpressionAttributeValues: {
      ':count': count,
      ':f': facilityId,
      ':d': date,
      ...(seen === null ? {} : { ':seen': seen }),
    },
  });
}

/**
 * Sets a slot's places taken to its recount, if it still holds `seen` (null: the slot has no record
 * yet, and it gets one with the slot's generated capacity).
 */
export function setSlotPlaces(
  tenantId: string,
  facilityId: string,
  slot: Omit<SlotRecord, 'bookedCount' | 'isBlocked'>,
  seen: number | null,
  count: number,
): Promise<boolean> {
  return writeRecount({
    TableName: config.tableName,
    Key: slotKeys.key(tenantId, facilityId, slot.slotDate, slot.startTime),
    UpdateExpression:
      'SET #booked = :count, #cap = if_not_exists(#cap, :cap), #blocked = if_not_exists(#blocked, :false), facilityId = :f, slotDate = :d, startTime = :s, endTime = :e',
    ConditionExpression: seen === null ? 'attribute_not_exists(#booked)' : '#booked = :seen',
    ExpressionAttributeNames: { '#booked': 'bookedCount', '#cap': 'capacity', '#blocked': 'isBlocked' },
    ExpressionAttributeValues: {
      ':count': count,
      ':cap': slot.capacity,
      ':false': false,
      ':f': facilityId,
      ':d': slot.slotDate,
      ':s': slot.startTime,
      ':e': slot.endTime,
      ...(seen === null ? {} : { ':seen': seen }),
    },
  });
}
