// A facility's booking rules (issue #32): one item in the tenant's partition per facility, written at
// its revision (functions/lib/revision.ts) with its audit record. No item: no rule, reminders at 2 h.
import { auditPut, type Actor } from '../lib/audit';
import { getItem, transact } from '../lib/dynamo';
import { RevisionConflictError } from '../lib/errors';
import { wholeRecordPut } from '../lib/revision';
import { tenantPk } from '../lib/table';
import type { BookingRules } from '../../shared/contracts/appointments-booking-rules';

export interface StoredBookingRules extends Omit<BookingRules, 'revision' | 'updatedAt'> {
  tenantId: string;
  revision?: number;
  updatedAt: string;
}

const rulesKey = (tenantId: string, facilityId: string) => ({
  PK: tenantPk(tenantId),
  SK: `BOOKING-RULES#${facilityId}`,
});

export const getStoredBookingRules = (tenantId: string, facilityId: string) =>
  getItem<StoredBookingRules>(rulesKey(tenantId, facilityId), true);

/** Saves the rules read as `before` (none yet: the first save, which must still find none). */
export async function putBookingRules(
  before: StoredBookingRules | null,
  fields: Omit<StoredBookingRules, 'revision' | 'updatedAt'>,
  actor: Actor,
  now = new Date(),
): Promise<StoredBookingRules> {
  const { after, put } = wholeRecordPut<StoredBookingRules>(
    rulesKey(fields.tenantId, fields.facilityId),
    'booking-rules',
    before,
    { ...fields, updatedAt: now.toISOString() },
  );
  await transact(
    [
      put,
      auditPut(
        {
          tenantId: fields.tenantId,
          actor,
          action: 'booking-rules.saved',
          entityType: 'booking-rules',
          entityId: fields.facilityId,
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
