// A facility's reference policy (issue #32): one item in the facility's references partition, written
// at its revision (functions/lib/revision.ts) with its audit record. No item: the check is off.
import type { Actor } from '../lib/audit';
import { getItem } from '../lib/dynamo';
import { saveWholeRecord } from '../lib/revision';
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
  return saveWholeRecord<StoredPolicy>(
    {
      key: policyKey(fields.tenantId, fields.facilityId),
      entity: 'reference-policy',
      before,
      changed: { ...fields, updatedAt: now.toISOString() },
      audit: { tenantId: fields.tenantId, actor, action: 'reference-policy.saved', entityId: fields.facilityId },
      image: audited,
    },
    now,
  );
}
