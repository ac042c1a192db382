// The port other domains send through (index.ts sendMessage). An e-mail goes out through SES
// (channels/email.ts); an SMS takes the same path as every hub message (deliver.ts): a registered
// template, the platform's DLT registration, the message log and the providers. Locally
// (MESSAGING_MODE=local) both reach the local outbox instead (outbox.ts), so nothing leaves the machine.
import type { Language, Placeholder, TemplateKey } from '../../shared/contracts/messaging';

export type ChannelName = 'email' | 'sms';

/** A file sent with an e-mail (a calendar invitation: text/calendar with its METHOD). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutgoingEmail {
  channel: 'email';
  to: string;
  subject?: string;
  text: string;
  attachments?: EmailAttachment[];
  /** Names the message so a retry of the work that sends it does not record it twice (locally: the outbox). */
  messageId?: string;
}

/**
 * An account notice by SMS (India's DLT rules allow only a registered template's text), or the same
 * template by WhatsApp (its approved template of the same name).
 */
export interface OutgoingSms {
  channel: 'sms' | 'whatsapp';
  /** The hub the recipient's account belongs to (the message is logged there). */
  tenantId: string;
  to: string;
  template: TemplateKey;
  values?: Partial<Record<Placeholder, string>>;
  language?: Language;
}

export type OutgoingMessage = OutgoingEmail | OutgoingSms;

export interface Channel {
  readonly name: ChannelName;
  send(message: OutgoingEmail, now: Date): Promise<void>;
}

export const isLocalMessaging = () => process.env.MESSAGING_MODE === 'local';
