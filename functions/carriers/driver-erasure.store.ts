// A driver's erasure (issue #36), the carriers side: the driver record keeps its id and carrier (the
// carrier's counts stay whole) with every trace of the person replaced by the pseudonym; its trail too.
import { auditPut, type Actor } from '../lib/audit';
import { getItem, transact } from '../lib/dynamo';
import { scrubAuditTrail } from '../lib/erase';
import { config } from '../lib/config';
import { revised, revisionCondition, revisionOf } from '../lib/revision';
import { RevisionConflictError } from '../lib/errors';
import { scrubPerson, type PersonTraces } from '../lib/personal-data-mask';
import { carrierKeys, type Driver } from './carrier.store';

export async function eraseDriverRecord(
  tenantId: string,
  carrierId: string,
  driverId: string,
  person: PersonTraces,
  pseudonym: string,
  actor: Actor,
  now: Date,
): Promise<void> {
  const key = carrierKeys.driver(tenantId, carrierId, driverId);
  const before = await getItem<Driver>(key, true);
  if (!before) return;
  const after: Driver = {
    ...scrubPerson(before, person, pseudonym),
    name: pseudonym,
    phone: null,
    licenseNumber: pseudonym,
  };
  await transact(
    [
      {
        Put: {
          TableName: config.tableName,
          Item: { ...key, entity: 'driver', ...revised(before, after) },
          ...revisionCondition(revisionOf(before)),
        },
      },
      auditPut({ tenantId, actor, action: 'driver.erased', entityType: 'driver', entityId: driverId }, now),
    ],
    () => new RevisionConflictError(),
  );
  await scrubAuditTrail(tenantId, { entityType: 'driver', entityId: driverId }, person, pseudonym);
}
