// The public pass page (issue #31): a pass link from the booking message or the guest's confirmation
// opens the appointment's current gate pass, with no sign-in, while the appointment is scheduled.
import { ConflictError, NotFoundError } from '../lib/errors';
import { qrSvg } from '../lib/qr-svg';
import { getAppointment } from '../appointments';
import { getFacility } from '../facilities';
import { issueGatePass, openPassLink } from '../passes';
import { PASS_LINK_MESSAGES, type LinkedPassView } from '../../shared/contracts/gate-pass';

export async function linkedPass(token: string, now = new Date()): Promise<LinkedPassView> {
  const link = await openPassLink(token, now);
  const [appointment, facility] = await Promise.all([
    getAppointment(link.tenantId, link.appointmentId),
    getFacility(link.tenantId, link.facilityId),
  ]);
  if (!appointment || !facility) throw new NotFoundError(PASS_LINK_MESSAGES.invalid);
  if (appointment.status !== 'scheduled') throw new ConflictError(PASS_LINK_MESSAGES.notScheduled);
  const pass = await issueGatePass(appointment, facility, now);
  return { ...pass, qrSvg: qrSvg(pass.token), language: link.language };
}
