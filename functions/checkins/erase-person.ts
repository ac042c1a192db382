// A driver's erasure (issue #36), the checkins side: the check-ins of the driver's appointments keep
// their times, door and gate outcome, with every trace of the person replaced by the pseudonym.
import { scrubAuditTrail } from '../lib/erase';
import { transact } from '../lib/dynamo';
import { RevisionConflictError } from '../lib/errors';
import { scrubPerson, type PersonTraces } from '../lib/personal-data-mask';
import { checkinChangePut, getAppointmentCheckin } from './checkin.store';

export async function eraseDriverFromCheckins(
  tenantId: string,
  appointmentIds: string[],
  person: PersonTraces,
  pseudonym: string,
): Promise<void> {
  await Promise.all(
    appointmentIds.map(async (appointmentId) => {
      const before = await getAppointmentCheckin(tenantId, appointmentId);
      if (!before) return;
      await transact(
        [checkinChangePut(scrubPerson(before, person, pseudonym), before)],
        () => new RevisionConflictError(),
      );
      await scrubAuditTrail(tenantId, { entityType: 'checkin', entityId: before.id }, person, pseudonym);
    }),
  );
}
