// Assigning a dock door to a truck that checked in without one (typically a walk-in). The door is
// reserved by the one door rule (functions/appointments door-reservation.ts arriveAtDoor), from now for a late truck:
// its quarter hours, the appointment, the check-in and the audit records are written in one transaction.
import { auditPut } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError, NotFoundError, RevisionConflictError } from '../lib/errors';
import { changeAtRevision, revised } from '../lib/revision';
import {
  appointmentChangePut,
  appointmentEventItem,
  arriveAtDoor,
  getAppointment,
  requestedDoor,
  withDoor,
} from '../appointments';
import { checkinChangePut, getCheckin } from './checkin.store';
import { notificationPut } from '../notifications';
import type { ChangeContext } from '../appointments';
import { ON_SITE_STATUSES, type Appointment } from '../../shared/contracts/appointments';
import type { Checkin, CheckinStatus } from '../../shared/contracts/checkins';

/** A door can be given while the truck is on site and before its work is done. */
const CHECKIN_OPEN: readonly CheckinStatus[] = ['checked_in', 'at_dock', 'loading', 'unloading'];

/**
 * A command (functions/lib/revision.ts): the check-in and its appointment are written on the
 * revisions read, read again when a status change or anything else landed meanwhile, so both take
 * effect. With the revision a screen loaded (`seen`), a change made since refuses it instead.
 */
export function assignCheckinDoor(
  ctx: ChangeContext,
  checkinId: string,
  dockDoorId: string,
  seen?: number,
  now = new Date(),
  /** What the door-assigned event carries besides the truck (a holding area's call forward: its deadline). */
  eventDetail: Record<string, unknown> = {},
): Promise<Checkin> {
  return changeAtRevision({
    read: () => getCheckin(ctx.tenantId, checkinId),
    seen,
    view: (checkin) => checkin,
    apply: (before) => assignDoor(ctx, before, dockDoorId, now, eventDetail),
  });
}

async function assignDoor(
  ctx: ChangeContext,
  before: Checkin | null,
  dockDoorId: string,
  now: Date,
  eventDetail: Record<string, unknown>,
): Promise<Checkin> {
  if (!before) throw new NotFoundError('Check-in not found');
  if (before.dockDoorId) throw new ConflictError(`This check-in already has door ${before.doorNumber}`);
  if (!CHECKIN_OPEN.includes(before.status))
    throw new ConflictError(`A check-in that is ${before.status.replace('_', ' ')} cannot be given a door`);
  const appointment = await getAppointment(ctx.tenantId, before.appointmentId);
  if (!appointment) throw new NotFoundError('Appointment not found');
  if (!ON_SITE_STATUSES.includes(appointment.status) || appointment.dockDoorId)
    throw new ConflictError(
      `This appointment is ${appointment.status}${appointment.dockDoorId ? ` at door ${appointment.doorNumber}` : ''}; a door cannot be assigned`,
    );
  const door = (await requestedDoor(ctx.tenantId, appointment.facilityId, dockDoorId))!;
  const iso = now.toISOString();
  const atDoor = { ...appointment, dockDoorId: door.id, doorNumber: door.doorNumber, updatedAt: iso };
  // The truck reaches the door now: not while another stands there; after its start, from now (issue #52.5).
  const { changes, reservation } = await arriveAtDoor(door, atDoor, appointment, now);
  const held: Appointment = revised(appointment, { ...atDoor, ...changes });
  const after: Checkin = revised(before, { ...before, dockDoorId: door.id, doorNumber: door.doorNumber });
  const items = [
    checkinChangePut(after, before),
    appointmentChangePut(held, appointment),
    notificationPut(
      ctx.tenantId,
      {
        type: 'checkin',
        title: 'Dock door assigned',
        message: `${after.driverName}${after.vehicleLicense ? ` (${after.vehicleLicense})` : ''} to dock ${door.doorNumber}`,
      },
      now,
    ),
    auditPut(
      {
        tenantId: ctx.tenantId,
        actor: ctx.actor,
        action: 'checkin.door-assigned',
        entityType: 'checkin',
        entityId: after.id,
        before: { ...before },
        after: { ...after },
      },
      now,
    ),
    auditPut(
      {
        tenantId: ctx.tenantId,
        actor: ctx.actor,
        action: 'appointment.door-assigned',
        entityType: 'appointment',
        entityId: appointment.id,
        before: { ...appointment },
        after: { ...held },
      },
      now,
    ),
    appointmentEventItem('checkin.door-assigned', held, { ...eventDetail, checkinId: after.id }, now),
  ];
  await transact(...withDoor(reservation, items, () => new RevisionConflictError()));
  return after;
}
