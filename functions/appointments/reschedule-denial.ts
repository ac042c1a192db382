// Denying a reschedule request: the request is decided, the appointment keeps its time and no longer
// records a pending request, in one transaction with its event and audit.
import { auditPut } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { ConflictError, RevisionConflictError } from '../lib/errors';
import { appointmentChangePut, getAppointment } from './appointment.store';
import { decidedRequestPut } from './reschedule.store';
import { actorOf } from './context';
import { appointmentEventItem } from './events';
import { decidedRequest } from './status-flow';
import { pendingRequest } from './reschedules';
import type { RescheduleRequest } from '../../shared/contracts/appointments';
import type { SessionUser } from '../../shared/contracts/auth';

export async function denyReschedule(
  user: SessionUser,
  requestId: string,
  now = new Date(),
): Promise<RescheduleRequest> {
  const request = await pendingRequest(user.tenantId, requestId);
  const after = decidedRequest(request, 'denied', user.username, now);
  const appointment = await getAppointment(user.tenantId, request.appointmentId);
  // The appointment no longer has a pending request (requests from before it recorded one are left as they are).
  const release =
    appointment?.pendingRescheduleId === request.id
      ? [appointmentChangePut({ ...appointment, pendingRescheduleId: null, updatedAt: now.toISOString() }, appointment)]
      : [];
  await transact(
    [
      decidedRequestPut(after),
      ...release,
      ...(appointment
        ? [
            appointmentEventItem(
              'appointment.reschedule-denied',
              appointment,
              {
                requestId,
                reason: after.decisionReason,
                requestedDate: request.newDate,
                requestedTimeStart: request.newTimeStart,
              },
              now,
            ),
          ]
        : []),
      auditPut(
        {
          tenantId: user.tenantId,
          actor: actorOf(user),
          action: 'reschedule.denied',
          entityType: 'appointment',
          entityId: request.appointmentId,
          before: { ...request },
          after: { ...after },
        },
        now,
      ),
    ],
    (index) => (index === 0 ? new ConflictError('This request was already decided') : new RevisionConflictError()),
  );
  return after;
}
