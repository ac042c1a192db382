// A person's erasure (issue #52), the consent side. The person's consent records are found by key (the
// person's key for their number) and leave it: the history of what was given and withdrawn, and when,
// stays as the facility's proof of consent under a key that names the erased person's pseudonymous
// record instead (`erased:<driver id>`), with its audit trail; the current choices, the choices link
// and its reference are deleted (no number is left to message, and a link sent earlier opens nothing).
// Each item is moved or deleted only as it was read; one changed meanwhile is read again.
import { rewriteAuditTrail } from '../lib/audit';
import { consentPartition, deleteConsentItem, isConsentRecord, moveConsentRecord } from './consent.store';
import { personOf } from './rules';

const TRIES = 5;

/** The key the erased person's consent history is kept under. */
const erasedConsentKey = (driverId: string) => `erased:${driverId}`;

/** Erases the consent records of the number; how many items it moved or deleted. */
export async function eraseConsentOf(tenantId: string, phone: string | null | undefined, driverId: string) {
  const person = phone ? personOf(tenantId, phone) : null;
  if (!person) return 0;
  const to = erasedConsentKey(driverId);
  let done = 0;
  for (let attempt = 1; ; attempt++) {
    const items = await consentPartition(tenantId, person);
    if (!items.length) break;
    const written = await Promise.all(
      items.map((item) => (isConsentRecord(item) ? moveConsentRecord(tenantId, item, to) : deleteConsentItem(item))),
    );
    done += written.filter(Boolean).length;
    if (written.every(Boolean)) break;
    if (attempt >= TRIES) throw new Error('Consent records kept changing while they were erased');
  }
  await rewriteAuditTrail(tenantId, { entityType: 'consent', entityId: person }, (record) => ({
    ...record,
    entityId: to,
  }));
  return done;
}
