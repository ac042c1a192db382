// A driver's erasure (issue #36), the users side: the account that drives as the person keeps its id,
// role and username (its trail stays whole) with the name replaced by the pseudonym, the mobile number
// removed and its sign-in alias with it; the account's trail is rewritten likewise. Its registration
// documents (a licence image among them) are deleted from the bucket, those the record names and any
// other object under the account's own folder, before the record stops naming them.
import type { Actor } from '../lib/audit';
import { scrubAuditTrail } from '../lib/erase';
import { config } from '../lib/config';
import { ConflictError } from '../lib/errors';
import { scrubPerson, type PersonTraces } from '../lib/personal-data-mask';
import { deleteObjects, listObjects } from '../lib/uploads';
import { documentFolder } from './documents';
import { aliasOf, getUser, saveUser, userKeys } from './user.store';

export async function eraseAccount(
  tenantId: string,
  userId: string,
  person: PersonTraces,
  pseudonym: string,
  actor: Actor,
  now: Date,
): Promise<void> {
  const before = await getUser(tenantId, userId, true);
  if (!before) return;
  const phone = before.phoneNumber ? aliasOf(before.phoneNumber) : null;
  const filed = await listObjects(documentFolder(tenantId, userId));
  await deleteObjects([...new Set([...(before.documents ?? []).map((d) => d.key), ...filed.map((o) => o.key)])]);
  await saveUser(
    before,
    {
      ...scrubPerson(before, person, pseudonym),
      firstName: pseudonym,
      lastName: '',
      phoneNumber: null,
      documents: [],
    },
    actor,
    'user.erased',
    now,
    {
      items: phone
        ? [
            {
              Delete: {
                TableName: config.tableName,
                Key: userKeys.alias(phone.kind, phone.value),
                ConditionExpression: 'attribute_not_exists(PK) OR userId = :user',
                ExpressionAttributeValues: { ':user': userId },
              },
            },
          ]
        : [],
      refused: () => new ConflictError('The sign-in number belongs to another account'),
    },
  );
  await scrubAuditTrail(tenantId, { entityType: 'user', entityId: userId }, person, pseudonym);
}
