// A facility's reference policy (issue #32): read (off until saved) and saved at the revision the form loaded.
import type * as z from 'zod/mini';
import type { Actor } from '../lib/audit';
import { config } from '../lib/config';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { requirePublicUrl } from '../lib/outbound';
import { sealSecret } from '../lib/secrets';
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
  callbackUrl: stored?.callbackUrl ?? null,
  hasCallbackSecret: Boolean(stored?.sealedCallbackSecret),
  downPolicy: stored?.downPolicy ?? 'refuse',
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
  if (input.mode === 'callback') await checkCallbackUrl(input.callbackUrl!);
  const newSecret = input.callbackSecret ? await sealSecret(tenantId, input.callbackSecret) : null;
  return changeAtRevision({
    read: () => getStoredPolicy(tenantId, facilityId),
    seen: input.revision,
    view: (current) => policyView(facilityId, current),
    apply: async (before) => {
      const sealedCallbackSecret = newSecret ?? before?.sealedCallbackSecret ?? null;
      if (input.mode === 'callback' && !sealedCallbackSecret)
        throw new BadRequestError(SECRET_REQUIRED, { callbackSecret: SECRET_REQUIRED });
      return policyView(
        facilityId,
        await putPolicy(
          before,
          {
            tenantId,
            facilityId,
            mode: input.mode,
            allowSplits: input.allowSplits,
            overQuantity: input.overQuantity,
            callbackUrl: input.callbackUrl || (before?.callbackUrl ?? null),
            sealedCallbackSecret,
            downPolicy: input.downPolicy,
          },
          actor,
          now,
        ),
      );
    },
  });
}

const SECRET_REQUIRED = 'Enter the signing secret your system checks';
const HTTPS_ONLY = 'The address must start with https://';

/** Deployed, only https is called; the local stack also calls its fakes on loopback over http. */
async function checkCallbackUrl(url: string) {
  if (!config.localMode && new URL(url).protocol !== 'https:')
    throw new BadRequestError(HTTPS_ONLY, { callbackUrl: HTTPS_ONLY });
  await requirePublicUrl(url, 'callbackUrl');
}
