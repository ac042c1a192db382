// A facility's booking rules (issue #32): one item in the tenant's partition per facility, written at
// its revision (functions/lib/revision.ts) with its audit record. No item: no rule, reminders at 2 h.
import type { Actor } from '../lib/audit';
import { getItem } from '../lib/dynamo';
import { saveWholeRecord } from '../lib/revision';
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
  return saveWholeRecord<StoredBookingRules>(
    {
      key: rulesKey(fields.tenantId, fields.facilityId),
      entity: 'booking-rules',
      before,
      changed: { ...fields, updatedAt: now.toISOString() },
      audit: { tenantId: fields.tenantId, actor, action: 'booking-rules.saved', entityId: fields.facilityId },
    },
    now,
  );
}
