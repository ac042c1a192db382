// The guest's booking message carries the short link to the appointment's gate pass (issue #31), made
// when the message goes. Without the app's origin, a DLT registration of the text with the link (a hub
// registered before it existed), or when the link cannot be made, the booking message goes without
// it: the confirmation is worth more than the link.
import { logger } from '../lib/logger';
import { appOrigin } from '../lib/signed-link';
import { getAppointment } from '../appointments';
import { getFacility } from '../facilities';
import { newPassLink } from '../passes';
import { providerSetup } from './settings';
import { dltTemplateId, type Language, type Placeholder, type TemplateKey } from '../../shared/contracts/messaging';

type Message = { key: TemplateKey; values: Partial<Record<Placeholder, string>> };

export async function withPassLink(
  tenantId: string,
  appointmentId: string | undefined,
  message: Message,
  language: Language,
  now: Date,
): Promise<Message> {
  const origin = appOrigin();
  if (message.key !== 'slot_booking_confirmed' || !origin || !appointmentId) return message;
  try {
    const { dlt } = await providerSetup(tenantId);
    if (dlt && !dltTemplateId(dlt, 'slot_booking_pass', language)) return message;
    const appointment = await getAppointment(tenantId, appointmentId);
    const facility = appointment && (await getFacility(tenantId, appointment.facilityId));
    if (!appointment || !facility || appointment.status !== 'scheduled') return message;
    const token = await newPassLink(appointment, facility, language, null, now);
    return { key: 'slot_booking_pass', values: { ...message.values, passLink: `${origin}/pass/${token}` } };
  } catch (error) {
    logger.warn('booking message sent without its gate pass link', { appointmentId, error });
    return message;
  }
}
