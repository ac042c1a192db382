// A facility's reference policy (issue #32): one item in the facility's references partition, written
// at its revision (functions/lib/revision.ts) with its audit record. No item: the check is off.
import { auditPut, type Actor } from '../lib/audit';
import { getItem, transact } from '../lib/dynamo';
import { RevisionConflictError } from '../lib/errors';
import { wholeRecordPut } from '../lib/revision';
import { tenantPk } from '../lib/table';
import type { DownPolicy, ReferencePolicy } from '../../shared/contracts/references';

export interface StoredPolicy extends Omit<
  ReferencePolicy,
  'revision' | 'updatedAt' | 'callbackUrl' | 'hasCallbackSecret' | 'downPolicy'
> {
  tenantId: string;
  /** callback mode (kept when the mode changes, so switching back needs no new secret). */
  callbackUrl?: string | null;
  /** The callback's signing secret, sealed (functions/lib/secrets.ts). */
  sealedCallbackSecret?: string | null;
  downPolicy?: DownPolicy;
  revision?: number;
  updatedAt: string;
}

/** The partition of a facility's reference records: its policy and its POs (order.store.ts). */
export const referencesPartition = (tenantId: string, facilityId: string) => tenantPk(tenantId, 'REFS', facilityId);

const policyKey = (tenantId: string, facilityId: string) => ({
  PK: referencesPartition(tenantId, facilityId),
  SK: 'POLICY',
});

export const getStoredPolicy = (tenantId: string, facilityId: string) =>
  getItem<StoredPolicy>(policyKey(tenantId, facilityId), true);

/** The audit shows whether a secret was set, never the sealed secret. */
const audited = ({ sealedCallbackSecret, ...policy }: StoredPolicy) => ({
  ...policy,
  hasCallbackSecret: Boolean(sealedCallbackSecret),
});

/** Saves the policy read as `before` (none yet: the first save, which must still find none). */
export async function putPolicy(
  before: StoredPolicy | null,
  fields: Omit<StoredPolicy, 'revision' | 'updatedAt'>,
  actor: Actor,
  now = new Date(),
): Promise<StoredPolicy> {
  const { after, put } = wholeRecordPut<StoredPolicy>(
    policyKey(fields.tenantId, fields.facilityId),
    'reference-policy',
    before,
    { ...fields, updatedAt: now.toISOString() },
  );
  await transact(
    [
      put,
      auditPut(
        {
          tenantId: fields.tenantId,
          actor,
          action: 'reference-policy.saved',
          entityType: 'reference-policy',
          entityId: fields.facilityId,
          before: before ? audited(before) : null,
          after: audited(after),
        },
        now,
      ),
    ],
    () => new RevisionConflictError(),
  );
  return after;
}
