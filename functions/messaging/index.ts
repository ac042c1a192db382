// What other domains may use of messaging (docs/architecture.md §1); nothing else of it is imported from outside.
// sendMessage is the port: an e-mail goes to its adapter (channels/email.ts), an SMS takes the one
// delivery path of every message (deliver.ts) with the platform's DLT registration, a WhatsApp the same
// path from the hub's number.
import type { OutgoingMessage } from './channel';
import { email } from './channels/email';
import { sendOne } from './deliver';
import { driverReach, sendByReach } from './reach';
import type { Channel, Language, Placeholder, SendOutcome, TemplateKey } from '../../shared/contracts/messaging';

/** Answers how an SMS or WhatsApp went (the log's outcome); null for an e-mail, whose adapter tells nothing. */
export async function sendMessage(message: OutgoingMessage, now = new Date()): Promise<SendOutcome | null> {
  if (message.channel === 'email') {
    await email.send(message, now);
    return null;
  }
  // A notice that is not sent is recorded in the log as failed with its reason (and logged); the
  // action that caused it goes on.
  return sendOne(
    {
      tenantId: message.tenantId,
      channel: message.channel,
      to: message.to,
      language: message.language ?? 'en',
      templateKey: message.template,
      values: message.values ?? {},
      // The platform has no WhatsApp number of its own: a WhatsApp goes from the hub's.
      sender: message.channel === 'whatsapp' ? 'hub' : 'platform',
    },
    now,
  );
}

/**
 * A message to an appointment's driver outside the domain events (the trip watch's late-truck reslot,
 * issue #33): in the driver's language on their first channel that carries it (WhatsApp, then SMS),
 * through the hub's DLT templates. `once` names it: sent again under the same name, it is not sent twice.
 */
export async function messageDriver(
  tenantId: string,
  who: { carrierId: string | null; driverId: string | null; phone: string | null; language?: Language },
  template: TemplateKey,
  values: (language: Language) => Partial<Record<Placeholder, string>>,
  once: { id: string; type: string },
  now = new Date(),
): Promise<{ sentOn: Channel | null; language: Language | null }> {
  const reach = await driverReach(tenantId, who);
  if (!reach?.channels.some((c) => c.to)) return { sentOn: null, language: null };
  const { sentOn } = await sendByReach(
    reach,
    (channel, to) => ({
      tenantId,
      channel,
      to,
      language: reach.language,
      templateKey: template,
      values: values(reach.language),
      event: once,
    }),
    now,
  );
  return { sentOn, language: reach.language };
}

export { onLocalMessage } from './outbox';
export { localOutbox } from './outbox.store';
export type { LocalMessage } from './outbox.store';
export { seedDemoDltRegistration } from './settings';
export { eraseFromLocalOutbox, eraseMessagesPage, messagesOfPerson } from './erase-person';
// Retention (issue #36): the privacy worker deletes the messages older than the tenant's policy.
export { deleteMessagesBefore } from './message.store';
// The set-up checklist and a guest's confirmation (issue #53): what the hub's messaging lacks, how a message went.
export { guestConfirmationDelivery, messagingReadiness } from './readiness';
// WhatsApp and SMS as a conversation (issue #56): the chat's webhook finds the hub by its number (or
// verify token), checks the signature with the hub's app secret, moves the log by the statuses, opens
// the window and applies STOP/START; its inbox worker reads the inbound SMS recorded here and sends the
// replies through the one delivery path.
export { tenantOfWhatsappNumber, tenantOfVerifyToken } from './settings.store';
export { verifyTokenDigest, seedDemoWhatsapp } from './settings';
export { applyOptOutKeyword, applyWhatsappStatuses, signWhatsappCallback, whatsappSignatureValid } from './callbacks';
export { recordInbound as openWhatsappWindow, SMS_INBOUND_ENTITY, type InboundSms } from './message.store';
export { sendConversationReply, type RichContent } from './replies';
