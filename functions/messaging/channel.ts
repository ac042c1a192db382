// The port every outgoing message goes through: one Channel per way of reaching a person
// (channels/email.ts: SES, channels/sms.ts: SNS). Locally (MESSAGING_MODE=local) each adapter
// delivers to the local outbox instead (outbox.ts), so nothing leaves the machine.
export type ChannelName = 'email' | 'sms';

export interface OutgoingMessage {
  channel: ChannelName;
  to: string;
  /** E-mail only: the subject line. */
  subject?: string;
  text: string;
}

export interface Channel {
  readonly name: ChannelName;
  send(message: OutgoingMessage, now: Date): Promise<void>;
}

export const isLocalMessaging = () => process.env.MESSAGING_MODE === 'local';
