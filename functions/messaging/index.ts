// What other domains may use of messaging (docs/architecture.md §1); nothing else of it is imported from outside.
// sendMessage is the port: it hands the message to the adapter of its channel (channels/).
import type { Channel, ChannelName, OutgoingMessage } from './channel';
import { email } from './channels/email';
import { sms } from './channels/sms';

const CHANNELS: Record<ChannelName, Channel> = { email, sms };

export async function sendMessage(message: OutgoingMessage, now = new Date()): Promise<void> {
  await CHANNELS[message.channel].send(message, now);
}

export type { ChannelName, OutgoingMessage } from './channel';
export { onLocalMessage } from './outbox';
export { localOutbox } from './outbox.store';
export type { LocalMessage } from './outbox.store';
