// Check-ins: own partition each; listed newest first through GSI1 (TENANT#<t>#CHECKINS) for the
// whole tenant and through GSI2 (TENANT#<t>#FACILITY#<f>#CHECKINS, sorted by check-in time) for one
// facility, so a facility's day is a key range and a busy tenant's other facilities are never read.
// One check-in per appointment: a CHECKIN item in the appointment's partition is written with it.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, queryAll, withoutKeys } from '../lib/dynamo';
import { revised, revisionCondition, revisionOf } from '../lib/revision';
import type { Checkin } from '../../shared/contracts/checkins';
import { tenantPk } from '../lib/table';

export const checkinKeys = {
  key: (tenantId: string, id: string) => ({ PK: tenantPk(tenantId, 'CHECKIN', id), SK: 'CHECKIN' }),
  forAppointment: (tenantId: string, appointmentId: string) => ({
    PK: tenantPk(tenantId, 'APPT', appointmentId),
    SK: 'CHECKIN',
  }),
  list: (tenantId: string) => tenantPk(tenantId, 'CHECKINS'),
  facility: (tenantId: string, facilityId: string) => tenantPk(tenantId, 'FACILITY', facilityId, 'CHECKINS'),
};

export function checkinItem(c: Checkin) {
  const byTime = `${c.checkInTime}#${c.id}`;
  return {
    ...checkinKeys.key(c.tenantId, c.id),
    GSI1PK: checkinKeys.list(c.tenantId),
    GSI1SK: byTime,
    GSI2PK: checkinKeys.facility(c.tenantId, c.facilityId),
    GSI2SK: byTime,
    entity: 'checkin',
    ...c,
  };
}

/** The check-in and its one-per-appointment marker, for a transaction. */
export function checkinPuts(c: Checkin) {
  return [
    { Put: { TableName: config.tableName, Item: checkinItem(c), ConditionExpression: 'attribute_not_exists(PK)' } },
    {
      Put: {
        TableName: config.tableName,
        Item: { ...checkinKeys.forAppointment(c.tenantId, c.appointmentId), checkinId: c.id },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/**
 * A changed check-in (status, door, gate override alike), written only if nobody changed it since
 * `before` was read (functions/lib/revision.ts): the whole item is put, so a change read before
 * another one landed must read again rather than erase it.
 */
export function checkinChangePut(after: Checkin, before: Checkin) {
  return {
    Put: {
      TableName: config.tableName,
      Item: checkinItem(revised(before, after)),
      ...revisionCondition(revisionOf(before)),
    },
  };
}

/** Whether the appointment has its check-in already (the one-per-appointment marker). */
export async function isCheckedIn(tenantId: string, appointmentId: string): Promise<boolean> {
  return Boolean(await getItem(checkinKeys.forAppointment(tenantId, appointmentId), true));
}

export function getCheckin(tenantId: string, id: string) {
  return getItem<Checkin>(checkinKeys.key(tenantId, id), true);
}

/** The check-in of an appointment, if it has one (through the one-per-appointment marker). */
export async function getAppointmentCheckin(tenantId: string, appointmentId: string): Promise<Checkin | null> {
  const marker = await getItem<{ checkinId: string }>(checkinKeys.forAppointment(tenantId, appointmentId), true);
  return marker ? getCheckin(tenantId, marker.checkinId) : null;
}

/** The newest check-ins of the tenant (at most `limit`), optionally since an instant. */
export async function listCheckins(
  tenantId: string,
  options: { limit?: number; since?: string } = {},
): Promise<Checkin[]> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: options.since ? 'GSI1PK = :pk AND GSI1SK >= :since' : 'GSI1PK = :pk',
      ExpressionAttributeValues: {
        ':pk': checkinKeys.list(tenantId),
        ...(options.since ? { ':since': options.since } : {}),
      },
      ScanIndexForward: false,
      Limit: options.limit ?? 200,
    }),
  );
  return (res.Items ?? []).map((i) => withoutKeys<Checkin>(i));
}

/** The newest check-ins at one facility (at most `limit`), optionally since an instant: one Query. */
export async function listFacilityCheckins(
  tenantId: string,
  facilityId: string,
  options: { limit?: number; since?: string } = {},
): Promise<Checkin[]> {
  const res = await ddb().send(
    new QueryCommand({
      TableName: config.tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: options.since ? 'GSI2PK = :pk AND GSI2SK >= :since' : 'GSI2PK = :pk',
      ExpressionAttributeValues: {
        ':pk': checkinKeys.facility(tenantId, facilityId),
        ...(options.since ? { ':since': options.since } : {}),
      },
      ScanIndexForward: false,
      Limit: options.limit ?? 200,
    }),
  );
  return (res.Items ?? []).map((i) => withoutKeys<Checkin>(i));
}

/** A transaction condition: the check-in still has the status it was read with. */
export function checkinStatusCheck(c: Pick<Checkin, 'tenantId' | 'id' | 'status'>) {
  return {
    ConditionCheck: {
      TableName: config.tableName,
      Key: checkinKeys.key(c.tenantId, c.id),
      ConditionExpression: '#status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': c.status },
    },
  };
}

/** Every check-in of the tenant that arrived at or after an instant, all pages (rebuilds, not requests). */
export async function listCheckinsSince(tenantId: string, since: string): Promise<Checkin[]> {
  const items = await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK >= :since',
    ExpressionAttributeValues: { ':pk': checkinKeys.list(tenantId), ':since': since },
  });
  return items.map((i) => withoutKeys<Checkin>(i));
}
