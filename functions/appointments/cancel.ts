// Cancelling an appointment (issue #12.4): staff, the driver it is booked for, or its booker by the gate
// pass link (issue #32) cancel a scheduled appointment with a reason. The status change frees its door
// quarter hours, its guest slot place and its labour and equipment, and closes a pending reschedule
// request, all in one audited transaction.
// Inside the facility's change cut-off (booking-rules.ts) only staff cancel, overriding it on the record.
import { ConflictError, NotFoundError } from '../lib/errors';
import { changeAtRevision } from '../lib/revision';
import { resolveFacility } from '../facilities';
import { getAppointment } from './appointment.store';
import { assertChangeable } from './booking-rules';
import type { Actor } from '../lib/audit';
import { contextOf, findAppointmentToChange, loadAppointment, type ChangeContext } from './context';
import { moveStatus } from './status-flow';
import { statusLabel, type Appointment } from '../../shared/contracts/appointments';
import type { SessionUser } from '../../shared/contracts/auth';
import type * as z from 'zod/mini';
import type { cancelAppointmentSchema } from '../../shared/contracts/appointments';

export async function cancelAppointment(
  user: SessionUser,
  id: string,
  input: z.output<typeof cancelAppointmentSchema>,
  now = new Date(),
): Promise<Appointment> {
  // Staff with appointments:write cancel any appointment of their tenant; a driver or carrier-side booker only their own.
  const appointment = await findAppointmentToChange(user, id, 'You can cancel only your own appointments');
  return cancelUnderRules(contextOf(user), user, appointment, input, now);
}

/**
 * The booker's own cancellation by their gate pass link (issue #32): no session, so no staff override
 * of the change cut-off; the link's actor is on the audit record.
 */
export async function cancelByBooker(
  tenantId: string,
  actor: Actor,
  id: string,
  reason: string,
  now = new Date(),
): Promise<Appointment> {
  const appointment = await loadAppointment(tenantId, id);
  return cancelUnderRules({ tenantId, actor }, null, appointment, { reason, overrideCutoff: false }, now);
}

async function cancelUnderRules(
  ctx: ChangeContext,
  user: SessionUser | null,
  appointment: Appointment,
  input: z.output<typeof cancelAppointmentSchema>,
  now: Date,
): Promise<Appointment> {
  assertCancellable(appointment);
  const facility = await resolveFacility(ctx.tenantId, appointment.facilityId);
  const override = await assertChangeable(user, appointment, facility.timeZone, input.overrideCutoff, now);
  return changeAtRevision({
    read: () => getAppointment(ctx.tenantId, appointment.id),
    view: (current) => current,
    apply: async (before) => {
      if (!before) throw new NotFoundError('Appointment not found');
      assertCancellable(before);
      return moveStatus(ctx, before, 'cancelled', now, {
        changes: { cancellationReason: input.reason },
        extra: override,
      });
    },
  });
}

function assertCancellable(appointment: Appointment) {
  // A carrier may withdraw a booking still awaiting approval as well as a confirmed one.
  if (appointment.status !== 'scheduled' && appointment.status !== 'pending_approval')
    throw new ConflictError(
      `This appointment is ${statusLabel(appointment.status)}; only a scheduled appointment can be cancelled`,
    );
}
