// A booked truck's door and door time changed by staff's door plan (issue #58.2): the appointment is
// moved to another door (or the same door at another time) through the one door rule
// (door-reservation.ts reserveDoor: the door is the facility's, in service, and neither booked for the
// new time nor taken by a truck standing at it), only while the truck has not arrived (a truck on site
// gets its door through its check-in, checkins' assign-door), at the revision the plan was made from:
// an appointment changed since (checked in, moved, cancelled) is refused. The appointment, the door's
// quarter hours and the audit record are written in one transaction.
import { auditPut } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError, NotFoundError, RevisionConflictError } from '../lib/errors';
import { changeAtRevision, revised } from '../lib/revision';
import { appointmentChangePut, getAppointment } from './appointment.store';
import { requestedDoor, reserveDoor, withDoor } from './door-reservation';
import type { ChangeContext } from './context';
import { statusLabel, type Appointment, type AppointmentStatus } from '../../shared/contracts/appointments';

/** Where the plan puts the truck: a door of its facility, and the door time on the facility's clock. */
export interface DoorPlacement {
  dockDoorId: string;
  date: string;
  start: string;
  end: string;
}

/** Before arrival: a booking awaiting approval holds its door like a scheduled one (truck-flow.ts). */
const BEFORE_ARRIVAL: readonly AppointmentStatus[] = ['pending_approval', 'scheduled'];

export function placeAtDoor(
  ctx: ChangeContext,
  appointmentId: string,
  placement: DoorPlacement,
  seen: number,
  now = new Date(),
): Promise<Appointment> {
  return changeAtRevision({
    read: () => getAppointment(ctx.tenantId, appointmentId),
    seen,
    view: (a) => a,
    apply: (before) => place(ctx, before, placement, now),
  });
}

async function place(
  ctx: ChangeContext,
  before: Appointment | null,
  placement: DoorPlacement,
  now: Date,
): Promise<Appointment> {
  if (!before) throw new NotFoundError('Appointment not found');
  if (!BEFORE_ARRIVAL.includes(before.status))
    throw new ConflictError(
      `This appointment is ${statusLabel(before.status)}; only a truck not yet arrived can be given another door by the plan`,
    );
  const door = (await requestedDoor(ctx.tenantId, before.facilityId, placement.dockDoorId))!;
  const window = { date: placement.date, start: placement.start, end: placement.end };
  const booked =
    window.date === before.scheduledDate &&
    window.start === before.scheduledTimeStart &&
    window.end === before.scheduledTimeEnd;
  const after: Appointment = revised(before, {
    ...before,
    dockDoorId: door.id,
    doorNumber: door.doorNumber,
    doorTime: booked ? null : window,
    updatedAt: now.toISOString(),
  });
  const reservation = await reserveDoor(door, after, before);
  const items = [
    appointmentChangePut(after, before),
    auditPut(
      {
        tenantId: ctx.tenantId,
        actor: ctx.actor,
        action: 'appointment.door-planned',
        entityType: 'appointment',
        entityId: before.id,
        before: { ...before },
        after: { ...after },
      },
      now,
    ),
  ];
  await transact(...withDoor(reservation, items, () => new RevisionConflictError()));
  return after;
}
