// Every message that confirms an appointment's time (a guest's booking, a staff or carrier booking, an
// approved reschedule) carries the short link to its gate pass (issue #31), made when the message goes,
// so it opens the pass of the time it announces. Without the app's origin, a DLT registration of the
// text with the link (a hub registered before it existed), or when the link cannot be made, the
// message goes as its plain text: the confirmation is worth more than the link.
import { logger } from '../lib/logger';
import { appOrigin } from '../lib/signed-link';
import { getAppointment } from '../appointments';
import { getFacility } from '../facilities';
import { newPassLink } from '../passes';
import { providerSetup } from './settings';
import { dltTemplateId, type Language, type Placeholder, type TemplateKey } from '../../shared/contracts/messaging';

type Message = { key: TemplateKey; values: Partial<Record<Placeholder, string>> };

/** Each confirming message and its registered variant with the pass link. */
const WITH_PASS_LINK: Partial<Record<TemplateKey, TemplateKey>> = {
  slot_booking_confirmed: 'slot_booking_pass',
  appointment_confirmed: 'appointment_pass',
  reschedule_approved: 'reschedule_pass',
};

export async function withPassLink(
  tenantId: string,
  appointmentId: string | undefined,
  message: Message,
  language: Language,
  now: Date,
): Promise<Message> {
  const origin = appOrigin();
  const withLink = WITH_PASS_LINK[message.key];
  if (!withLink || !origin || !appointmentId) return message;
  try {
    const { dlt } = await providerSetup(tenantId);
    if (dlt && !dltTemplateId(dlt, withLink, language)) return message;
    const appointment = await getAppointment(tenantId, appointmentId);
    const facility = appointment && (await getFacility(tenantId, appointment.facilityId));
    if (!appointment || !facility || appointment.status !== 'scheduled') return message;
    const token = await newPassLink(appointment, facility, language, null, now);
    return { key: withLink, values: { ...message.values, passLink: `${origin}/pass/${token}` } };
  } catch (error) {
    logger.warn('appointment message sent without its gate pass link', { appointmentId, error });
    return message;
  }
}
