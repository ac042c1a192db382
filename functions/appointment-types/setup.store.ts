// A facility's appointment types and booking fields (issue #32): one partition per facility
// (TENANT#<t>#APPTYPES#<facility>) holding TYPE#<id> and FIELD#<id> items, each written whole at its
// revision (functions/lib/revision.ts) with its audit record, and UNIQUE#<field>#<value> claims: a
// booking's answer to a field that is unique per facility is a Put with attribute_not_exists in the
// booking's own transaction, so two bookings with one value cannot both land.
import { auditPut, type Actor } from '../lib/audit';
import { config } from '../lib/config';
import { getItem, queryPrefix, transact } from '../lib/dynamo';
import { RevisionConflictError } from '../lib/errors';
import { revisionCondition, revisionOf, wholeRecordPut } from '../lib/revision';
import { tenantPk } from '../lib/table';
import type { AppointmentType, BookingField } from '../../shared/contracts/appointment-types';

type Kind = 'type' | 'field';
type Stored<K extends Kind> = (K extends 'type' ? AppointmentType : BookingField) & { tenantId: string };
export type StoredType = Stored<'type'>;
export type StoredField = Stored<'field'>;

const partition = (tenantId: string, facilityId: string) => tenantPk(tenantId, 'APPTYPES', facilityId);
const PREFIX: Record<Kind, string> = { type: 'TYPE#', field: 'FIELD#' };
const key = (kind: Kind, tenantId: string, facilityId: string, id: string) => ({
  PK: partition(tenantId, facilityId),
  SK: `${PREFIX[kind]}${id}`,
});
const ENTITY: Record<Kind, string> = { type: 'appointment-type', field: 'booking-field' };

export const listStored = <K extends Kind>(kind: K, tenantId: string, facilityId: string) =>
  queryPrefix<Stored<K>>(partition(tenantId, facilityId), PREFIX[kind], { consistent: true });

export const getStored = <K extends Kind>(kind: K, tenantId: string, facilityId: string, id: string) =>
  getItem<Stored<K>>(key(kind, tenantId, facilityId, id), true);

/** Writes a type or field (`before`: as read, null for a new one), conditioned on its revision, audited. */
export async function putStored<K extends Kind>(
  kind: K,
  before: Stored<K> | null,
  after: Omit<Stored<K>, 'revision'>,
  actor: Actor,
  now: Date,
): Promise<Stored<K>> {
  const { after: item, put } = wholeRecordPut<Stored<K>>(
    key(kind, after.tenantId, after.facilityId, after.id),
    ENTITY[kind],
    before,
    after as Stored<K>,
  );
  await transact(
    [
      put,
      auditPut(
        {
          tenantId: after.tenantId,
          actor,
          action: `${ENTITY[kind]}.${before ? 'updated' : 'created'}`,
          entityType: ENTITY[kind],
          entityId: after.id,
          before: before ? { ...before } : null,
          after: { ...item },
        },
        now,
      ),
    ],
    () => new RevisionConflictError(),
  );
  return item;
}

/** Deletes a type or field read at `before`'s revision, audited. */
export async function deleteStored<K extends Kind>(kind: K, before: Stored<K>, actor: Actor, now: Date) {
  const condition = revisionCondition(revisionOf(before));
  await transact(
    [
      {
        Delete: {
          TableName: config.tableName,
          Key: key(kind, before.tenantId, before.facilityId, before.id),
          ...condition,
        },
      },
      auditPut(
        {
          tenantId: before.tenantId,
          actor,
          action: `${ENTITY[kind]}.deleted`,
          entityType: ENTITY[kind],
          entityId: before.id,
          before: { ...before },
          after: null,
        },
        now,
      ),
    ],
    () => new RevisionConflictError(),
  );
}

/** The claim of a unique field's value for an appointment (a transaction item that fails if it is taken). */
export function uniqueValuePut(
  tenantId: string,
  facilityId: string,
  fieldId: string,
  value: string,
  appointment: { id: string; bookingReference: string },
) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        PK: partition(tenantId, facilityId),
        SK: `UNIQUE#${fieldId}#${value}`,
        appointmentId: appointment.id,
        bookingReference: appointment.bookingReference,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Frees an appointment's claim of a unique field's value (its booking cancelled or a no-show); only its own. */
export function uniqueValueDelete(
  tenantId: string,
  facilityId: string,
  fieldId: string,
  value: string,
  appointmentId: string,
) {
  return {
    Delete: {
      TableName: config.tableName,
      Key: { PK: partition(tenantId, facilityId), SK: `UNIQUE#${fieldId}#${value}` },
      ConditionExpression: 'appointmentId = :appointmentId',
      ExpressionAttributeValues: { ':appointmentId': appointmentId },
    },
  };
}

/** Which booking holds a unique field's value (null: none). */
export const uniqueHolder = (tenantId: string, facilityId: string, fieldId: string, value: string) =>
  getItem<{ appointmentId: string; bookingReference: string }>(
    { PK: partition(tenantId, facilityId), SK: `UNIQUE#${fieldId}#${value}` },
    true,
  );
