// The dashboard's Report Issue: a note about an appointment in the notifications feed, audited.
import { auditPut, type Actor } from '../lib/audit';
import { transact } from '../lib/dynamo';
import { NotFoundError } from '../lib/errors';
import { notificationPut } from '../notifications';
import { getAppointment } from './appointment.store';

export async function reportIssue(
  tenantId: string,
  appointmentId: string,
  description: string,
  actor: Actor,
  now = new Date(),
) {
  const appointment = await getAppointment(tenantId, appointmentId);
  if (!appointment) throw new NotFoundError('Appointment not found');
  await transact(
    [
      notificationPut(
        tenantId,
        { type: 'issue', title: 'Issue reported', message: `${appointment.bookingReference}: ${description}` },
        now,
      ),
      auditPut(
        {
          tenantId,
          actor,
          action: 'appointment.issue-reported',
          entityType: 'appointment',
          entityId: appointment.id,
          after: { description },
        },
        now,
      ),
    ],
    () => new Error('unreachable'),
  );
}
