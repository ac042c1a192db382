// The local sink the channel adapters deliver to with MESSAGING_MODE=local: the outbox in the table,
// a debug log line, and the local listener if one is set (`npm start` prints each message; tests set
// none, so they stay silent).
import { logger } from '../lib/logger';
import type { OutgoingMessage } from './channel';
import { putOutboxMessage, type LocalMessage } from './outbox.store';

let localListener: ((message: LocalMessage) => void) | undefined;

/** Locally, who hears of each message as it is sent besides the outbox (undefined: no one). */
export function onLocalMessage(listener: ((message: LocalMessage) => void) | undefined): void {
  localListener = listener;
}

export async function deliverLocally(message: OutgoingMessage, now: Date): Promise<void> {
  const { channel, to, subject, text } = message;
  const recorded: LocalMessage = { channel, to, ...(subject === undefined ? {} : { subject }), body: text, sentAt: now.toISOString() };
  await putOutboxMessage(recorded, now);
  logger.debug('message (local outbox)', { channel, to, subject, body: text });
  localListener?.(recorded);
}
