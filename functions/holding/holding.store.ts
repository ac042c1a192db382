// The holding domain's records (issue #58.3), the only file of it that spells a key:
// - a facility's holding area (name, on site or outside, call forward on or off): one item per facility
//   in the tenant's partition, saved whole under the revision rule with its audit record; while call
//   forward is on, a pointer in the one list the deadline worker reads (HOLDINGCALL#ON, across tenants);
// - the call state of the facility's trucks in holding: one item per truck that was called, in the
//   facility's holding partition (who was called to which door, the deadline, missed calls, a place in
//   the queue after a missed call), read with one Query and expiring two days after its last change.
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { auditPut, type Actor } from '../lib/audit';
import { ddb } from '../lib/aws';
import { config } from '../lib/config';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { RevisionConflictError } from '../lib/errors';
import { wholeRecordPut } from '../lib/revision';
import { tenantPk } from '../lib/table';
import type { HoldingAreaKind } from '../../shared/contracts/holding';

export interface StoredHoldingArea {
  tenantId: string;
  facilityId: string;
  name: string;
  kind: HoldingAreaKind;
  callForward: boolean;
  revision?: number;
  updatedAt: string;
  updatedBy: string | null;
}

/** A truck's call state: `called` to a door until its deadline; `waiting` again or `no_show` after missed calls. */
export interface HoldingCall {
  tenantId: string;
  facilityId: string;
  checkinId: string;
  appointmentId: string;
  state: 'called' | 'waiting' | 'no_show';
  doorId: string | null;
  doorNumber: string | null;
  calledAt: string | null;
  deadline: string | null;
  missedCalls: number;
  /** Its place in the queue when a missed call moved it (rules.ts queueKey); absent: its check-in time. */
  queueKey?: string;
  updatedAt: string;
}

export const HOLDING_AREA_ENTITY = 'holding-area';
const CALL_KEPT_SECONDS = 2 * 24 * 3600;

const areaKey = (tenantId: string, facilityId: string) => ({ PK: tenantPk(tenantId, 'HOLDINGAREA'), SK: facilityId });
const CALLING_PK = 'HOLDINGCALL#ON';
const callingKey = (tenantId: string, facilityId: string) => ({ PK: CALLING_PK, SK: `${tenantId}#${facilityId}` });
const callKey = (tenantId: string, facilityId: string, checkinId: string) => ({
  PK: tenantPk(tenantId, 'FACILITY', facilityId, 'HOLDING'),
  SK: `CALL#${checkinId}`,
});

/** The facility's saved holding area (consistent: the revision rule compares with it), or null. */
export const storedHoldingArea = (tenantId: string, facilityId: string) =>
  getItem<StoredHoldingArea>(areaKey(tenantId, facilityId), true);

/** Saves `changed` over `before` (null: a first save), the pointer and the audit record in one transaction. */
export async function putHoldingArea(
  before: StoredHoldingArea | null,
  changed: StoredHoldingArea,
  actor: Actor,
  now: Date,
): Promise<StoredHoldingArea> {
  const { after, put } = wholeRecordPut(
    areaKey(changed.tenantId, changed.facilityId),
    HOLDING_AREA_ENTITY,
    before,
    changed,
  );
  const pointer = callingKey(changed.tenantId, changed.facilityId);
  await transact(
    [
      put,
      after.callForward
        ? {
            Put: {
              TableName: config.tableName,
              Item: { ...pointer, tenantId: changed.tenantId, facilityId: changed.facilityId },
            },
          }
        : { Delete: { TableName: config.tableName, Key: pointer } },
      auditPut(
        {
          tenantId: changed.tenantId,
          actor,
          action: 'holding.area',
          entityType: HOLDING_AREA_ENTITY,
          entityId: changed.facilityId,
          before: before ? { ...before } : null,
          after: { ...after },
        },
        now,
      ),
    ],
    () => new RevisionConflictError(),
  );
  return after;
}

/** Every facility, of every tenant, whose call forward is on (the deadline worker's list). */
export function callingFacilities(): Promise<{ tenantId: string; facilityId: string }[]> {
  return queryPrefix<{ tenantId: string; facilityId: string }>(CALLING_PK, '', { consistent: true });
}

/** The call state of the facility's trucks in holding: one Query. */
export function listHoldingCalls(tenantId: string, facilityId: string): Promise<HoldingCall[]> {
  const { PK } = callKey(tenantId, facilityId, '');
  return queryPrefix<HoldingCall & { expiresAt?: number }>(PK, 'CALL#', { consistent: true }).then((calls) =>
    calls.map(({ expiresAt: _e, ...call }) => call),
  );
}

export async function putHoldingCall(call: HoldingCall, now: Date): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: config.tableName,
      Item: {
        ...callKey(call.tenantId, call.facilityId, call.checkinId),
        entity: 'holding-call',
        ...call,
        expiresAt: Math.floor(now.getTime() / 1000) + CALL_KEPT_SECONDS,
      },
    }),
  );
}

/** The truck left the queue (it reached its door, or left): its call state goes. */
export async function deleteHoldingCall(tenantId: string, facilityId: string, checkinId: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: config.tableName, Key: callKey(tenantId, facilityId, checkinId) }));
}
