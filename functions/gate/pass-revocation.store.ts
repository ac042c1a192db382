// Revoked gate passes of a facility (issue #31): one item per appointment naming the pass versions it
// revokes (null: all of them, a cancellation). Written in the transaction of the cancellation or the
// reschedule; read by the gate as one partition; dropped by TTL a day after the appointment's day.
import { config } from '../lib/config';
import { queryPrefix } from '../lib/dynamo';
import { tenantPk } from '../lib/table';
import type { GatePassRevocation } from '../../shared/gate-pass';

export interface StoredRevocation extends GatePassRevocation {
  revokedAt: string;
  /** Epoch seconds after which no pass it revokes can be valid. */
  until: number;
}

const pk = (tenantId: string, facilityId: string) => tenantPk(tenantId, 'FACILITY', facilityId, 'PASSREVOKED');

export function revocationPut(tenantId: string, facilityId: string, r: StoredRevocation) {
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
