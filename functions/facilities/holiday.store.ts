// A facility's holidays: a day is closed only while no booking is counted on it, and a booking
// holds only while its day is not a holiday (each checked inside the other's transaction).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type Actor } from '../lib/audit';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { queryPrefix, transact } from '../lib/dynamo';
import { ConflictError, NotFoundError } from '../lib/errors';
import { facilityKeys } from './facility.store';
import type { Holiday } from '../../shared/contracts/slots';
import { listSlotRecords, slotKeys } from './slot.store';

export async function listHolidays(tenantId: string, facilityId: string): Promise<Holiday[]> {
  const holidays = await queryPrefix<Holiday>(facilityKeys.partition(tenantId, facilityId), 'HOLIDAY#');
  return holidays.sort((a, b) => a.holidayDate.localeCompare(b.holidayDate));
}

const dayHasBookings = (date: string, count?: number) =>
  new ConflictError(
    `There ${count === 1 ? 'is 1 booking' : count ? `are ${count} bookings` : 'are bookings'} on ${date}. Reschedule or cancel them before closing the day.`,
    { holidayDate: 'This date has bookings' },
  );

/** A day becomes a holiday only while no booking is counted on it (checked in the holiday's own transaction). */
export async function createHoliday(
  tenantId: string,
  holiday: Holiday,
  actor: Actor | null,
  now = new Date(),
): Promise<Holiday> {
  const { facilityId, holidayDate } = holiday;
  const [counter, records] = await Promise.all([
    ddb().send(
      new GetCommand({
        TableName: config.tableName,
        Key: slotKeys.dayBookings(tenantId, facilityId, holidayDate),
        ConsistentRead: true,
      }),
    ),
    listSlotRecords(tenantId, facilityId, holidayDate),
  ]);
  // Guest places recorded before the day counter existed still count.
  const booked = Math.max(
    Number(counter.Item?.bookingCount ?? 0),
    records.reduce((n, s) => n + s.bookedCount, 0),
  );
  if (booked > 0) throw dayHasBookings(holidayDate, booked);
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...slotKeys.holiday(tenantId, facilityId, holidayDate), entity: 'holiday', ...holiday },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        ConditionCheck: {
          TableName: config.tableName,
          Key: slotKeys.dayBookings(tenantId, facilityId, holidayDate),
          ConditionExpression: 'attribute_not_exists(#count) OR #count = :zero',
          ExpressionAttributeNames: { '#count': 'bookingCount' },
          ExpressionAttributeValues: { ':zero': 0 },
        },
      },
      auditPut(
        {
          tenantId,
          actor,
          action: 'holiday.created',
          entityType: 'holiday',
          entityId: `${facilityId}/${holidayDate}`,
          after: { ...holiday },
        },
        now,
      ),
    ],
    (index) =>
      index === 1
        ? dayHasBookings(holidayDate)
        : new ConflictError(`${holidayDate} is already a holiday`, {
            holidayDate: `${holidayDate} is already a holiday`,
          }),
  );
  return holiday;
}

export async function deleteHoliday(
  tenantId: string,
  facilityId: string,
  date: string,
  actor: Actor,
  now = new Date(),
): Promise<void> {
  await transact(
    [
      {
        Delete: {
          TableName: config.tableName,
          Key: slotKeys.holiday(tenantId, facilityId, date),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      auditPut(
        {
          tenantId,
          actor,
          action: 'holiday.deleted',
          entityType: 'holiday',
          entityId: `${facilityId}/${date}`,
          before: { facilityId, holidayDate: date },
        },
        now,
      ),
    ],
    () => new NotFoundError('Holiday not found'),
  );
}
