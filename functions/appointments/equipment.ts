// Labour and equipment held by an appointment: adding equipment reserves it for the appointment's
// time in the appointment's own transaction; the status flow and reschedules free what it holds.
import { auditPut } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { BadRequestError, ConflictError } from '../lib/errors';
import { listResources, reserveResource, type Assignment } from '../facilities';
import { appointmentChangePut } from './appointment.store';
import { actorOf, findAppointmentToChange } from './context';
import type { Appointment } from '../../shared/contracts/appointments';
import type { SessionUser } from '../../shared/contracts/auth';

export function assignmentsOf(a: Appointment): Assignment[] {
  const base = {
    appointmentId: a.id,
    date: a.scheduledDate,
    timeStart: a.scheduledTimeStart,
    timeEnd: a.scheduledTimeEnd,
  };
  return [
    ...(a.laborInchargeId ? [{ ...base, kind: 'labor' as const, resourceId: a.laborInchargeId }] : []),
    ...a.equipmentIds.map((resourceId) => ({ ...base, kind: 'equipment' as const, resourceId })),
  ];
}

export async function assignEquipment(
  user: SessionUser,
  id: string,
  equipmentId: string,
  now = new Date(),
): Promise<Appointment> {
  const before = await findAppointmentToChange(user, id, 'You can add equipment only to your own appointments');
  if (before.status !== 'scheduled' && before.status !== 'arrived')
    throw new ConflictError(`Equipment cannot be added to a ${before.status} appointment`);
  if (before.equipmentIds.includes(equipmentId)) return before;
  if (!(await listResources(user.tenantId, before.facilityId, 'equipment')).some((e) => e.id === equipmentId))
    throw new BadRequestError('Equipment not found at this facility', {
      equipmentId: 'Equipment not found at this facility',
    });
  const reservation = await reserveResource(user.tenantId, before.facilityId, {
    kind: 'equipment',
    resourceId: equipmentId,
    appointmentId: id,
    date: before.scheduledDate,
    timeStart: before.scheduledTimeStart,
    timeEnd: before.scheduledTimeEnd,
  });
  if (!reservation) throw new ConflictError('This equipment is already assigned at this time');
  const after: Appointment = {
    ...before,
    equipmentIds: [...before.equipmentIds, equipmentId],
    updatedAt: now.toISOString(),
  };
  await transact(
    [
      appointmentChangePut(after, before),
      ...reservation,
      auditPut(
        {
          tenantId: user.tenantId,
          actor: actorOf(user),
          action: 'appointment.equipment-added',
          entityType: 'appointment',
          entityId: id,
          before: { equipmentIds: before.equipmentIds },
          after: { equipmentIds: after.equipmentIds },
        },
        now,
      ),
    ],
    () => new ConflictError('The appointment or the equipment changed meanwhile. Please try again.'),
  );
  return after;
}
