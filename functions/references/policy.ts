// A facility's reference policy (issue #32): read (off until saved) and saved at the revision the form loaded.
import type * as z from 'zod';
import type { Actor } from '../lib/audit';
import { NotFoundError } from '../lib/errors';
import { changeAtRevision, revisionOf } from '../lib/revision';
import { getFacility } from '../facilities';
import { getStoredPolicy, putPolicy, type StoredPolicy } from './policy.store';
import type { ReferencePolicy, referencePolicySchema } from '../../shared/contracts/references';

export async function facilityIn(tenantId: string, facilityId: string) {
  const facility = await getFacility(tenantId, facilityId);
  if (!facility) throw new NotFoundError('Facility not found');
  return facility;
}

const policyView = (facilityId: string, stored: StoredPolicy | null): ReferencePolicy => ({
  facilityId,
  mode: stored?.mode ?? 'off',
  allowSplits: stored?.allowSplits ?? false,
  overQuantity: stored?.overQuantity ?? 'refuse',
  revision: stored ? revisionOf(stored) : 0,
  updatedAt: stored?.updatedAt ?? null,
});

export async function referencePolicy(tenantId: string, facilityId: string): Promise<ReferencePolicy> {
  return policyView(facilityId, await getStoredPolicy(tenantId, facilityId));
}

export async function saveReferencePolicy(
  tenantId: string,
  facilityId: string,
  input: z.output<typeof referencePolicySchema>,
  actor: Actor,
  now = new Date(),
): Promise<ReferencePolicy> {
  return changeAtRevision({
    read: () => getStoredPolicy(tenantId, facilityId),
    seen: input.revision,
    view: (current) => policyView(facilityId, current),
    apply: async (before) =>
      policyView(
        facilityId,
        await putPolicy(
          before,
          {
            tenantId,
            facilityId,
            mode: input.mode,
            allowSplits: input.allowSplits,
            overQuantity: input.overQuantity,
          },
          actor,
          now,
        ),
      ),
  });
}
