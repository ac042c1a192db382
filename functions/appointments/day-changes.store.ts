// The change log of a hub's day (issue #60): every write of an appointment notes the change in the log of
// the day it is on (and of the day it was on, when it moved), in the same transaction
// (appointment.store.ts, through functions/lib/dynamo.ts withCompanions). A note is one small item,
// TENANT#<t>#FACILITY#<f>#APPTCHANGES#<date>, sort key <time of the change>#<appointment id>: notes of a
// busy day never contend, and a screen polling today's schedule reads the notes since its last poll and
// the appointments they name, not the whole day (todays-changes.ts). Notes expire after two days.
import { config } from '../lib/config';
import { queryAll } from '../lib/dynamo';
import { tenantPk, TTL_ATTRIBUTE } from '../lib/table';
import type { Appointment } from '../../shared/contracts/appointments';

/** How long a note is kept: a poll's `since` is of today, and the day is over by then. */
const CHANGE_NOTE_TTL_SECONDS = 2 * 24 * 3600;

/**
 * How far before a poll's `since` the log is read again: a change is noted with the time its write was
 * made, and may land a little after a poll that began later (a transaction retried, a slow call); one
 * read twice costs nothing, as the screen replaces it by id.
 */
export const CHANGE_NOTE_OVERLAP_MS = 30_000;

type Day = Pick<Appointment, 'tenantId' | 'facilityId' | 'scheduledDate'>;

const dayPartition = (day: Day) => tenantPk(day.tenantId, 'FACILITY', day.facilityId, 'APPTCHANGES', day.scheduledDate);

/**
 * The note "this appointment changed now" in the log of the day it is on, and of the day it was on
 * (`before`) when that was another day or hub. `at`: the server's clock.
 */
export function scheduleChangePuts(after: Day & Pick<Appointment, 'id'>, before?: Day, at = new Date()) {
  const days = [after, ...(before && dayPartition(before) !== dayPartition(after) ? [before] : [])];
  return days.map((day) => ({
    Put: {
      TableName: config.tableName,
      Item: {
        PK: dayPartition(day),
        SK: `${at.toISOString()}#${after.id}`,
        entity: 'schedule-change',
        appointmentId: after.id,
        [TTL_ATTRIBUTE]: Math.floor(at.getTime() / 1000) + CHANGE_NOTE_TTL_SECONDS,
      },
    },
  }));
}

/** The ids of the appointments whose change was noted in the day's log since `since` (ISO, less the overlap). */
export async function changedSince(day: Day, since: string): Promise<string[]> {
  const notes = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK >= :from',
    ExpressionAttributeValues: {
      ':pk': dayPartition(day),
      ':from': new Date(Date.parse(since) - CHANGE_NOTE_OVERLAP_MS).toISOString(),
    },
    ProjectionExpression: 'appointmentId',
    ConsistentRead: true,
  });
  return [...new Set(notes.map((n) => String(n.appointmentId)))];
}
