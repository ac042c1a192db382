// A driver's rights (issue #36), the gate's side. The gate keeps of a person only the licence
// registry's answer about their licence, cached under the licence number itself; the driver sees it
// with the rest of their data and an erasure deletes it. The decision items the gate panel counts hold
// the appointment, check-in and vehicle (never a name, mobile number or licence), so they stay, and
// the counts with them; the cached vehicle answers (VAHAN, FASTag) are the vehicle's, without its
// owner's name (registry/vahan.ts keeps none), and stay for their hours like any other truck's.
import { normalizeRegistryNumber } from '../../shared/vehicle-numbers';
import { forgetAnswer, storedAnswer } from './gate-check.store';

/** The registry's answers held about the person's licence (one at most, while cached). */
export async function gateAnswersAbout(tenantId: string, licence: string | null | undefined) {
  if (!licence) return [];
  const answer = await storedAnswer(tenantId, 'SARATHI', normalizeRegistryNumber(licence));
  return answer ? [answer] : [];
}

/** Deletes the registry's answers about the person's licence; asked again, there is nothing left to delete. */
export async function eraseDriverFromGate(tenantId: string, licence: string | null | undefined): Promise<void> {
  if (licence) await forgetAnswer(tenantId, 'SARATHI', normalizeRegistryNumber(licence));
}
