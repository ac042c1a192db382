// Staff's decision on a carrier's booking awaiting approval (issue #32, booking rules' approvalRequired):
// approving moves it to scheduled and the carrier hears the confirmation it did not get at booking;
// refusing cancels it with the reason, which frees its door and reference (status-flow.ts) and is sent
// to the carrier. Each is one audited status change at the revision the screen showed.
import { ConflictError, NotFoundError } from '../lib/errors';
import { changeAtRevision } from '../lib/revision';
import { getAppointment } from './appointment.store';
import { contextOf, findAppointmentToChange } from './context';
import { appointmentEventItem } from './events';
import { moveStatus } from './status-flow';
import { statusLabel, type Appointment } from '../../shared/contracts/appointments';
import type { SessionUser } from '../../shared/contracts/auth';
import type * as z from 'zod/mini';
import type { approveBookingSchema, refuseBookingSchema } from '../../shared/contracts/appointments';

const ONLY_STAFF = 'Only facility staff can approve or refuse a booking';

function assertPending(a: Appointment) {
  if (a.status !== 'pending_approval')
    throw new ConflictError(
      `Only a booking awaiting approval can be approved or refused; this appointment is ${statusLabel(a.status)}`,
    );
}

function decide(
  user: SessionUser,
  id: string,
  seen: number | undefined,
  now: Date,
  move: (before: Appointment, approval: NonNullable<Appointment['approval']>) => Promise<Appointment>,
  reason: string | null,
): Promise<Appointment> {
  return changeAtRevision({
    read: () => getAppointment(user.tenantId, id),
    seen,
    view: (current) => current,
    apply: async (before) => {
      if (!before) throw new NotFoundError('Appointment not found');
      assertPending(before);
      const decision = reason === null ? 'approved' : 'refused';
      return move(before, { decision, decidedBy: user.username, decidedAt: now.toISOString(), reason });
    },
  });
}

/** Staff approve: scheduled, and the carrier's confirmation (appointment.approved). */
export async function approveBooking(
  user: SessionUser,
  id: string,
  input: z.output<typeof approveBookingSchema>,
  now = new Date(),
): Promise<Appointment> {
  await findAppointmentToChange(user, id, ONLY_STAFF);
  return decide(
    user,
    id,
    input.revision,
    now,
    (before, approval) =>
      moveStatus(contextOf(user), before, 'scheduled', now, {
        changes: { approval },
        extra: [appointmentEventItem('appointment.approved', { ...before, status: 'scheduled' }, {}, now)],
      }),
    null,
  );
}

/** Staff refuse with a reason: cancelled (door and reference freed), the reason sent to the carrier. */
export async function refuseBooking(
  user: SessionUser,
  id: string,
  input: z.output<typeof refuseBookingSchema>,
  now = new Date(),
): Promise<Appointment> {
  await findAppointmentToChange(user, id, ONLY_STAFF);
  return decide(
    user,
    id,
    input.revision,
    now,
    (before, approval) =>
      moveStatus(contextOf(user), before, 'cancelled', now, {
        changes: { approval, cancellationReason: input.reason },
        extra: [
          appointmentEventItem(
            'appointment.refused',
            { ...before, status: 'cancelled' },
            { reason: input.reason },
            now,
          ),
        ],
      }),
    input.reason,
  );
}
