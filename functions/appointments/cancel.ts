// Cancelling an appointment (issue #12.4): staff, or the driver it is booked for, cancel a scheduled
// appointment with a reason. The status change frees its door quarter hours, its guest slot place and
// its labour and equipment, and closes a pending reschedule request, all in one audited transaction.
import { ConflictError } from '../lib/errors';
import { contextOf, findAppointmentToChange } from './context';
import { changeStatus } from './status-flow';
import { statusLabel, type Appointment } from '../../shared/contracts/appointments';
import type { SessionUser } from '../../shared/contracts/auth';
import type * as z from 'zod';
import type { cancelAppointmentSchema } from '../../shared/contracts/appointments';

export async function cancelAppointment(
  user: SessionUser,
  id: string,
  input: z.output<typeof cancelAppointmentSchema>,
  now = new Date(),
): Promise<Appointment> {
  // Staff with appointments:write cancel any appointment of their tenant; a driver or carrier-side booker only their own.
  const appointment = await findAppointmentToChange(user, id, 'You can cancel only your own appointments');
  if (appointment.status !== 'scheduled')
    throw new ConflictError(
      `This appointment is ${statusLabel(appointment.status)}; only a scheduled appointment can be cancelled`,
    );
  return changeStatus(contextOf(user), id, 'cancelled', now, { cancellationReason: input.reason });
}
