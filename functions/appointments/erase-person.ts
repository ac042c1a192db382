// A driver's erasure (issue #36), the appointments side: each of the driver's appointments keeps its
// times, status, door and counts, with every trace of the person replaced by the pseudonym; their trails too.
import { scrubAuditTrail } from '../lib/erase';
import { transact } from '../lib/dynamo';
import { RevisionConflictError } from '../lib/errors';
import { scrubPerson, type PersonTraces } from '../lib/personal-data-mask';
import { appointmentChangePut, listDriverAppointments } from './appointment.store';

export async function eraseDriverFromAppointments(
  tenantId: string,
  driverId: string,
  person: PersonTraces,
  pseudonym: string,
): Promise<string[]> {
  const appointments = await listDriverAppointments(tenantId, driverId);
  await Promise.all(
    appointments.map(async (before) => {
      await transact(
        [appointmentChangePut(scrubPerson(before, person, pseudonym), before)],
        () => new RevisionConflictError(),
      );
      await scrubAuditTrail(tenantId, { entityType: 'appointment', entityId: before.id }, person, pseudonym);
    }),
  );
  return appointments.map((a) => a.id);
}
