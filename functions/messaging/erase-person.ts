// A driver's erasure (issue #36), the messaging side: messages to the person keep their channel,
// status and times, with recipient and body traces replaced by the pseudonym; their trails and the
// local outbox likewise.
import { scrubAuditTrail, scrubPartition } from '../lib/erase';
import { queryPrefix } from '../lib/dynamo';
import { holdsTraceOf, type PersonTraces } from '../lib/personal-data-mask';
import { messageLogPartition } from './message.store';
import { outboxPartition } from './outbox.store';

export async function eraseDriverFromMessages(tenantId: string, person: PersonTraces, pseudonym: string) {
  const messageIds = await scrubPartition({ pk: messageLogPartition(tenantId), index: 'GSI1' }, person, pseudonym);
  for (const id of messageIds)
    await scrubAuditTrail(tenantId, { entityType: 'message', entityId: id }, person, pseudonym);
  await scrubPartition({ pk: outboxPartition() }, person, pseudonym);
  return messageIds.length;
}

/** The messages of the tenant's log sent to or naming the person (a driver's own data view). */
export async function messagesOfPerson(tenantId: string, person: PersonTraces): Promise<Record<string, unknown>[]> {
  const items = await queryPrefix<Record<string, unknown>>(messageLogPartition(tenantId), '', { index: 'GSI1' });
  return items.filter((m) => holdsTraceOf(m, person));
}
