// Taking a door back from a truck that was given one but never reached it (a holding area's call
// forward that the driver missed, issue #58.3): the check-in and its appointment lose the door, the
// rest of its door time and its occupant record are freed (the one door rule's release, as when a
// truck leaves), with the audit records, in one transaction on both revisions. Only a truck still
// checked in (not at the door) loses its door; one that reached it keeps it.
import { auditPut } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError, NotFoundError, RevisionConflictError } from '../lib/errors';
import { changeAtRevision, revised } from '../lib/revision';
import { appointmentChangePut, doorReleaseItems, getAppointment, type ChangeContext } from '../appointments';
import { getFacility } from '../facilities';
import { checkinChangePut, getCheckin } from './checkin.store';
import { DEFAULT_TIME_ZONE } from '../../shared/time';
import type { Appointment } from '../../shared/contracts/appointments';
import type { Checkin } from '../../shared/contracts/checkins';

/** A command (functions/lib/revision.ts): read again when anything landed meanwhile. */
export function withdrawCheckinDoor(
  ctx: ChangeContext,
  checkinId: string,
  reason: string,
  now = new Date(),
): Promise<Checkin> {
  return changeAtRevision({
    read: () => getCheckin(ctx.tenantId, checkinId),
    view: (checkin) => checkin,
    apply: (before) => withdraw(ctx, before, reason, now),
  });
}

async function withdraw(ctx: ChangeContext, before: Checkin | null, reason: string, now: Date): Promise<Checkin> {
  if (!before) throw new NotFoundError('Check-in not found');
  if (!before.dockDoorId) throw new ConflictError('This check-in has no door');
  if (before.status !== 'checked_in')
    throw new ConflictError(`A check-in that is ${before.status.replace('_', ' ')} keeps its door`);
  const appointment = await getAppointment(ctx.tenantId, before.appointmentId);
  if (!appointment) throw new NotFoundError('Appointment not found');
  const facility = await getFacility(ctx.tenantId, appointment.facilityId);
  const release = await doorReleaseItems(appointment, facility?.timeZone ?? DEFAULT_TIME_ZONE, now);
  const iso = now.toISOString();
  const without: Appointment = revised(appointment, {
    ...appointment,
    dockDoorId: null,
    doorNumber: null,
    doorTime: null,
    updatedAt: iso,
  });
  const after: Checkin = revised(before, { ...before, dockDoorId: null, doorNumber: null });
  const audit = (entityType: string, entityId: string, was: object, is: object) =>
    auditPut(
      {
        tenantId: ctx.tenantId,
        actor: ctx.actor,
        action: `${entityType}.door-withdrawn`,
        entityType,
        entityId,
        before: { ...was },
        after: { ...is, reason },
      },
      now,
    );
  await transact(
    [
      checkinChangePut(after, before),
      appointmentChangePut(without, appointment),
      ...release,
      audit('checkin', after.id, before, after),
      audit('appointment', appointment.id, appointment, without),
    ],
    () => new RevisionConflictError(),
  );
  return after;
}
