// Who stands at a dock door (issue #52.5): one occupant record per door in the facility's partition
// (SK DOOROCCUPANT#<door>), put in the transaction that brings a truck to the door (check-in, walk-in,
// door assignment) with a condition that no other appointment holds it, and deleted in the one that
// takes it away (departed, completed). Read consistently: never the eventually consistent at-door index.
import { config } from '../lib/config';
import { getItem } from '../lib/dynamo';
import { facilityKeys } from '../facilities';

interface Occupant {
  appointmentId: string;
  since: string;
}

const occupantKey = (tenantId: string, facilityId: string, doorId: string) => ({
  PK: facilityKeys.partition(tenantId, facilityId),
  SK: `DOOROCCUPANT#${doorId}`,
});

/** The appointment whose truck stands at the door now (null: none), read consistently. */
export async function doorOccupant(tenantId: string, facilityId: string, doorId: string): Promise<string | null> {
  return (await getItem<Occupant>(occupantKey(tenantId, facilityId, doorId), true))?.appointmentId ?? null;
}

/** Puts the appointment's truck at the door, unless another appointment's truck stands there. */
export function occupantPut(tenantId: string, facilityId: string, doorId: string, appointmentId: string, now: Date) {
  return {
    Put: {
      TableName: config.tableName,
      Item: { ...occupantKey(tenantId, facilityId, doorId), appointmentId, since: now.toISOString() },
      ConditionExpression: 'attribute_not_exists(PK) OR appointmentId = :id',
      ExpressionAttributeValues: { ':id': appointmentId },
    },
  };
}

/** Takes the appointment's truck away from the door (only the record it holds). */
export function occupantDelete(tenantId: string, facilityId: string, doorId: string, appointmentId: string) {
  return {
    Delete: {
      TableName: config.tableName,
      Key: occupantKey(tenantId, facilityId, doorId),
      ConditionExpression: 'appointmentId = :id',
      ExpressionAttributeValues: { ':id': appointmentId },
    },
  };
}
