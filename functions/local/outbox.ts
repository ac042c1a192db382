// The local stand-in for SES and SNS, as a person sees it: `npm start` prints every message the
// product sends (channel, to, text) to its console, and the local emulator serves the newest ones at
// GET /api/dev/outbox (`?to=` an address: the newest sent to it). That path is not in the route table, so
// it never exists in AWS.
import { localOutbox, onLocalMessage, type LocalMessage } from '../messaging';

export const DEV_OUTBOX_PATH = '/api/dev/outbox';

export function formatMessage(m: LocalMessage): string {
  const text = m.body
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
  return `✉ ${m.channel.toUpperCase()} to ${m.to}${m.subject ? ` · ${m.subject}` : ''}\n${text}`;
}

/** Prints each message as it is sent (the local stack's console). */
export function printOutgoingMessages(log: (line: string) => void): void {
  onLocalMessage((m) => log(formatMessage(m)));
}

/** The newest messages (to one address when `to` is given), newest first, without the table's keys. */
export async function outboxListing(to?: string) {
  return (await localOutbox(50, to || undefined)).map(({ channel, to, subject, body, sentAt }) => ({
    channel,
    to,
    subject: subject ?? null,
    body,
    sentAt,
  }));
}
