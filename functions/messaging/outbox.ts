// The local sink the channel adapters deliver to with MESSAGING_MODE=local: the outbox in the table,
// a debug log line, and the local listener if one is set (`npm start` prints each message; tests set
// none, so they stay silent).
import { logger } from '../lib/logger';
import type { OutgoingEmail } from './channel';
import { putOutboxMessage, type LocalMessage } from './outbox.store';

let localListener: ((message: LocalMessage) => void) | undefined;

/** Locally, who hears of each message as it is sent besides the outbox (undefined: no one). */
export function onLocalMessage(listener: ((message: LocalMessage) => void) | undefined): void {
  localListener = listener;
}

/** Records a message in the sink (once per message id) and tells the listener. */
export async function recordInSink(message: Omit<LocalMessage, 'sentAt'>, now: Date): Promise<void> {
  const recorded: LocalMessage = { ...message, sentAt: now.toISOString() };
  if (!(await putOutboxMessage(recorded, now))) return;
  logger.debug('message (local outbox)', {
    channel: message.channel,
    to: message.to,
    provider: message.provider,
    body: message.body,
  });
  localListener?.(recorded);
}

export async function deliverLocally(message: OutgoingEmail, now: Date): Promise<void> {
  const { channel, to, subject, text, attachments, messageId } = message;
  await recordInSink(
    {
      channel,
      to,
      ...(subject === undefined ? {} : { subject }),
      body: text,
      ...(attachments ? { attachments } : {}),
      ...(messageId ? { messageId } : {}),
    },
    now,
  );
}
