// A person's messages (issue #52), found by the recipient's address through the recipient index of
// the message store, never by words of the text: what My data lists, and what a driver's erasure
// rewrites. An erased message keeps its channel, status and times, with recipient and body traces
// replaced by the pseudonym; it leaves the recipient index, so a page asked again starts with the
// messages still to erase. Their audit trails and the local outbox likewise.
import { scrubAuditTrail, scrubPartition } from '../lib/erase';
import { scrubPerson, type PersonTraces } from '../lib/personal-data-mask';
import { getMessage, messagesTo, saveErasedMessage, type StoredMessage } from './message.store';
import { outboxPartition } from './outbox.store';
import { toIndianE164, type MessageEntry } from '../../shared/contracts/messaging';

/** The address a person's messages went to: their mobile number in E.164 (null: they have none). */
const addressOf = (phone: string | null | undefined) => (phone ? (toIndianE164(phone) ?? phone.trim()) : null);

const entryOf = (message: StoredMessage): MessageEntry => {
  const stored = message as StoredMessage & { expiresAt?: number; entity?: string };
  const { tenantId: _t, erasedAt: _e, expiresAt: _x, entity: _n, ...entry } = stored;
  return entry;
};

/** The messages sent to the person's mobile number (a driver's own data view), newest first. */
export async function messagesOfPerson(tenantId: string, phone: string | null | undefined): Promise<MessageEntry[]> {
  const to = addressOf(phone);
  if (!to) return [];
  const entries: MessageEntry[] = [];
  let after: Record<string, unknown> | undefined;
  do {
    const page = await messagesTo(tenantId, to, { after });
    entries.push(...page.items.map(entryOf));
    after = page.next;
  } while (after);
  return entries;
}

/** Rewrites one message with the person's traces replaced, written only over the state it was read in. */
async function eraseMessage(found: StoredMessage, person: PersonTraces, pseudonym: string, now: Date) {
  let current: StoredMessage | null = found;
  for (let attempt = 0; current && !current.erasedAt && attempt < 5; attempt++) {
    const erased = { ...scrubPerson(current, person, pseudonym), to: pseudonym, erasedAt: now.toISOString() };
    if (await saveErasedMessage(erased, current.updatedAt)) break;
    current = await getMessage(current.tenantId, current.id);
  }
  await scrubAuditTrail(found.tenantId, { entityType: 'message', entityId: found.id }, person, pseudonym);
}

/**
 * One page of the erasure of the messages to the person (the erasure worker's step): answers how many
 * it erased and whether messages may remain. Erased messages leave the index, so no cursor is needed.
 */
export async function eraseMessagesPage(
  tenantId: string,
  person: PersonTraces,
  pseudonym: string,
  now: Date,
  pageSize = 50,
): Promise<{ erased: number; more: boolean }> {
  const to = addressOf(person.phone);
  if (!to) return { erased: 0, more: false };
  const page = await messagesTo(tenantId, to, { limit: pageSize });
  for (const message of page.items) await eraseMessage(message, person, pseudonym, now);
  return { erased: page.items.length, more: Boolean(page.next) };
}

/** The local outbox (the local stack's sink, one partition kept a week): its copies of the person's messages. */
export const eraseFromLocalOutbox = (person: PersonTraces, pseudonym: string) =>
  scrubPartition({ pk: outboxPartition() }, person, pseudonym).then((ids) => ids.length);
