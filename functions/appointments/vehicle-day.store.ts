// A vehicle's day at a facility (issue #52.6): where the facility holds a vehicle to one open
// appointment a day, the appointment that holds it claims TENANT#<t>#VEHICLEDAY#<facility>#<date>#<plate
// hash>, put in the booking's own transaction with attribute_not_exists (or held by that appointment),
// so of two simultaneous bookings only one lands. The plate is kept as a hash (no vehicle number in a
// key); a claim is released when its appointment is no longer open, and expires a week after its day.
import { createHash } from 'node:crypto';
import { config } from '../lib/config';
import { getItem } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import { instantOf } from '../../shared/time';

export interface VehicleDay {
  tenantId: string;
  facilityId: string;
  date: string;
  /** The normalised registry number (shared/vehicle-numbers.ts normalizeRegistryNumber). */
  plate: string;
}

const KEEP_DAYS = 7;

const claimKey = (v: VehicleDay) => ({
  PK: tenantPk(
    v.tenantId,
    'VEHICLEDAY',
    v.facilityId,
    v.date,
    createHash('sha256').update(v.plate).digest('hex').slice(0, 32),
  ),
  SK: 'VEHICLEDAY',
});

/** The appointment holding the vehicle's day (null: none), read consistently. */
export async function vehicleDayHolder(v: VehicleDay): Promise<string | null> {
  return (await getItem<{ appointmentId: string }>(claimKey(v), true))?.appointmentId ?? null;
}

/** Claims the vehicle's day for the appointment, unless another appointment holds it. */
export function vehicleDayClaimPut(v: VehicleDay, appointmentId: string) {
  const expiresAt = Math.floor(instantOf(v.date, '00:00', 'UTC').getTime() / 1000) + KEEP_DAYS * 86_400;
  return {
    Put: {
      TableName: config.tableName,
      Item: { ...claimKey(v), appointmentId, expiresAt },
      ConditionExpression: 'attribute_not_exists(PK) OR appointmentId = :id',
      ExpressionAttributeValues: { ':id': appointmentId },
    },
  };
}

/** Releases the vehicle's day the appointment holds (only its own claim). */
export function vehicleDayClaimDelete(v: VehicleDay, appointmentId: string) {
  return {
    Delete: {
      TableName: config.tableName,
      Key: claimKey(v),
      ConditionExpression: 'appointmentId = :id',
      ExpressionAttributeValues: { ':id': appointmentId },
    },
  };
}
