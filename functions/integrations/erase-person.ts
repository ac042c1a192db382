// A driver's erasure (issue #52), the webhooks' side: each delivery of an event that named the person
// keeps its status and attempts, with the person's traces in its payload replaced by the pseudonym.
// Found by key from the ids of the events about the person's appointments (the events' index by
// subject), never by a read of all deliveries; written only over the state it was read in (an attempt
// holding it is waited for). A delivery keeps its TTL (14 days, delivery.store.ts), rewritten or not.
import { scrubPerson, holdsTraceOf, type PersonTraces } from '../lib/personal-data-mask';
import { deliveriesOfEvent, saveErasedDelivery, type DeliveryRecord } from './delivery.store';

const TRIES = 5;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function eraseFromWebhookDeliveries(
  tenantId: string,
  eventIds: readonly string[],
  person: PersonTraces,
  pseudonym: string,
): Promise<number> {
  let erased = 0;
  for (const eventId of eventIds) {
    for (let tryNo = 1; tryNo <= TRIES; tryNo++) {
      const holding = (await deliveriesOfEvent(tenantId, eventId)).filter((d) => holdsTraceOf(d.payload, person));
      if (!holding.length) break;
      const saved = await Promise.all(
        holding.map((d: DeliveryRecord) =>
          saveErasedDelivery(d, { ...d, payload: scrubPerson(d.payload, person, pseudonym) }),
        ),
      );
      erased += saved.filter(Boolean).length;
      if (saved.every(Boolean)) break;
      if (tryNo === TRIES) throw new Error('A webhook delivery stayed held by an attempt; the erasure resumes later');
      await pause(200 * tryNo);
    }
  }
  return erased;
}
