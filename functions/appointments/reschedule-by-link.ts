// A driver's one-tap reslot (issue #33) through the reschedule rules of reschedules.ts.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../lib/audit';
import { ConflictError } from '../lib/errors';
import { loadAppointment } from './context';
import { newRequestPut } from './reschedule.store';
import { assertReschedulable, fileRequest, moveForRequest, type ExtraItems, type RescheduleWish } from './reschedules';
import type { Appointment, RescheduleRequest } from '../../shared/contracts/appointments';

/**
 * A driver's one-tap reslot (issue #33, functions/trips): the same rules as a request and its
 * approval, by the link's actor; `approve` moves the appointment at once (the request filed already
 * approved, in the move's transaction), otherwise the request waits for staff. `extra` (the link's
 * single use) is written in the same transaction.
 */
export async function rescheduleByLink(
  tenantId: string,
  actor: Actor,
  appointmentId: string,
  wish: RescheduleWish,
  options: { approve: boolean; extra: ExtraItems },
  now = new Date(),
): Promise<{ outcome: 'moved' | 'requested'; appointment: Appointment }> {
  const appointment = await loadAppointment(tenantId, appointmentId);
  if (!options.approve) {
    await fileRequest(tenantId, actor, appointment, wish, options.extra, now);
    return { outcome: 'requested', appointment: await loadAppointment(tenantId, appointmentId) };
  }
  assertReschedulable(appointment);
  if (appointment.pendingRescheduleId)
    throw new ConflictError('This appointment already has a pending reschedule request');
  const request: RescheduleRequest = {
    id: randomUUID(),
    tenantId,
    appointmentId,
    bookingReference: appointment.bookingReference,
    driverId: appointment.driverId,
    originalDate: appointment.scheduledDate,
    originalTimeStart: appointment.scheduledTimeStart,
    originalTimeEnd: appointment.scheduledTimeEnd,
    ...wish,
    status: 'approved',
    createdAt: now.toISOString(),
    createdBy: actor.username,
    decidedAt: now.toISOString(),
    decidedBy: actor.username,
    decisionReason: null,
  };
  const moved = await moveForRequest(tenantId, actor, request, newRequestPut(request), options.extra, now);
  return { outcome: 'moved', appointment: moved };
}
