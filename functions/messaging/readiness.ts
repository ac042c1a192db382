// What the hub's messaging still lacks (issue #53, the set-up checklist): its DLT registration (the
// entity and sender header every SMS carries, and the template ids of the booking confirmation, the
// first SMS a carrier expects) and its WhatsApp number; and how a guest's confirmation message went,
// read from the log by the message ids of its event (rules.ts eventMessageId), so the guest's page says
// which channel carried it, or why none did.
import { getMessagingSettings } from './settings.store';
import { getMessage } from './message.store';
import { eventMessageId } from './rules';
import { guestBookedEventId } from '../appointments';
import { messagingAllowed } from '../consent';
import { DLT_TEXTS, LANGUAGES, toIndianE164 } from '../../shared/contracts/messaging';
import type { ConfirmationDelivery, NotSentReason } from '../../shared/contracts/tenancy-setup';

/** The template of the first SMS a booking through a link sends: registered in both languages, the hub is ready. */
const CONFIRMATION_TEMPLATE = 'slot_booking_confirmed';

export interface MessagingReadiness {
  dltEntity: boolean;
  dltHeader: boolean;
  dltTemplates: boolean;
  whatsapp: boolean;
}

export async function messagingReadiness(tenantId: string): Promise<MessagingReadiness> {
  const settings = await getMessagingSettings(tenantId);
  const dlt = settings?.dlt ?? null;
  const ids = dlt?.templateIds?.[CONFIRMATION_TEMPLATE];
  return {
    dltEntity: Boolean(dlt?.entityId),
    dltHeader: Boolean(dlt?.header),
    dltTemplates: LANGUAGES.every((language) => Boolean(ids?.[language])),
    whatsapp: Boolean(settings?.whatsapp?.phoneNumberId),
  };
}

const DLT_REASONS = [DLT_TEXTS.noRegistration, DLT_TEXTS.noPlatformRegistration, DLT_TEXTS.demoOnly];
const isDltReason = (reason: string | null) =>
  Boolean(reason) &&
  (DLT_REASONS.includes(reason!) || /has no DLT template ID for its (English|Hindi) text/.test(reason!));

/**
 * How the message of an event went to a guest, who is reached on WhatsApp (when they agreed) and then
 * SMS: the first channel whose message was carried; else, once each channel tried has an outcome, not
 * sent with the reason of the last; else still sending.
 */
export async function eventDelivery(tenantId: string, eventId: string): Promise<ConfirmationDelivery> {
  const [whatsapp, sms] = await Promise.all(
    (['whatsapp', 'sms'] as const).map((channel) => getMessage(tenantId, eventMessageId(eventId, channel))),
  );
  for (const m of [whatsapp, sms]) {
    if (m && (m.status === 'sent' || m.status === 'delivered'))
      return { state: 'sent', channel: m.channel as 'sms' | 'whatsapp', reason: null };
  }
  // WhatsApp that failed hands the message to SMS: wait for SMS's outcome.
  const last = sms ?? (whatsapp && whatsapp.status !== 'failed' && whatsapp.status !== 'suppressed' ? whatsapp : null);
  if (!last || last.status === 'queued')
    return { state: 'sending', channel: last ? (last.channel as 'sms' | 'whatsapp') : null, reason: null };
  const reason: NotSentReason = isDltReason(last.reason)
    ? 'no_dlt'
    : last.status === 'suppressed' && /opted out/i.test(last.reason ?? '')
      ? 'opted_out'
      : 'failed';
  return { state: 'not_sent', channel: last.channel as 'sms' | 'whatsapp', reason };
}

/**
 * How a guest booking's confirmation went (issue #53): not sent to a number that is no Indian mobile,
 * or that withdrew from (or never agreed to) every channel, since no message is written for it; else
 * as its event's messages say.
 */
export async function guestConfirmationDelivery(appointment: {
  tenantId: string;
  id: string;
  driverPhone: string | null;
}): Promise<ConfirmationDelivery> {
  const to = appointment.driverPhone ? toIndianE164(appointment.driverPhone) : null;
  if (!to) return { state: 'not_sent', channel: null, reason: 'no_number' };
  const delivery = await eventDelivery(appointment.tenantId, guestBookedEventId(appointment.id));
  if (delivery.state !== 'sending' || delivery.channel) return delivery;
  const allowed = await messagingAllowed(appointment.tenantId, to);
  return allowed.sms || allowed.whatsapp ? delivery : { state: 'not_sent', channel: null, reason: 'opted_out' };
}
