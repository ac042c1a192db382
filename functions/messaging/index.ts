// What other domains may use of messaging (docs/architecture.md §1); nothing else of it is imported from outside.
// sendMessage is the port: an e-mail goes to its adapter (channels/email.ts), an SMS takes the one
// delivery path of every message (deliver.ts) with the platform's DLT registration.
import type { OutgoingMessage } from './channel';
import { email } from './channels/email';
import { sendOne } from './deliver';

export async function sendMessage(message: OutgoingMessage, now = new Date()): Promise<void> {
  if (message.channel === 'email') return email.send(message, now);
  // A notice that is not sent is recorded in the log as failed with its reason (and logged); the
  // action that caused it goes on.
  await sendOne(
    {
      tenantId: message.tenantId,
      channel: 'sms',
      to: message.to,
      language: message.language ?? 'en',
      templateKey: message.template,
      values: message.values ?? {},
      sender: 'platform',
    },
    now,
  );
}

export type { ChannelName, OutgoingMessage } from './channel';
export { onLocalMessage } from './outbox';
export { localOutbox } from './outbox.store';
export type { LocalMessage } from './outbox.store';
export { seedDemoDltRegistration } from './settings';
