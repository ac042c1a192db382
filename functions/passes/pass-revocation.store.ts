// Revoked gate passes of a facility (issue #31): one item per appointment naming the pass versions it
// revokes (null: all of them, a cancellation). Written in the transaction of the cancellation or the
// reschedule (appointments builds it with gatePassRevocationPut); read by the gate's device and
// verifyPassAtServer as one partition; dropped by TTL a day after the appointment's day.
import { config } from '../lib/config';
import { queryPrefix } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import type { GatePassRevocation } from '../../shared/gate-pass';
import type { Appointment } from '../../shared/contracts/appointments';
import { addDays } from '../../shared/time';

export interface StoredRevocation extends GatePassRevocation {
  revokedAt: string;
  /** Epoch seconds after which no pass it revokes can be valid. */
  until: number;
}

const pk = (tenantId: string, facilityId: string) => tenantPk(tenantId, 'FACILITY', facilityId, 'PASSREVOKED');

function revocationPut(tenantId: string, facilityId: string, r: StoredRevocation) {
  return {
    Put: {
      TableName: config.tableName,
      Item: {
        PK: pk(tenantId, facilityId),
        SK: `APPT#${r.apt}`,
        entity: 'gate-pass-revocation',
        ...r,
        expiresAt: r.until + 86400,
      },
    },
  };
}

export async function listRevocations(tenantId: string, facilityId: string, now: Date): Promise<StoredRevocation[]> {
  const seconds = Math.floor(now.getTime() / 1000);
  // TTL deletion is lazy: a revocation whose passes have all expired is left out here.
  return (await queryPrefix<StoredRevocation>(pk(tenantId, facilityId), 'APPT#', { consistent: true })).filter(
    (r) => r.until > seconds,
  );
}

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The revocation of an appointment's passes for its cancellation (every version) or its reschedule
 * (the versions before it), for that change's own transaction.
 */
export function gatePassRevocationPut(before: Appointment, change: 'cancelled' | 'rescheduled', now: Date) {
  return revocationPut(before.tenantId, before.facilityId, {
    apt: before.id,
    upTo: change === 'cancelled' ? null : before.rescheduleCount,
    revokedAt: now.toISOString(),
    // Kept past the day's end in any time zone (no pass of the day outlives it), without reading the facility.
    until: epoch(new Date(`${addDays(before.scheduledDate, 2)}T00:00:00Z`)),
  });
}
